import { codeKey, type PickAnswer, type PickListStatus } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import * as repository from './pick-list-pick.repository.js';
import type { PickListForPickRow } from './pick-list-pick.repository.js';
import { toPickListLine } from './pick-list-view.js';
import * as views from './pick-list-view.repository.js';

/**
 * The pick's answer: what it changed (contract pickChangeSchema), not the whole list
 * (docs/benchmarks.md issue 18: reloading the list was a third of a pick). The line is the one
 * loadPickListView shows, built by the same mapping from the same reads (the pick's own for its
 * line and allocations, one read for the line's picks).
 */

/** The list's head and counts as the pick read them, with the status and version after it. */
export interface ListAfterPick {
  row: PickListForPickRow;
  status: PickListStatus;
  version: number;
  linesOpen: number;
}

/** The change of a pick of `line` (line and allocations as they are now). */
export async function pickChange(
  tx: DbOrTx,
  list: ListAfterPick,
  line: views.LineViewRow,
  allocations: readonly views.AllocationViewRow[],
): Promise<PickAnswer['change']> {
  const picks = await views.picksOfListLine(tx, line.id);
  const linesTotal = Number(list.row.lines_total ?? 0);
  return {
    code: list.row.list_code,
    status: list.status,
    version: list.version,
    linesTotal,
    linesPicked: linesTotal - list.linesOpen,
    line: toPickListLine(line, allocations, picks),
  };
}

/**
 * A pick whose idempotency key the ledger knows already. The same list's PICK answers its line as
 * it is now, moving nothing (replayed, zeroCheck false); any other use of the key (another list,
 * another movement) is 422 idempotencyKeyConflict {key}.
 */
export async function replayedPick(
  tx: DbOrTx,
  row: PickListForPickRow,
  key: string,
  earlier: { transaction_type: string; document_type: string | null; document_code: string | null },
): Promise<PickAnswer> {
  const conflict = new AppError(422, 'idempotencyKeyConflict', { key });
  const sameList =
    earlier.transaction_type === 'PICK' &&
    earlier.document_type === 'PICK_LIST' &&
    codeKey(earlier.document_code ?? '') === codeKey(row.list_code);
  if (!sameList) throw conflict;
  const entry = await repository.entryOfKey(tx, row.list_id, key);
  const line = entry && (await views.lineOfList(tx, entry.document_line_id));
  if (!entry || !line) throw conflict;
  const list: ListAfterPick = {
    row,
    status: row.list_status as PickListStatus,
    version: row.list_version,
    linesOpen: Number(row.lines_open ?? 0),
  };
  const allocations = await views.allocationsOfListLine(tx, line.id);
  return { change: await pickChange(tx, list, line, allocations), zeroCheck: false, replayed: true };
}
