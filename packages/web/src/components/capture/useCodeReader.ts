import { useEffect, useRef, useState, type RefObject } from 'react';
import { createBarcodeDetector, type CodeDetector } from './barcode-detection.js';
import { createDuplicateFilter } from './scan-filter.js';

/** Look for codes every 250 ms; stop the camera after 10 s without a read. */
export const scanIntervalMs = 250;
export const cameraIdleMs = 10_000;

interface TextDetectorClass {
  new (): { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
}

/** The browser's TextDetector (Shape Detection API), where it exists (behind a flag in Chromium). */
export function textDetectorClass(): TextDetectorClass | null {
  const candidate = (globalThis as { TextDetector?: TextDetectorClass }).TextDetector;
  return typeof candidate === 'function' ? candidate : null;
}

export type DetectorState = 'loading' | 'ready' | 'failed';

/**
 * Reads codes (and text, when `readText`) from the playing video every 250 ms. A read passes
 * the duplicate filter before `onRead`; any read (also an ignored repeat) counts as activity,
 * and `onIdle` is called after 10 s without one.
 */
export function useCodeReader(options: {
  videoRef: RefObject<HTMLVideoElement | null>;
  playing: boolean;
  readText: boolean;
  onRead: (text: string) => void;
  onIdle: () => void;
}): DetectorState {
  const { videoRef, playing, readText } = options;
  const [detectorState, setDetectorState] = useState<DetectorState>('loading');
  const detectorRef = useRef<CodeDetector | null>(null);
  const callbacks = useRef(options);
  callbacks.current = options;

  useEffect(() => {
    let cancelled = false;
    createBarcodeDetector().then(
      (detector) => {
        if (cancelled) return;
        detectorRef.current = detector;
        setDetectorState('ready');
      },
      () => {
        if (!cancelled) setDetectorState('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const detector = detectorRef.current;
    if (!playing || detectorState !== 'ready' || detector === null) return;
    const accept = createDuplicateFilter();
    const TextDetector = readText ? textDetectorClass() : null;
    const textDetector = TextDetector ? new TextDetector() : null;
    let lastActivity = Date.now();
    let busy = false;
    const tick = async () => {
      const video = videoRef.current;
      if (busy || !video || video.readyState < 2) return;
      busy = true;
      try {
        const codes = await detector.detect(video);
        const texts = textDetector ? await textDetector.detect(video) : [];
        const now = Date.now();
        for (const { rawValue } of [...codes, ...texts]) {
          const text = rawValue.trim();
          if (text === '') continue;
          lastActivity = now;
          if (accept(text, now)) callbacks.current.onRead(text);
        }
        if (now - lastActivity >= cameraIdleMs) callbacks.current.onIdle();
      } catch {
        // a frame that could not be read: try the next one
      } finally {
        busy = false;
      }
    };
    const timer = window.setInterval(() => void tick(), scanIntervalMs);
    return () => window.clearInterval(timer);
  }, [playing, detectorState, readText, videoRef]);

  return detectorState;
}
