import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import type { SavedPeripheral } from './saved-peripherals.js';

interface PeripheralRowProps {
  peripheral: SavedPeripheral;
  connected: boolean;
  busy: boolean;
  maintained: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
  onMaintenance: () => void;
  onDelete: () => void;
  /** The maintenance panel (its settings), shown while maintained. */
  children: ReactNode;
}

/** One saved peripheral of the peripherals manager: usage, driver, status and its controls. */
export function PeripheralRow(props: PeripheralRowProps) {
  const { peripheral, connected, busy, maintained } = props;
  const { t } = useTranslation('device');
  return (
    <ListGroup.Item data-testid={`peripheral-${peripheral.usage}`}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <div className="flex-grow-1">
          <div className="fw-semibold">{t(`peripheralsManager.usage.${peripheral.usage}`)}</div>
          <small className="text-body-secondary">{t(`${peripheral.usage}.drivers.${peripheral.driver}`)}</small>
        </div>
        <Badge bg={connected ? 'success' : 'secondary'} data-testid="peripheral-status">
          {connected ? t('scale.connected') : t('scale.notConnected')}
        </Badge>
      </div>
      <div className="d-flex flex-wrap gap-2 mt-2">
        {connected ? (
          <Button variant="outline-secondary" onClick={props.onDisconnect} data-testid="peripheral-disconnect">
            {t('scale.disconnect')}
          </Button>
        ) : (
          <Button variant="outline-primary" disabled={busy} onClick={props.onConnect} data-testid="peripheral-connect">
            {t('scale.connect')}
          </Button>
        )}
        <Button
          variant="outline-secondary"
          aria-expanded={maintained}
          onClick={props.onMaintenance}
          data-testid="peripheral-maintenance"
        >
          {t('peripheralsManager.maintenance')}
        </Button>
        <Button variant="outline-danger" onClick={props.onDelete} data-testid="peripheral-delete">
          {t('peripheralsManager.delete')}
        </Button>
      </div>
      {maintained ? props.children : null}
    </ListGroup.Item>
  );
}
