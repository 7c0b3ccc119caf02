import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { useDeviceConfig } from '../../platform/device-config.js';
import { hasCameraSupport } from './useCamera.js';

const CameraScannerBox = lazy(() =>
  import('./CameraScannerBox.js').then((module) => ({ default: module.CameraScannerBox })),
);

/**
 * A camera button for a scanner bar: opens the camera scanner box (loaded on first use) and
 * hands every read to `onScan`. Rendered only on a device set to use the embedded (camera)
 * barcode scanner (the protected device toggle useEmbeddedBarcodeScanner) whose browser offers a
 * camera API: a handheld with a hardware scanner keeps its bar uncluttered.
 */
export function CameraScanButton({ onScan, disabled = false }: { onScan: (text: string) => void; disabled?: boolean }) {
  const { t } = useTranslation('capture');
  const { config } = useDeviceConfig();
  const [open, setOpen] = useState(false);
  if (!config.useEmbeddedBarcodeScanner || !hasCameraSupport()) return null;
  return (
    <>
      <Button
        variant="outline-secondary"
        disabled={disabled}
        aria-label={t('scanner.open')}
        title={t('scanner.open')}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setOpen(true)}
        data-testid="camera-scan-button"
      >
        <i className="bi bi-camera" aria-hidden="true" />
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CameraScannerBox show onHide={() => setOpen(false)} onScan={onScan} />
        </Suspense>
      )}
    </>
  );
}
