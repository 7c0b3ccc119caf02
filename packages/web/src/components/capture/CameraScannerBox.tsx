import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../app-icon/AppIcon.js';
import { CameraView } from './CameraView.js';
import { useCamera } from './useCamera.js';
import { textDetectorClass, useCodeReader } from './useCodeReader.js';

/** The video is at most 400 px wide or 75% of the window. */
const videoMaxWidth = 'min(400px, 75vw)';
const maxListedReads = 50;

export interface CameraScannerBoxProps {
  show: boolean;
  onHide: () => void;
  /** Every read (after the 1 s duplicate filter). */
  onScan: (text: string) => void;
}

interface Read {
  id: number;
  text: string;
}

/**
 * The camera barcode scanner box: code 39, code 128, EAN-8/13, UPC-A/E
 * and QR read every 250 ms; each read goes to onScan and into the list; the camera stops after
 * 10 s without a read (Restart starts it again). Text recognition is offered only where the
 * browser has a TextDetector.
 */
export function CameraScannerBox({ show, onHide, onScan }: CameraScannerBoxProps) {
  const { t } = useTranslation(['capture', 'common']);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [cameraOn, setCameraOn] = useState(true);
  const [readText, setReadText] = useState(false);
  const [reads, setReads] = useState<Read[]>([]);
  const nextId = useRef(1);
  const camera = useCamera(videoRef, show && cameraOn);
  const detectorState = useCodeReader({
    videoRef,
    playing: camera.state === 'playing',
    readText,
    onRead: (text) => {
      const id = nextId.current++;
      setReads((previous) => [{ id, text }, ...previous].slice(0, maxListedReads));
      onScan(text);
    },
    onIdle: () => setCameraOn(false),
  });

  useEffect(() => {
    if (show) setCameraOn(true);
  }, [show]);

  const textRecognitionAvailable = textDetectorClass() !== null;

  return (
    <Modal show={show} onHide={onHide} centered fullscreen="sm-down" data-testid="camera-scanner-box">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('scanner.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {detectorState === 'failed' && (
          <Alert variant="danger" data-testid="detector-failed">
            {t('scanner.detectorFailed')}
          </Alert>
        )}
        {cameraOn ? (
          <CameraView videoRef={videoRef} camera={camera} maxWidth={videoMaxWidth} />
        ) : (
          <div className="text-center">
            <Alert variant="info" className="text-start" data-testid="camera-stopped">
              {t('camera.stopped')}
            </Alert>
            <Button size="lg" onClick={() => setCameraOn(true)} data-testid="camera-restart">
              <AppIcon name="camera-video" className="me-2" />
              {t('camera.restart')}
            </Button>
          </div>
        )}
        {textRecognitionAvailable && (
          <Form.Check
            type="switch"
            id="camera-text-recognition"
            className="mt-3 fs-5"
            label={t('scanner.textRecognition')}
            checked={readText}
            onChange={(event) => setReadText(event.target.checked)}
          />
        )}
        <h2 className="h6 mt-3">{t('scanner.reads')}</h2>
        {reads.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('scanner.noReads')}</p>
        ) : (
          <ListGroup className="overflow-auto" style={{ maxHeight: '30vh' }} data-testid="camera-reads">
            {reads.map((read) => (
              <ListGroup.Item key={read.id} className="text-break font-monospace">
                {read.text}
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button size="lg" variant="secondary" onClick={onHide}>
          {t('common:close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
