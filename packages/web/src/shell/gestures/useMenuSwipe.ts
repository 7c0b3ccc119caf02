import { useEffect, useRef } from 'react';
import { classifyMenuSwipe, type SwipePoint } from './swipe.js';

function pointOf(event: TouchEvent): SwipePoint | null {
  const touch = event.touches[0] ?? event.changedTouches[0];
  return touch ? { x: touch.clientX, y: touch.clientY, time: event.timeStamp || performance.now() } : null;
}

/** Opens the menu on a quick swipe from the left edge and closes it on a quick swipe back (touch screens). */
export function useMenuSwipe(menuOpen: boolean, onOpen: () => void, onClose: () => void): void {
  const state = useRef({ menuOpen, onOpen, onClose });
  state.current = { menuOpen, onOpen, onClose };

  useEffect(() => {
    let start: SwipePoint | null = null;
    const onStart = (event: TouchEvent) => {
      start = event.touches.length === 1 ? pointOf(event) : null;
    };
    const onMove = (event: TouchEvent) => {
      const now = pointOf(event);
      if (!start || !now) return;
      const verdict = classifyMenuSwipe(start, now, window.innerWidth, state.current.menuOpen);
      if (verdict === null) return;
      start = null;
      if (verdict === 'open') state.current.onOpen();
      else state.current.onClose();
    };
    const onEnd = (event: TouchEvent) => {
      onMove(event);
      start = null;
    };
    const options = { passive: true, capture: true } as const;
    window.addEventListener('touchstart', onStart, options);
    window.addEventListener('touchmove', onMove, options);
    window.addEventListener('touchend', onEnd, options);
    window.addEventListener('touchcancel', onEnd, options);
    return () => {
      window.removeEventListener('touchstart', onStart, options);
      window.removeEventListener('touchmove', onMove, options);
      window.removeEventListener('touchend', onEnd, options);
      window.removeEventListener('touchcancel', onEnd, options);
    };
  }, []);
}
