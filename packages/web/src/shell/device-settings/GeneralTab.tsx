import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { deviceNameMaxLength, printerFields, type DeviceConfig } from '../../platform/device-config.js';
import { useSession } from '../../platform/session.js';
import { useManagerVerification } from '../../components/manager-verification/useManagerVerification.js';
import { PrinterSelect } from './PrinterSelect.js';
import { ProtectedToggles } from './ProtectedToggles.js';
import { ScannerSettings } from './ScannerSettings.js';
import { TtsSettings } from './TtsSettings.js';

interface Props {
  draft: DeviceConfig;
  onChange: (patch: Partial<DeviceConfig>) => void;
}

/**
 * Device name, the four default printers, text-to-speech and the protected toggles: shown to
 * users with authEditProtectedDeviceSettings, or unlocked for this dialog by a manager who has it.
 */
export function GeneralTab({ draft, onChange }: Props) {
  const { t } = useTranslation('device');
  const { hasRole } = useSession();
  const { verifyManager, dialog } = useManagerVerification();
  const [unlockedBy, setUnlockedBy] = useState<string | null>(null);
  const unlock = async () => {
    const manager = await verifyManager(['authEditProtectedDeviceSettings']);
    if (manager) setUnlockedBy(manager.username);
  };
  const mayEditProtected = hasRole('authEditProtectedDeviceSettings') || unlockedBy !== null;
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
      <ScannerSettings repeatWindowMs={draft.scannerRepeatWindowMs} onChange={onChange} />
      {mayEditProtected ? (
        <>
          {unlockedBy && (
            <Form.Text as="p" data-testid="protected-unlocked-by">
              <i className="bi bi-unlock me-1" aria-hidden="true" />
              {t('protected.unlockedBy', { manager: unlockedBy })}
            </Form.Text>
          )}
          <ProtectedToggles config={draft} onChange={(name, value) => onChange({ [name]: value })} />
        </>
      ) : (
        <Button variant="outline-secondary" size="lg" onClick={() => void unlock()} data-testid="protected-unlock">
          <i className="bi bi-shield-lock me-2" aria-hidden="true" />
          {t('protected.unlock')}
        </Button>
      )}
      {dialog}
    </>
  );
}
