import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** The camera is not playing, playing or unplayable. */
export type CameraState = 'notPlaying' | 'playing' | 'unplayable';

/** The rear camera, ideally 1280x720. */
export const cameraConstraints: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
};

export interface Camera {
  state: CameraState;
  /** getUserMedia failed (no camera, access refused, insecure page): show videoNotAvailable. */
  notAvailable: boolean;
}

/** Whether this browser can ask for a camera at all (a secure page with mediaDevices). */
export function hasCameraSupport(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Plays the camera in the video element while `active`; stops every track when it turns
 * inactive or the component goes away, so the camera light goes off when a box closes.
 */
export function useCamera(videoRef: RefObject<HTMLVideoElement | null>, active: boolean): Camera {
  const [state, setState] = useState<CameraState>('notPlaying');
  const [notAvailable, setNotAvailable] = useState(false);
  const streamRef = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    stopStream(streamRef.current);
    streamRef.current = null;
    const video = videoRef.current;
    if (video) video.srcObject = null;
    setState('notPlaying');
  }, [videoRef]);

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    setNotAvailable(false);
    const start = async () => {
      if (!hasCameraSupport()) throw new Error('no mediaDevices');
      const stream = await navigator.mediaDevices.getUserMedia(cameraConstraints);
      if (cancelled) {
        stopStream(stream);
        return;
      }
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = stream;
      try {
        await video.play();
        if (!cancelled) setState('playing');
      } catch {
        if (!cancelled) setState('unplayable');
      }
    };
    start().catch(() => {
      if (cancelled) return;
      setNotAvailable(true);
      setState('unplayable');
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [active, stop, videoRef]);

  return { state, notAvailable };
}
