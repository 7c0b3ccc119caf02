import type { FlushLineResult, GoodsReturn, GoodsReturnEntry } from '@wms/contract';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { UndoableEntries } from '../../handheld/UndoableEntries.js';

/** The return's lines: announced, saved and what may still come back; a failed flush line shows its error. */
export function ReturnLines({
  goodsReturn,
  selected,
  failures,
}: {
  goodsReturn: GoodsReturn;
  selected: number | null;
  failures: readonly FlushLineResult[];
}) {
  const { t } = useTranslation('goodsReturns');
  return (
    <section data-testid="return-lines">
      <h2 className="h6 mb-2">{t('lines.title', { number: goodsReturn.lines.length })}</h2>
      <ListGroup className="handheld-list">
        {goodsReturn.lines.map((line) => {
          const failure = failures.find((result) => result.line === line.line && result.outcome === 'FAILED');
          return (
            <ListGroup.Item
              key={line.line}
              active={line.line === selected}
              variant={failure ? 'danger' : undefined}
              className="py-2"
              data-testid="return-line"
            >
              <div className="d-flex justify-content-between gap-2">
                <span className="fw-semibold text-truncate">{line.item}</span>
                {line.flushed ? <Badge bg="success">{t('lines.flushed')}</Badge> : null}
              </div>
              <div className="small text-truncate">{line.itemName}</div>
              <div className="small" data-testid="return-line-quantities">
                {t('lines.quantities', {
                  announced: formatQuantity(line.quantity),
                  returned: formatQuantity(line.returnedQuantity),
                  returnable: formatQuantity(line.returnableQuantity),
                })}
              </div>
              {failure && failure.outcome === 'FAILED' ? (
                <div className="small" data-testid="return-line-error">
                  {t(`errors:${failure.error.key}`, failure.error.args)}
                </div>
              ) : null}
            </ListGroup.Item>
          );
        })}
      </ListGroup>
    </section>
  );
}

/** The saved entries, newest first; an unflushed one can be undone. */
export function ReturnEntries({
  entries,
  onUndo,
  busy,
}: {
  entries: readonly GoodsReturnEntry[];
  onUndo: (entry: GoodsReturnEntry) => void;
  busy: boolean;
}) {
  const { t } = useTranslation('goodsReturns');
  return (
    <UndoableEntries
      entries={entries}
      title={t('entries.title', { number: entries.length })}
      testIds={{ section: 'return-entries', entry: 'return-entry' }}
      headline={(entry) => `${formatQuantity(entry.quantity)} × ${entry.item} ${entry.serial ?? entry.batch ?? ''}`}
      details={(entry) => [t(`condition.${entry.condition}`), entry.target, entry.reason, entry.username]}
      undoLabel={(entry) => t('entries.undo', { item: entry.item })}
      onUndo={onUndo}
      busy={busy}
      fixed={(entry) => (entry.flushed ? <Badge bg="success">{t('lines.flushed')}</Badge> : null)}
    />
  );
}
