import type { CheckedRow, SourceRow } from '../importers/importer.js';
import { hasError, type Checked, type Message } from './master-data-rules.js';

/**
 * How a master-data importer joins its two steps: the cells of each row read into a draft
 * (master-data-cells.ts), then the entity's one check (the API's) over every draft at once. A
 * row's messages are its cells' and the check's; it is written only without an ERROR in either.
 */

export interface ParsedRow<D> {
  row: SourceRow;
  /** null when the row has no usable key (its code cell is empty or wrong). */
  draft: D | null;
  messages: Message[];
}

export async function mergeChecked<D, P>(
  parsed: readonly ParsedRow<D>[],
  check: (drafts: D[], rowNumbers: number[]) => Promise<Checked<P>[]>,
  groupOf: (draft: D) => string,
): Promise<CheckedRow<P>[]> {
  const withDraft = parsed.filter((p): p is ParsedRow<D> & { draft: D } => p.draft !== null);
  const checked = await check(
    withDraft.map((p) => p.draft),
    withDraft.map((p) => p.row.rowNumber),
  );
  const byRow = new Map(withDraft.map((p, i) => [p, checked[i]]));
  return parsed.map((p) => {
    const result = byRow.get(p as ParsedRow<D> & { draft: D });
    const messages = [...p.messages, ...(result?.messages ?? [])];
    const prepared = hasError(messages) ? undefined : result?.prepared;
    return {
      rowNumber: p.row.rowNumber,
      messages,
      group: p.draft === null ? null : groupOf(p.draft),
      ...(prepared === undefined ? {} : { prepared }),
    };
  });
}
