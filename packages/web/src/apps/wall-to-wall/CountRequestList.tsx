import { useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import { countRequestsQuery } from './wall-to-wall-api.js';

/**
 * The flagged locations in the counting walk (countingSortingCode order, as the server sends
 * them): YES (the whole location) or PARTIAL with its items, and another counter's lock. Blind:
 * no quantity.
 */
export function CountRequestList() {
  const { t } = useTranslation('wallToWall');
  const { data, isPending } = useQuery(countRequestsQuery());
  if (isPending) return null;
  const locations = data?.locations ?? [];
  if (locations.length === 0) {
    return (
      <p className="text-body-secondary" data-testid="w2w-no-requests">
        {t('noRequests')}
      </p>
    );
  }
  return (
    <ListGroup data-testid="w2w-requests">
      {locations.map((location) => (
        <ListGroup.Item key={location.code} data-testid={`w2w-request-${location.code}`} className="py-2">
          <div className="d-flex justify-content-between gap-2">
            <span className="fw-bold">{location.visualCode}</span>
            <span>
              {location.lockedBy ? (
                <Badge bg="warning" text="dark" className="me-1" data-testid="w2w-locked">
                  {t('lockedBy', { username: location.lockedBy })}
                </Badge>
              ) : null}
              <Badge bg={location.requiresCounting === 'YES' ? 'primary' : 'info'}>
                {t(`state.${location.requiresCounting}`)}
              </Badge>
            </span>
          </div>
          {location.items.length > 0 ? (
            <div className="small text-body-secondary">{location.items.map((item) => item.code).join(', ')}</div>
          ) : null}
        </ListGroup.Item>
      ))}
      {data?.truncated ? <ListGroup.Item className="small">{t('truncated')}</ListGroup.Item> : null}
    </ListGroup>
  );
}
