import { useCallback, useEffect, useRef, type MouseEvent, type TouchEvent } from 'react';

/** A finger that moves further than this (px) scrolls, it does not hold. */
export const holdMoveTolerance = 10;
/** After a hold opened something, the click and context menu that follow within this time are swallowed. */
const suppressWindowMs = 1000;

export interface LongPressHandlers {
  onTouchStart: (event: TouchEvent) => void;
  onTouchMove: (event: TouchEvent) => void;
  onTouchEnd: (event: TouchEvent) => void;
  onTouchCancel: () => void;
  onContextMenu: (event: MouseEvent) => void;
}

/**
 * A long touch hold: `onHold` runs when a finger stays down `durationMs()` ms (read when the touch
 * starts) without moving away. The touchend, click and context menu after a hold are suppressed;
 * `consumeSuppressedClick()` tells a click handler that its click belongs to a hold.
 */
export function useLongPress(onHold: () => void, enabled: boolean, durationMs: () => number) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const heldAt = useRef<number | null>(null);
  const holdRef = useRef(onHold);
  holdRef.current = onHold;

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  const suppressing = () => heldAt.current !== null && Date.now() - heldAt.current < suppressWindowMs;

  const consumeSuppressedClick = useCallback(() => {
    if (!suppressing()) return false;
    heldAt.current = null;
    return true;
  }, []);

  const handlers: LongPressHandlers = {
    onTouchStart: (event) => {
      cancel();
      if (!enabled || event.touches.length !== 1) return;
      const touch = event.touches[0]!;
      start.current = { x: touch.clientX, y: touch.clientY };
      heldAt.current = null;
      timer.current = setTimeout(() => {
        timer.current = null;
        start.current = null;
        heldAt.current = Date.now();
        holdRef.current();
      }, durationMs());
    },
    onTouchMove: (event) => {
      const touch = event.touches[0];
      if (!start.current || !touch) return;
      const moved = Math.hypot(touch.clientX - start.current.x, touch.clientY - start.current.y);
      if (moved > holdMoveTolerance) cancel();
    },
    onTouchEnd: (event) => {
      cancel();
      // No click (nor the button's action beneath) after a hold.
      if (suppressing() && event.cancelable) event.preventDefault();
    },
    onTouchCancel: cancel,
    onContextMenu: (event) => {
      // A touch hold shows the browser's menu on phones: not while holding, nor after a hold.
      if (start.current || suppressing()) {
        event.preventDefault();
        event.stopPropagation();
      }
    },
  };
  return { handlers, consumeSuppressedClick };
}
