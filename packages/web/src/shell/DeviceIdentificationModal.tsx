import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { deviceIdentificationCode, useDeviceConfig } from '../platform/device-config.js';
import { QrCode } from './login/QrCode.js';

interface Props {
  show: boolean;
  onHide: () => void;
}

/**
 * The QR code of `_be_device_identification_<deviceName>` with the name, for another device to
 * scan (session takeover, casting). Shows nothing when the device has no name.
 */
export function DeviceIdentificationModal({ show, onHide }: Props) {
  const { t } = useTranslation('device');
  const { config } = useDeviceConfig();
  if (!config.deviceName) return null;
  return (
    <Modal show={show} onHide={onHide} centered data-testid="device-identification">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('common:deviceIdentification')}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="d-flex flex-column align-items-center gap-2">
        <QrCode text={deviceIdentificationCode(config.deviceName)} size={240} label={t('identification.qrLabel')} />
        <div className="fs-4 fw-semibold text-break text-center">{config.deviceName}</div>
        <p className="small text-body-secondary text-center mb-0">{t('identification.hint')}</p>
      </Modal.Body>
    </Modal>
  );
}
