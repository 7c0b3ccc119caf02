import type { PackView } from '@wms/contract';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import { progressOf } from './pack-state.js';

/** The list's containers and their contents, with what is verified ("3 of 5" with SCAN_ALL). */
export function PackContents({ view }: { view: PackView }) {
  const { t } = useTranslation('packAndDelivery');
  const { done, total } = progressOf(view);
  return (
    <section data-testid="pack-contents">
      <h2 className="h6">
        {t('contents.title', { code: view.pickList.code })}
        {view.verification === 'NONE' ? null : (
          <span className="ms-2 text-body-secondary" data-testid="pack-progress">
            {t('contents.progress', { done, total })}
          </span>
        )}
      </h2>
      <ListGroup className="handheld-list">
        {view.containers.map((container) => (
          <ListGroup.Item key={container.code} className="py-2" data-testid="pack-container">
            <div className="d-flex justify-content-between gap-2">
              <span className="fw-semibold">{container.code}</span>
              <Badge bg={container.status === 'OPEN' ? 'secondary' : 'success'}>
                {t(`containerStatus.${container.status}`)}
              </Badge>
            </div>
            {container.contents.map((content) => (
              <div
                key={`${content.item}|${content.batch ?? ''}|${content.serial ?? ''}`}
                className="small d-flex justify-content-between gap-2"
              >
                <span className="text-truncate">
                  {content.item} {content.batch ?? ''} {content.serial ?? ''}
                </span>
                <span>
                  {view.verification === 'NONE'
                    ? content.quantity
                    : t('contents.row', { verified: content.verifiedQuantity, quantity: content.quantity })}
                </span>
              </div>
            ))}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}
