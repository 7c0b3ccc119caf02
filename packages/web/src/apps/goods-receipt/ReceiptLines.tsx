import { fromThousandths, toThousandths, type ReceiptEntry, type ReceiptLine } from '@wms/contract';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { UndoableEntries } from '../../handheld/UndoableEntries.js';

/** The receipt's lines: ordered, received (earlier receipts and this one) and open; the selected one marked. */
export function ReceiptLines({ lines, selected }: { lines: readonly ReceiptLine[]; selected: number | null }) {
  const { t } = useTranslation('goodsReceipt');
  return (
    <section data-testid="receipt-lines">
      <h2 className="h6 mb-2">{t('lines.title', { count: lines.length })}</h2>
      <ListGroup className="handheld-list">
        {lines.map((line) => (
          <ListGroup.Item
            key={line.line}
            active={line.line === selected}
            className="py-2"
            data-testid="receipt-line"
            data-line={line.line}
          >
            <div className="d-flex justify-content-between gap-2">
              <span className="fw-semibold text-truncate">{line.item}</span>
              {line.open === 0 ? <Badge bg="success">{t('lines.complete')}</Badge> : null}
            </div>
            <div className="small text-truncate">{line.itemName}</div>
            <div className="small" data-testid="receipt-line-quantities">
              {t('lines.quantities', {
                ordered: formatQuantity(line.ordered),
                received: formatQuantity(
                  fromThousandths(toThousandths(line.receivedBefore) + toThousandths(line.progress)),
                ),
                open: formatQuantity(line.open),
                units: line.units ?? '',
              })}
            </div>
            {line.plannedBatch ? (
              <div className="small text-body-secondary">{t('lines.plannedBatch', { batch: line.plannedBatch })}</div>
            ) : null}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}

/** The entries saved on the receipt (not posted yet), newest first, each undoable. */
export function ReceiptEntries({
  entries,
  onUndo,
  busy,
}: {
  entries: readonly ReceiptEntry[];
  onUndo: (entry: ReceiptEntry) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('goodsReceipt');
  return (
    <UndoableEntries
      entries={entries}
      title={t('entries.title', { count: entries.length })}
      testIds={{ section: 'receipt-entries', entry: 'receipt-entry' }}
      headline={(entry) => `${formatQuantity(entry.quantity)} × ${entry.item}`}
      details={(entry) => [entry.batch, entry.serial, entry.expirationDate, entry.targetLocation, entry.username]}
      undoLabel={(entry) => t('entries.undo', { item: entry.item })}
      onUndo={onUndo}
      busy={busy}
    />
  );
}
