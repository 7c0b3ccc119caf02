import { useEffect, useRef, useState } from 'react';
import type { NotificationItem } from '../platform/notification-store.js';

/**
 * Closes a notification after its duration (0: never), paused while the pointer is over it.
 * Returns the handlers that pause and resume it.
 */
export function useNotificationTimer(item: NotificationItem, onClose: () => void) {
  const [hovered, setHovered] = useState(false);
  const remaining = useRef(item.durationMs);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (hovered || item.durationMs === 0) return;
    const started = Date.now();
    const timer = setTimeout(() => closeRef.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [hovered, item.durationMs]);

  return { onMouseEnter: () => setHovered(true), onMouseLeave: () => setHovered(false) };
}
