import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { deviceNameMaxLength, printerFields, type DeviceConfig } from '../../platform/device-config.js';
import { useSession } from '../../platform/session.js';
import { PrinterSelect } from './PrinterSelect.js';
import { ProtectedToggles } from './ProtectedToggles.js';
import { TtsSettings } from './TtsSettings.js';

interface Props {
  draft: DeviceConfig;
  onChange: (patch: Partial<DeviceConfig>) => void;
}

/** Device name, the four default printers, text-to-speech and (for some users) the protected toggles. */
export function GeneralTab({ draft, onChange }: Props) {
  const { t } = useTranslation('device');
  const { hasRole } = useSession();
  return (
    <>
      <Form.Group className="mb-3" controlId="device-name">
        <Form.Label>{t('deviceName')}</Form.Label>
        <Form.Control
          value={draft.deviceName}
          maxLength={deviceNameMaxLength}
          autoComplete="off"
          onChange={(event) => onChange({ deviceName: event.target.value })}
          aria-describedby="device-name-help"
        />
        <Form.Text id="device-name-help">{t('deviceNameHelp')}</Form.Text>
      </Form.Group>
      <div className="row row-cols-1 row-cols-lg-2">
        {printerFields.map((field) => (
          <div className="col" key={field}>
            <PrinterSelect field={field} value={draft[field]} onChange={(value) => onChange({ [field]: value })} />
          </div>
        ))}
      </div>
      <TtsSettings voice={draft.TTSVoice} rate={draft.TTSRate} onChange={onChange} />
      {hasRole('authEditProtectedDeviceSettings') && (
        <ProtectedToggles config={draft} onChange={(name, value) => onChange({ [name]: value })} />
      )}
    </>
  );
}
