import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { deviceIdentificationCode } from '@wms/contract';
import { useDeviceConfig } from '../platform/device-config.js';
import { useDevicePairing } from '../platform/device-pairing.js';
import { QrCode } from './login/QrCode.js';

interface Props {
  show: boolean;
  onHide: () => void;
}

/**
 * The QR code of `_be_device_identification_<deviceName>/<pairing>` with the name, for another
 * device to scan (session takeover, casting). The pairing secret is this tab's device listener's
 * (a new one after each reconnect, so the code follows it). Shows nothing without a device name.
 */
export function DeviceIdentificationModal({ show, onHide }: Props) {
  const { t } = useTranslation('device');
  const { config } = useDeviceConfig();
  const pairing = useDevicePairing();
  if (!config.deviceName) return null;
  return (
    <Modal show={show} onHide={onHide} centered data-testid="device-identification">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('common:deviceIdentification')}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="d-flex flex-column align-items-center gap-2">
        <QrCode
          text={deviceIdentificationCode(config.deviceName, pairing)}
          size={240}
          label={t('identification.qrLabel')}
        />
        <div className="fs-4 fw-semibold text-break text-center">{config.deviceName}</div>
        <p className="small text-body-secondary text-center mb-0">{t('identification.hint')}</p>
      </Modal.Body>
    </Modal>
  );
}
