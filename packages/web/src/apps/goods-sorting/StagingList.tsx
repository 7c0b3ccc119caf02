import { sameCode, samePaddedCode, type GoodsSortingStagingLine } from '@wms/contract';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import type { ItemIdentification } from '../../handheld/engine/types.js';

interface StagingListProps {
  location: string;
  lines: readonly GoodsSortingStagingLine[];
  /** The stock being sorted now: its rows are marked. */
  current: ItemIdentification | null;
}

function isCurrent(line: GoodsSortingStagingLine, current: ItemIdentification | null): boolean {
  if (!current || !sameCode(line.item, current.item.code)) return false;
  if (current.serial !== null) return line.serial !== null && samePaddedCode(line.serial, current.serial);
  if (current.batch !== null) return line.batch !== null && samePaddedCode(line.batch, current.batch);
  return true;
}

/** What is left in the staging location or cart, oldest receipt first (the order to sort it in). */
export function StagingList({ location, lines, current }: StagingListProps) {
  const { t } = useTranslation('goodsSorting');
  return (
    <section data-testid="staging-list">
      <h2 className="h5">{t('staging.title', { location, count: lines.length })}</h2>
      {lines.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('staging.empty', { location })}</p>
      ) : (
        <ListGroup className="handheld-list" as="ol">
          {lines.map((line) => (
            <ListGroup.Item
              key={[line.item, line.batch ?? '', line.serial ?? ''].join('|')}
              as="li"
              active={isCurrent(line, current)}
              data-testid="staging-line"
            >
              <div className="d-flex justify-content-between gap-2">
                <span className="fw-semibold">{line.item}</span>
                <span className="text-nowrap" data-testid="staging-line-quantity">
                  {line.onHandQty === null ? '—' : formatQuantity(line.onHandQty)}
                </span>
              </div>
              <div className="small">
                {[line.itemName, line.batch, line.serial].filter(Boolean).join(' · ')}
                {(line.qcPendingQty ?? 0) > 0 ? (
                  <Badge bg="warning" text="dark" className="ms-2">
                    {t('staging.qcPending', { quantity: formatQuantity(line.qcPendingQty) })}
                  </Badge>
                ) : null}
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
