import type { RefObject } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import type { Camera } from './useCamera.js';

/**
 * The live camera picture with its state: a spinner while starting, videoNotAvailable when the
 * camera can not be opened, a notice when the picture can not be played.
 */
export function CameraView({
  videoRef,
  camera,
  hidden = false,
  maxWidth,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  camera: Camera;
  hidden?: boolean;
  maxWidth?: string;
}) {
  const { t } = useTranslation('capture');
  return (
    <div className={hidden ? 'd-none' : 'text-center'} data-camera-state={camera.state} data-testid="camera-view">
      {camera.notAvailable ? (
        <Alert variant="danger" className="text-start" data-testid="video-not-available">
          {t('videoNotAvailable')}
        </Alert>
      ) : camera.state === 'unplayable' ? (
        <Alert variant="warning" className="text-start">
          {t('camera.unplayable')}
        </Alert>
      ) : (
        camera.state === 'notPlaying' && <Spinner role="status" aria-label={t('camera.starting')} className="my-3" />
      )}
      <video
        ref={videoRef}
        muted
        playsInline
        className={camera.state === 'playing' ? 'w-100 rounded bg-dark' : 'd-none'}
        style={{ maxWidth }}
        data-testid="camera-video"
      />
    </div>
  );
}
