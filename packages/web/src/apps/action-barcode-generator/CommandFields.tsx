import { deviceSettingNames } from '@wms/contract';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useTranslation } from 'react-i18next';
import type { FieldsProps } from './field-props.js';
import { RedirectFields } from './RedirectFields.js';
import { UserApiFields } from './UserApiFields.js';

function DeviceNameField({ draft, onChange, errorOf }: FieldsProps) {
  const { t } = useTranslation('actionBarcodes');
  const error = errorOf('deviceName');
  return (
    <Form.Group className="mb-3" controlId="action-barcode-device-name">
      <Form.Label>{t('field.deviceName')}</Form.Label>
      <Form.Control
        value={draft.deviceName}
        onChange={(event) => onChange({ deviceName: event.target.value })}
        isInvalid={error !== null}
      />
      {error !== null ? <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback> : null}
      <Form.Text>{t('field.deviceNameHint')}</Form.Text>
    </Form.Group>
  );
}

function DeviceSettingsField({ draft, onChange, errorOf }: FieldsProps) {
  const { t } = useTranslation('actionBarcodes');
  const error = errorOf('settings');
  return (
    <Form.Group className="mb-3" controlId="action-barcode-settings">
      <Form.Label>{t('field.settings')}</Form.Label>
      <Form.Control
        as="textarea"
        rows={8}
        value={draft.settings}
        onChange={(event) => onChange({ settings: event.target.value })}
        isInvalid={error !== null}
        className="font-monospace"
        spellCheck={false}
        data-testid="action-barcode-settings"
      />
      {error !== null ? <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback> : null}
      <Form.Text>{t('field.settingsHint', { names: deviceSettingNames.join(', ') })}</Form.Text>
    </Form.Group>
  );
}

function QuantityFields({ draft, onChange, errorOf }: FieldsProps) {
  const { t } = useTranslation('actionBarcodes');
  const error = errorOf('amount');
  return (
    <Form.Group className="mb-3" controlId="action-barcode-amount">
      <Form.Label>{t('field.amount')}</Form.Label>
      <InputGroup hasValidation>
        <Form.Select
          value={draft.sign}
          onChange={(event) => onChange({ sign: event.target.value === 'MIN' ? 'MIN' : 'PLUS' })}
          aria-label={t('field.sign')}
          style={{ maxWidth: '8rem' }}
          data-testid="action-barcode-sign"
        >
          <option value="PLUS">{t('field.plus')}</option>
          <option value="MIN">{t('field.minus')}</option>
        </Form.Select>
        <Form.Control
          value={draft.amount}
          onChange={(event) => onChange({ amount: event.target.value })}
          inputMode="decimal"
          isInvalid={error !== null}
          data-testid="action-barcode-amount"
        />
        {error !== null ? <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback> : null}
      </InputGroup>
    </Form.Group>
  );
}

/** The fields of the draft's command kind (sign out and the work times have none). */
export function CommandFields(props: FieldsProps) {
  switch (props.draft.kind) {
    case 'redirect':
      return <RedirectFields {...props} />;
    case 'deviceIdentification':
      return <DeviceNameField {...props} />;
    case 'overrideDeviceSettings':
      return <DeviceSettingsField {...props} />;
    case 'callUserApi':
      return <UserApiFields {...props} />;
    case 'quantity':
      return <QuantityFields {...props} />;
    case 'logout':
    case 'openWorkTimes':
      return null;
  }
}
