import { findAppByPath } from '@wms/contract';
import { useMemo } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useVisibleApps } from '../../platform/useVisibleApps.js';
import type { FieldsProps } from './field-props.js';

/**
 * The redirect's path: an app chosen from the apps this user can open (which fills in its path),
 * and the path itself, which may go on into a sub-path (an item code after /item/item_info).
 */
export function RedirectFields({ draft, onChange, errorOf }: FieldsProps) {
  const { t } = useTranslation('actionBarcodes');
  const visible = useVisibleApps();
  const choices = useMemo(
    () =>
      visible.map((app) => ({ app, title: t(`apps:${app.titleKey}`) })).sort((a, b) => a.title.localeCompare(b.title)),
    [visible, t],
  );
  const matched = findAppByPath(visible, draft.path.split(/[?#]/)[0] ?? '');
  const error = errorOf('path');
  return (
    <>
      <Form.Group className="mb-3" controlId="action-barcode-app">
        <Form.Label>{t('field.app')}</Form.Label>
        <Form.Select
          value={matched?.id ?? ''}
          onChange={(event) => {
            const app = choices.find((choice) => choice.app.id === event.target.value)?.app;
            if (app) onChange({ path: app.path });
          }}
          data-testid="action-barcode-app"
        >
          <option value="">{t('field.otherPath')}</option>
          {choices.map(({ app, title }) => (
            <option key={app.id} value={app.id}>
              {title} ({app.path})
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId="action-barcode-path">
        <Form.Label>{t('field.path')}</Form.Label>
        <Form.Control
          value={draft.path}
          onChange={(event) => onChange({ path: event.target.value })}
          isInvalid={error !== null}
          className="font-monospace"
          data-testid="action-barcode-path"
        />
        {error !== null ? <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback> : null}
        {matched && matched.subPaths.length > 0 ? (
          <Form.Text>
            {t('field.subPaths', { paths: matched.subPaths.map((sub) => matched.path + sub).join(', ') })}
          </Form.Text>
        ) : null}
      </Form.Group>
    </>
  );
}
