import { useTranslation } from 'react-i18next';
import { notificationText, type NotificationItem } from '../platform/notification-store.js';
import { useNotificationTimer } from './useNotificationTimer.js';

const variantClasses: Record<NotificationItem['variant'], string> = {
  success: 'text-bg-success',
  danger: 'text-bg-danger',
  info: 'text-bg-info',
  warning: 'text-bg-warning',
  default: 'bg-body-secondary text-body',
};

/** Pressing the close button must not take the focus from the scanner bar. */
const keepFocus = (event: { preventDefault: () => void }) => event.preventDefault();

/**
 * One notification as a compact line of the message area (handheld layouts): at most two lines
 * of text, a big close button; hides after its duration, paused while the pointer is over it.
 */
export function NotificationLine({ item, onClose }: { item: NotificationItem; onClose: () => void }) {
  const { t } = useTranslation();
  const hover = useNotificationTimer(item, onClose);
  const text = notificationText(t, item);
  const light = item.variant === 'success' || item.variant === 'danger';
  return (
    <div
      className={`wms-message ${variantClasses[item.variant]}`}
      onMouseEnter={hover.onMouseEnter}
      onMouseLeave={hover.onMouseLeave}
      data-testid="notification"
      data-variant={item.variant}
      role={item.variant === 'danger' ? 'alert' : 'status'}
    >
      <span className="wms-message-text" title={text}>
        {text}
      </span>
      <button
        type="button"
        className={`btn-close wms-message-close ${light ? 'btn-close-white' : ''}`}
        aria-label={t('common:close')}
        onMouseDown={keepFocus}
        onClick={onClose}
      />
    </div>
  );
}
