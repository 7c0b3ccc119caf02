import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../components/object-dialogs/format.js';
import { keepScannerFocus } from '../../handheld/HandheldScreen.js';
import type { CollectedLine } from './transfer-state.js';

interface LineListProps {
  lines: readonly CollectedLine[];
  onRemove: (id: number) => void;
}

/** The lines collected for a multi stock transfer, each removable. */
export function LineList({ lines, onRemove }: LineListProps) {
  const { t } = useTranslation('stockTransfer');
  return (
    <section data-testid="transfer-lines">
      <h2 className="h5">{t('lines.title', { count: lines.length })}</h2>
      {lines.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('lines.empty')}</p>
      ) : (
        <ListGroup className="handheld-list" as="ol" numbered>
          {lines.map(({ id, line, itemName, units }, index) => (
            <ListGroup.Item key={id} as="li" className="d-flex align-items-center gap-2" data-testid="transfer-line">
              <div className="flex-grow-1 min-w-0">
                <div className="fw-semibold">
                  {formatQuantity(line.quantity)} {units ?? ''} × {line.item}
                </div>
                <div className="small text-body-secondary">
                  {[itemName, line.batch, line.serial].filter(Boolean).join(' · ')}
                </div>
                <div className="small">
                  {t('summary.from')}: {line.fromLocation}
                </div>
              </div>
              <Button
                variant="outline-danger"
                onClick={() => onRemove(id)}
                onMouseDown={keepScannerFocus}
                aria-label={t('lines.remove', { number: index + 1 })}
                data-testid="remove-line"
              >
                <i className="bi bi-trash" aria-hidden="true" />
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
