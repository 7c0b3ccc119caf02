import { useEffect, useRef, useState } from 'react';
import Toast from 'react-bootstrap/Toast';
import { useTranslation } from 'react-i18next';
import { notificationKeys, type NotificationItem } from '../platform/notification-store.js';

const backgrounds: Record<NotificationItem['variant'], string | undefined> = {
  success: 'success',
  danger: 'danger',
  info: 'info',
  warning: 'warning',
  default: undefined,
};
const whiteText = new Set(['success', 'danger']);

/** One notification: hides after its duration, paused while the pointer is over it. */
export function NotificationToast({ item, onClose }: { item: NotificationItem; onClose: () => void }) {
  const { t } = useTranslation();
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

  const text = item.text ?? (item.key ? t(notificationKeys(item.key), item.args ?? {}) : '');
  return (
    <Toast
      bg={backgrounds[item.variant]}
      onClose={onClose}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      data-testid="notification"
      data-variant={item.variant}
      role={item.variant === 'danger' ? 'alert' : 'status'}
    >
      <div className="d-flex align-items-start">
        <Toast.Body className={`flex-grow-1 ${whiteText.has(item.variant) ? 'text-white' : ''}`}>{text}</Toast.Body>
        <button
          type="button"
          className={`btn-close me-2 mt-2 ${whiteText.has(item.variant) ? 'btn-close-white' : ''}`}
          aria-label={t('common:close')}
          onClick={onClose}
        />
      </div>
    </Toast>
  );
}
