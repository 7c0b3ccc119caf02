import type { CountingListLocation } from '@wms/contract';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';

const colour: Record<CountingListLocation['state'], string> = {
  PENDING: 'secondary',
  COUNTED_1: 'info',
  COUNTED_2: 'warning',
  COUNTED_3: 'warning',
  AGREED: 'success',
  REVIEW: 'danger',
};

/**
 * The list's locations in walk order with their state (not counted, count 1, needs a third count,
 * agreed, review) and whether this round needs them: blind, no quantities.
 */
export function LocationProgress({ locations }: { locations: readonly CountingListLocation[] }) {
  const { t } = useTranslation('wallToWallBatch');
  return (
    <ListGroup data-testid="w2wb-locations">
      {locations.map((location) => (
        <ListGroup.Item
          key={location.code}
          className={`py-1 d-flex justify-content-between gap-2${location.toCount ? '' : ' text-body-secondary'}`}
          data-testid={`w2wb-location-${location.code}`}
        >
          <span className={location.toCount ? 'fw-bold' : ''}>{location.visualCode}</span>
          <Badge bg={colour[location.state]} data-testid="w2wb-state">
            {t(`state.${location.state}`)}
          </Badge>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
