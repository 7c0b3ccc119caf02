import { useEffect, useLayoutEffect, useRef } from 'react';
import type { NotificationItem } from '../platform/notification-store.js';
import { NotificationLine } from './NotificationLine.js';
import './messages.css';

/** The handheld message area shows this many, newest first; older ones are closed. */
export const maxCompactNotifications = 3;
/** The CSS variable that moves the page (and open dialogs) below the message area. */
export const messagesHeightVariable = '--wms-messages-height';

interface MessageAreaProps {
  items: readonly NotificationItem[];
  onDismiss: (id: number) => void;
}

/**
 * The message area of the handheld layouts (issue 14, item 24): compact lines at the top of the
 * screen that push the page down instead of lying over it, so the prompt and the scanner bar
 * under the title bar stay visible. Its height is published as --wms-messages-height; the
 * global CSS pads the page and moves modal dialogs and the side menu down by it.
 */
export function MessageArea({ items, onDismiss }: MessageAreaProps) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = items.slice(-maxCompactNotifications).reverse();
  const hiddenIds = items.slice(0, Math.max(0, items.length - maxCompactNotifications)).map((item) => item.id);

  // Before the browser paints, so no frame shows a message over the content.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(messagesHeightVariable, `${element.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(messagesHeightVariable);
    };
  }, []);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element) document.documentElement.style.setProperty(messagesHeightVariable, `${element.offsetHeight}px`);
  });

  const hiddenKey = hiddenIds.join(',');
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  useEffect(() => {
    for (const id of hiddenKey ? hiddenKey.split(',') : []) dismissRef.current(Number(id));
  }, [hiddenKey]);

  return (
    <div ref={ref} className="wms-messages" data-testid="message-area">
      {shown.map((item) => (
        <NotificationLine key={item.id} item={item} onClose={() => onDismiss(item.id)} />
      ))}
    </div>
  );
}
