import { fromThousandths, toThousandths, type ReceiptEntry, type ReceiptLine } from '@wms/contract';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { keepScannerFocus } from '../../handheld/HandheldScreen.js';

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
  if (entries.length === 0) return null;
  return (
    <section data-testid="receipt-entries">
      <h2 className="h6 mb-2">{t('entries.title', { count: entries.length })}</h2>
      <ListGroup className="handheld-list">
        {[...entries].reverse().map((entry) => (
          <ListGroup.Item key={entry.id} className="d-flex align-items-center gap-2 py-2" data-testid="receipt-entry">
            <div className="flex-grow-1 min-w-0">
              <div className="fw-semibold text-truncate">
                {formatQuantity(entry.quantity)} × {entry.item}
              </div>
              <div className="small text-body-secondary text-truncate">
                {[entry.batch, entry.serial, entry.expirationDate, entry.targetLocation, entry.username]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
            </div>
            <Button
              variant="outline-danger"
              disabled={busy}
              onClick={() => onUndo(entry)}
              onMouseDown={keepScannerFocus}
              aria-label={t('entries.undo', { item: entry.item })}
              data-testid="undo-entry"
            >
              <i className="bi bi-arrow-counterclockwise" aria-hidden="true" />
            </Button>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}
