import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authEndpoints, broadcastEndpoints } from '@wms/contract';
import { formatDateTime } from '../components/object-dialogs/format.js';
import { callApi } from '../platform/api-client.js';
import type { LiveDialog } from '../platform/live-handlers.js';
import { notificationKeys } from '../platform/notification-store.js';
import { notify } from '../platform/notifications.js';
import { AlertModal } from './AlertModal.js';
import { PdfPreviewModal } from '../components/pdf-preview/PdfPreviewModal.js';

/**
 * The modal of the oldest open live dialog: ALERT, BROADCAST (mark as read), a session takeover
 * request (continue on the named device through a transfer token) or a PDF preview.
 */
export function LiveDialogHost({ dialog, onDone }: { dialog: LiveDialog | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!dialog) return null;

  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    action()
      .then(onDone, () => undefined)
      .finally(() => setBusy(false));
  };

  switch (dialog.kind) {
    case 'pdf':
      return <PdfPreviewModal url={dialog.url} onHide={onDone} />;
    case 'alert':
      return (
        <AlertModal show title={dialog.title ?? t('platform:alertTitle')} onHide={onDone} testId="live-alert">
          {t(notificationKeys(dialog.key), dialog.args)}
        </AlertModal>
      );
    case 'broadcast': {
      const { broadcast } = dialog;
      const when = new Date(broadcast.createdAt);
      return (
        <AlertModal
          show
          title={broadcast.from ? t('platform:broadcastFrom', { from: broadcast.from }) : t('platform:broadcastTitle')}
          onHide={onDone}
          confirmLabel={t('platform:markRead')}
          cancelLabel={t('common:close')}
          onConfirm={() => run(() => callApi(broadcastEndpoints.markRead, { params: { id: broadcast.id } }))}
          busy={busy}
          testId="broadcast"
        >
          <p className="mb-2">{broadcast.message}</p>
          {!Number.isNaN(when.getTime()) && <small className="text-body-secondary">{formatDateTime(when)}</small>}
        </AlertModal>
      );
    }
    case 'takeover':
      return (
        <AlertModal
          show
          title={t('platform:sessionTakeoverTitle')}
          onHide={onDone}
          confirmLabel={t('platform:sessionTakeoverConfirm')}
          onConfirm={() =>
            run(async () => {
              const path = window.location.pathname + window.location.search;
              const body = { path, listener: dialog.listener ?? undefined };
              await callApi(authEndpoints.createTransferToken, { params: { deviceName: dialog.deviceName }, body });
              notify('success', 'platform:sessionTakeoverSent', { deviceName: dialog.deviceName });
            })
          }
          busy={busy}
          testId="session-takeover"
        >
          {t('platform:sessionTakeoverQuestion', { deviceName: dialog.deviceName })}
        </AlertModal>
      );
  }
}
