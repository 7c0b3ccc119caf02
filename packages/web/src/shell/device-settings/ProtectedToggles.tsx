import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { protectedToggles, type DeviceConfig, type ProtectedToggle } from '../../platform/device-config.js';

interface Props {
  config: DeviceConfig;
  onChange: (name: ProtectedToggle, value: boolean) => void;
}

/** The toggles only users with authEditProtectedDeviceSettings see. */
export function ProtectedToggles({ config, onChange }: Props) {
  const { t } = useTranslation('device');
  return (
    <fieldset className="border rounded p-2 mb-3" data-testid="protected-toggles">
      <legend className="fs-6 float-none w-auto px-1 mb-1">{t('protected.title')}</legend>
      {protectedToggles.map((name) => (
        <Form.Check
          key={name}
          type="switch"
          id={`device-${name}`}
          className="mb-2"
          label={t(`protected.${name}`)}
          checked={config[name]}
          onChange={(event) => onChange(name, event.target.checked)}
        />
      ))}
    </fieldset>
  );
}
