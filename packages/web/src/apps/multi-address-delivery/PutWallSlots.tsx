import type { PutWallSlot } from '@wms/contract';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';

/** The put wall's slots: letter, address name, container, units put of due, delivered or not. */
export function PutWallSlots({ slots }: { slots: readonly PutWallSlot[] }) {
  const { t } = useTranslation('multiAddressDelivery');
  return (
    <ListGroup data-testid="put-wall-slots">
      {slots.map((slot) => {
        const put = slot.lines.reduce((sum, line) => sum + line.put, 0);
        const due = slot.lines.reduce((sum, line) => sum + line.due, 0);
        return (
          <ListGroup.Item
            key={slot.slot}
            data-testid={`put-wall-slot-${slot.slot}`}
            className="d-flex gap-2 align-items-start"
          >
            <strong>{slot.slot}</strong>
            <div className="flex-grow-1 text-truncate">
              <div className="text-truncate">{slot.name}</div>
              <div className="small text-body-secondary text-truncate">{slot.container ?? t('slot.noContainer')}</div>
            </div>
            <div className="text-end text-nowrap">
              <div>{t('slot.counts', { put, due })}</div>
              {slot.status === 'DELIVERED' ? (
                <Badge bg="success">{t('slot.delivered', { delivery: slot.delivery ?? '' })}</Badge>
              ) : null}
            </div>
          </ListGroup.Item>
        );
      })}
    </ListGroup>
  );
}
