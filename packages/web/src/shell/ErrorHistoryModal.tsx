import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../components/object-dialogs/format.js';
import { clearErrorLog, useErrorLog } from '../platform/notifications.js';
import { notificationText } from '../platform/notification-store.js';

/** The last 250 danger notifications and application errors, newest first (Shift+Alt+E). */
export function ErrorHistoryModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const log = useErrorLog();
  const entries = [...log].reverse();
  return (
    <Modal show={show} onHide={onHide} fullscreen data-testid="error-history">
      <Modal.Header closeButton closeLabel={t('common:close')}>
        <Modal.Title>{t('common:errorHistory')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {entries.length === 0 ? (
          <p className="text-body-secondary">{t('platform:noErrors')}</p>
        ) : (
          <ListGroup>
            {entries.map((entry) => (
              <ListGroup.Item key={entry.id} data-testid="error-history-entry">
                <small className="text-body-secondary d-block">{formatDateTime(entry.time, true)}</small>
                <span className="text-danger">{notificationText(t, entry)}</span>
                {entry.detail && <pre className="small mb-0 mt-1 text-wrap">{entry.detail}</pre>}
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={clearErrorLog} disabled={entries.length === 0}>
          {t('platform:clearLog')}
        </Button>
        <Button variant="primary" onClick={onHide}>
          {t('common:close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
