import type { Attachment } from '@wms/contract';
import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/http.js';
import { AppIcon } from '../app-icon/AppIcon.js';
import { CameraView } from './CameraView.js';
import { useCamera } from './useCamera.js';

/** A photo's file name: its local time stamp, e.g. 20250314-093015-123.png. */
export function pictureFileName(at: Date): string {
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  const date = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `${date}-${time}-${pad(at.getMilliseconds(), 3)}.png`;
}

/** The video's current frame as a PNG data URL (null before the first frame). */
function captureFrame(video: HTMLVideoElement): string | null {
  if (video.videoWidth === 0 || video.videoHeight === 0) return null;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}

export interface PictureBoxProps {
  show: boolean;
  onHide: () => void;
  /** Called after Yes with the PNG attachment; the box closes when it resolves (an ApiError keeps the preview). */
  onAttachment: (attachment: Attachment) => void | Promise<void>;
}

/**
 * The picture box, titled "take picture": the live view of the rear
 * camera; Capture shows the frame; Yes hands it over as a PNG attachment named by its time
 * stamp, No discards it and returns to the live view. The camera stops when the box closes.
 */
export function PictureBox({ show, onHide, onAttachment }: PictureBoxProps) {
  const { t } = useTranslation(['capture', 'common']);
  const videoRef = useRef<HTMLVideoElement>(null);
  const camera = useCamera(videoRef, show);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPreview(null);
    onHide();
  };
  const handleCapture = () => {
    if (videoRef.current) setPreview(captureFrame(videoRef.current));
  };
  const handleYes = async () => {
    if (preview === null) return;
    setBusy(true);
    try {
      await onAttachment({
        blob: preview.slice(preview.indexOf(',') + 1),
        name: pictureFileName(new Date()),
        extension: 'png',
      });
      close();
    } catch (error) {
      // The caller's call failed (already shown): stay on the preview, so Yes can be tried again.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show={show} onHide={close} centered size="lg" fullscreen="sm-down" data-testid="picture-box">
      <Modal.Header closeButton>
        <Modal.Title className="h5">{t('pictureBox.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <CameraView videoRef={videoRef} camera={camera} hidden={preview !== null} />
        {preview !== null && (
          <div className="text-center">
            <img
              src={preview}
              alt={t('pictureBox.preview')}
              className="img-fluid rounded"
              data-testid="picture-preview"
            />
            <p className="mt-3 mb-0 fs-5">{t('pictureBox.keep')}</p>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer className="d-grid gap-2" style={{ gridTemplateColumns: preview === null ? '1fr' : '1fr 1fr' }}>
        {preview === null ? (
          <Button size="lg" onClick={handleCapture} disabled={camera.state !== 'playing'} data-testid="picture-capture">
            <AppIcon name="camera" className="me-2" />
            {t('pictureBox.capture')}
          </Button>
        ) : (
          <>
            <Button
              size="lg"
              variant="outline-secondary"
              onClick={() => setPreview(null)}
              disabled={busy}
              data-testid="picture-no"
            >
              {t('common:no')}
            </Button>
            <Button
              size="lg"
              variant="success"
              onClick={() => void handleYes()}
              disabled={busy}
              data-testid="picture-yes"
            >
              {t('common:yes')}
            </Button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
