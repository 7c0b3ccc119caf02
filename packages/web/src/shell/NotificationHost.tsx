import ToastContainer from 'react-bootstrap/ToastContainer';
import { compactMessagesQuery, useMediaQuery } from '../platform/media-query.js';
import {
  dismissNotification,
  setErrorHistoryShown,
  useErrorHistoryShortcut,
  useErrorHistoryShown,
  useNotifications,
} from '../platform/notifications.js';
import { ErrorHistoryModal } from './ErrorHistoryModal.js';
import { MessageArea } from './MessageArea.js';
import { NotificationToast } from './NotificationToast.js';

const hideHistory = () => setErrorHistoryShown(false);

/**
 * The notifications and the error history modal (Shift+Alt+E). On a desktop a stack of toasts at
 * the top right; on the handheld layouts (phone, watch, touch screens below lg) the message area,
 * which pushes the page down so no message covers the prompt or the scanner bar (issue 14).
 */
export function NotificationHost() {
  const notifications = useNotifications();
  const historyOpen = useErrorHistoryShown();
  const compact = useMediaQuery(compactMessagesQuery);
  useErrorHistoryShortcut();
  return (
    <>
      {compact ? (
        <MessageArea items={notifications} onDismiss={dismissNotification} />
      ) : (
        <ToastContainer position="top-end" containerPosition="fixed" className="p-2" style={{ zIndex: 2000 }}>
          {notifications.map((item) => (
            <NotificationToast key={item.id} item={item} onClose={() => dismissNotification(item.id)} />
          ))}
        </ToastContainer>
      )}
      <ErrorHistoryModal show={historyOpen} onHide={hideHistory} />
    </>
  );
}
