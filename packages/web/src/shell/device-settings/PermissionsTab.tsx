import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import { bluetoothFlagSet, notificationPermission } from './browser-features.js';

/** Whether notifications are enabled (with a button to ask) and whether the Bluetooth flag is set. */
export function PermissionsTab() {
  const { t } = useTranslation('device');
  const [permission, setPermission] = useState(notificationPermission);
  const bluetooth = bluetoothFlagSet();
  const request = () => {
    void Notification.requestPermission().then(setPermission);
  };
  return (
    <ListGroup>
      <ListGroup.Item className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">{t('permissions.notifications')}</span>
        <Badge bg={permission === 'granted' ? 'success' : 'secondary'} data-testid="notification-permission">
          {t(`permissions.state.${permission}`)}
        </Badge>
        {permission === 'default' && (
          <Button size="sm" variant="outline-primary" onClick={request}>
            {t('permissions.request')}
          </Button>
        )}
      </ListGroup.Item>
      <ListGroup.Item className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">{t('permissions.bluetooth')}</span>
        <Badge bg={bluetooth ? 'success' : 'secondary'} data-testid="bluetooth-flag">
          {bluetooth ? t('permissions.bluetoothSet') : t('permissions.bluetoothNotSet')}
        </Badge>
      </ListGroup.Item>
    </ListGroup>
  );
}
