import { useCallback, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useConfig, useServerVersion } from '../../platform/config.js';
import { deviceIdentificationCode } from '@wms/contract';
import { useDeviceConfig } from '../../platform/device-config.js';
import { useDevicePairing } from '../../platform/device-pairing.js';
import { LiveDot } from './LiveDot.js';
import { LoginForm } from './LoginForm.js';
import { NfcButton } from './NfcButton.js';
import { QrCode } from './QrCode.js';
import { ScanLoginModal } from './ScanLoginModal.js';
import { useLoginAttempt } from './useLoginAttempt.js';
import { useLoginShortcut } from './useLoginShortcut.js';
import { useNfcLogin } from './useNfcLogin.js';

/** Shown whenever no user is signed in, over an empty app background. */
export function LoginModal() {
  const { t } = useTranslation('login');
  const config = useConfig();
  const version = useServerVersion();
  const { config: device } = useDeviceConfig();
  const pairing = useDevicePairing();
  const { busy, message, attempt, takeover } = useLoginAttempt();
  const [scanOpen, setScanOpen] = useState(false);
  const openScan = useCallback(() => setScanOpen(true), []);
  useLoginShortcut(openScan);
  const nfc = useNfcLogin((credentials) => void attempt(credentials));

  return (
    <>
      <Modal show backdrop="static" keyboard={false} centered fullscreen="sm-down" data-testid="login-modal">
        <Modal.Header className="gap-2">
          <Modal.Title as="h1" className="h5 mb-0 me-auto">
            {t('common:productName')}
            {config.warehouseName && (
              <small className="d-block text-body-secondary fs-6" data-testid="warehouse-name">
                {config.warehouseName}
              </small>
            )}
          </Modal.Title>
          <LiveDot />
        </Modal.Header>
        <Modal.Body>
          <LoginForm
            busy={busy}
            message={message}
            onSignIn={(c) => void attempt(c)}
            onTakeover={(d) => void takeover(d)}
          />
          <div className="d-flex flex-wrap gap-2 mt-3">
            <Button variant="outline-secondary" size="sm" onClick={openScan} data-testid="scan-login">
              {t('scanLogin.button')}
            </Button>
            {nfc.supported && <NfcButton permission={nfc.permission} scanning={nfc.scanning} onEnable={nfc.enable} />}
          </div>
          {device.deviceName && (
            <div className="d-flex align-items-center gap-3 mt-3" data-testid="device-qr">
              <QrCode
                text={deviceIdentificationCode(device.deviceName, pairing)}
                size={96}
                label={t('deviceQrLabel')}
              />
              <div className="small text-body-secondary text-break">
                {t('deviceQrHint')}
                <div className="fw-semibold text-body">{device.deviceName}</div>
              </div>
            </div>
          )}
        </Modal.Body>
        <Modal.Footer className="justify-content-center py-1">
          <small className="text-body-secondary">
            {t('common:version')} <span data-testid="server-version">{version}</span>
          </small>
        </Modal.Footer>
      </Modal>
      <ScanLoginModal
        show={scanOpen}
        onHide={() => setScanOpen(false)}
        onScanned={(credentials) => {
          setScanOpen(false);
          void attempt(credentials);
        }}
      />
    </>
  );
}
