import { useRef, type MouseEvent, type PointerEvent } from 'react';
import { isSubAppSwipe } from './swipe.js';

export interface ItemSwipeHandlers {
  onPointerDown: (event: PointerEvent) => void;
  onPointerMove: (event: PointerEvent) => void;
  onPointerUp: (event: PointerEvent) => void;
  onPointerCancel: () => void;
  onClickCapture: (event: MouseEvent) => void;
}

/**
 * Swiping an element 80 px to the right calls onSwipe (a sub-app opens in a modal); the click
 * that ends the swipe is swallowed so the link does not navigate as well. Disabled: no handlers.
 */
export function useItemSwipe(onSwipe: () => void, enabled: boolean): ItemSwipeHandlers | Record<string, never> {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);
  if (!enabled) return {};
  return {
    onPointerDown(event) {
      if (event.button !== 0) return;
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
      swiped.current = false;
    },
    onPointerMove(event) {
      const from = start.current;
      if (!from || from.id !== event.pointerId || swiped.current) return;
      if (isSubAppSwipe(event.clientX - from.x, event.clientY - from.y)) {
        swiped.current = true;
        start.current = null;
        onSwipe();
      }
    },
    onPointerUp() {
      start.current = null;
    },
    onPointerCancel() {
      start.current = null;
    },
    onClickCapture(event) {
      if (!swiped.current) return;
      swiped.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
