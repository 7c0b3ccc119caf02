import { useQuery } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import { keepScannerFocus } from '../../handheld/HandheldScreen.js';
import { recountRequestsQuery } from './recounting-api.js';

/**
 * The open recount requests, oldest first: locations, items, source, who counted first and who
 * holds it. Blind: no quantity. Tapping one claims it (as scanning its code does).
 */
export function RecountRequestList({ onPick }: { onPick: (code: string) => void }) {
  const { t } = useTranslation('recounting');
  const { data, isPending } = useQuery(recountRequestsQuery());
  if (isPending) return null;
  const requests = data?.requests ?? [];
  if (requests.length === 0) {
    return (
      <p className="text-body-secondary" data-testid="rc-no-requests">
        {t('noRequests')}
      </p>
    );
  }
  return (
    <ListGroup data-testid="rc-requests">
      {requests.map((request) => (
        <ListGroup.Item
          key={request.code}
          action
          onMouseDown={keepScannerFocus}
          onClick={() => onPick(request.code)}
          data-testid={`rc-request-${request.code}`}
          className="py-2"
        >
          <div className="d-flex justify-content-between gap-2">
            <span className="fw-bold">{request.code}</span>
            <span>
              {request.claimedBy ? (
                <Badge bg="warning" text="dark" className="me-1">
                  {request.claimedBy}
                </Badge>
              ) : null}
              <Badge bg="info">{t(`source.${request.source}`)}</Badge>
            </span>
          </div>
          <div className="small">
            {request.locations
              .map((l) => `${l.visualCode}: ${l.items.map((i) => i.batch ?? i.serial ?? i.code).join(', ')}`)
              .join(' · ')}
          </div>
          {request.firstCounter ? (
            <div className="small text-body-secondary">{t('firstCounter', { username: request.firstCounter })}</div>
          ) : null}
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
