import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { keepScannerFocus } from './HandheldScreen.js';

export interface UndoableEntry {
  id: number;
}

/**
 * The entries saved on a document and not posted yet (a receipt's, a return's), newest first:
 * a title, each entry's headline and details, and its undo button (or what stands in its place
 * once the entry cannot be undone). The buttons keep the scanner input focused.
 */
export function UndoableEntries<E extends UndoableEntry>({
  entries,
  title,
  testIds,
  headline,
  details,
  undoLabel,
  onUndo,
  busy,
  fixed,
}: {
  entries: readonly E[];
  title: string;
  /** data-testid of the section and of each entry (receipt-entries, receipt-entry). */
  testIds: { section: string; entry: string };
  headline: (entry: E) => ReactNode;
  details: (entry: E) => readonly (string | null | undefined)[];
  undoLabel: (entry: E) => string;
  onUndo: (entry: E) => void;
  busy: boolean;
  /** Shown instead of the undo button for an entry that can no longer be undone. */
  fixed?: (entry: E) => ReactNode | null;
}) {
  if (entries.length === 0) return null;
  return (
    <section data-testid={testIds.section}>
      <h2 className="h6 mb-2">{title}</h2>
      <ListGroup className="handheld-list">
        {[...entries].reverse().map((entry) => (
          <ListGroup.Item key={entry.id} className="d-flex align-items-center gap-2 py-2" data-testid={testIds.entry}>
            <div className="flex-grow-1 min-w-0">
              <div className="fw-semibold text-truncate">{headline(entry)}</div>
              <div className="small text-body-secondary text-truncate">
                {details(entry).filter(Boolean).join(' · ')}
              </div>
            </div>
            {fixed?.(entry) ?? (
              <Button
                variant="outline-danger"
                disabled={busy}
                onClick={() => onUndo(entry)}
                onMouseDown={keepScannerFocus}
                aria-label={undoLabel(entry)}
                data-testid="undo-entry"
              >
                <i className="bi bi-arrow-counterclockwise" aria-hidden="true" />
              </Button>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}
