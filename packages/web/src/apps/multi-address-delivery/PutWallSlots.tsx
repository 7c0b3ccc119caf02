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
          <ListGroup.Item key={slot.slot} data-testid={`put-wall-slot-${slot.slot}`} className="d-flex gap-2">
            <strong>{slot.slot}</strong>
            <span className="flex-grow-1">
              {slot.name}
              <span className="small text-body-secondary ms-2">{slot.container ?? t('slot.noContainer')}</span>
            </span>
            <span>{t('slot.counts', { put, due })}</span>
            {slot.status === 'DELIVERED' ? (
              <Badge bg="success">{t('slot.delivered', { delivery: slot.delivery ?? '' })}</Badge>
            ) : null}
          </ListGroup.Item>
        );
      })}
    </ListGroup>
  );
}
