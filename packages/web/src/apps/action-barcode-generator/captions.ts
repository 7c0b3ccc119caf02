import { actionBarcodeLimits, apps, findAppByPath, type ActionCommand } from '@wms/contract';
import type { TFunction } from 'i18next';

/** What a barcode does, in the user's language: the caption printed above it unless one is typed. */
export function defaultCaption(command: ActionCommand, t: TFunction): string {
  const caption = captionOf(command, t);
  return caption.slice(0, actionBarcodeLimits.maxCaptionLength);
}

function captionOf(command: ActionCommand, t: TFunction): string {
  switch (command.kind) {
    case 'redirect': {
      const app = findAppByPath(apps, command.path.split(/[?#]/)[0] ?? '');
      const title = app ? t(`apps:${app.titleKey}`) : command.path;
      return app && app.path !== command.path
        ? t('actionBarcodes:caption.redirectTo', { app: title, path: command.path.slice(app.path.length) })
        : t('actionBarcodes:caption.redirect', { app: title });
    }
    case 'logout':
      return t('actionBarcodes:caption.logout');
    case 'openWorkTimes':
      return t('actionBarcodes:caption.openWorkTimes');
    case 'deviceIdentification':
      return t('actionBarcodes:caption.deviceIdentification', { deviceName: command.deviceName });
    case 'overrideDeviceSettings':
      return t('actionBarcodes:caption.overrideDeviceSettings');
    case 'callUserApi':
      return t('actionBarcodes:caption.callUserApi', { url: command.url });
    case 'quantity':
      return t(command.sign === 'PLUS' ? 'actionBarcodes:caption.plus' : 'actionBarcodes:caption.minus', {
        amount: command.amount.replace(',', '.'),
      });
  }
}
