import { useQuery } from '@tanstack/react-query';
import type { DispatchDelivery } from '@wms/contract';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import { deliveryDispatchQueries } from './delivery-dispatch-api.js';

/** One delivery: code, customer, loaded of total, and its containers (loaded ones ticked). */
export function DispatchDeliveryRow({ delivery }: { delivery: DispatchDelivery }) {
  const { t } = useTranslation('deliveryDispatch');
  return (
    <ListGroup.Item data-testid={`dispatch-delivery-${delivery.code}`}>
      <div className="d-flex justify-content-between gap-2">
        <strong>{delivery.code}</strong>
        <span data-testid="dispatch-counts">
          {t('list.counts', { loaded: delivery.loaded, total: delivery.total })}
        </span>
      </div>
      {delivery.customer ? <div className="small">{delivery.customer.name}</div> : null}
      <div className="small text-body-secondary d-flex flex-wrap gap-2">
        {delivery.containers.map((container) => (
          <span key={container.code}>
            {container.loaded ? <i className="bi bi-check2 me-1" aria-hidden="true" /> : null}
            {container.code}
          </span>
        ))}
      </div>
    </ListGroup.Item>
  );
}

/** The deliveries waiting for dispatch (PROCESSES.md 3.8), grouped by route with their counts. */
export function NotDispatchedList() {
  const { t } = useTranslation('deliveryDispatch');
  const { data } = useQuery(deliveryDispatchQueries.notDispatched());
  if (!data) return null;
  return (
    <section className="d-flex flex-column gap-2" data-testid="not-dispatched">
      <h2 className="h6 mb-0">{t('list.title')}</h2>
      {data.groups.length === 0 ? <p className="mb-0 text-body-secondary">{t('list.empty')}</p> : null}
      {data.groups.map((group) => (
        <div key={group.route ?? ''}>
          <h3 className="h6 small text-uppercase mb-1">
            {group.route === null ? t('list.noRoute') : t('list.route', { route: group.route })}
          </h3>
          <ListGroup>
            {group.deliveries.map((delivery) => (
              <DispatchDeliveryRow key={delivery.code} delivery={delivery} />
            ))}
          </ListGroup>
        </div>
      ))}
      {data.truncated ? <p className="small mb-0">{t('list.truncated')}</p> : null}
    </section>
  );
}
