import Toast from 'react-bootstrap/Toast';
import { useTranslation } from 'react-i18next';
import { notificationText, type NotificationItem } from '../platform/notification-store.js';
import { useNotificationTimer } from './useNotificationTimer.js';

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
  const hover = useNotificationTimer(item, onClose);

  const text = notificationText(t, item);
  return (
    <Toast
      bg={backgrounds[item.variant]}
      onClose={onClose}
      onMouseEnter={hover.onMouseEnter}
      onMouseLeave={hover.onMouseLeave}
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
