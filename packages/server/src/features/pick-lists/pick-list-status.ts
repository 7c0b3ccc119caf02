import type { PickListStatus } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { changeStatus } from '../documents/document-status.js';

/** What the status of a list follows: how many lines are open, and whether anything was picked. */
async function progressOf(tx: DbOrTx, documentId: number) {
  const row = await tx
    .selectFrom('document_line as l')
    .leftJoin('pick_list_line as pl', 'pl.document_line_id', 'l.id')
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(eb.case().when('l.open_quantity', '>', 0).then(1).else(0).end())
        .as('open_lines'),
      eb.fn.sum<number | string | null>(eb.fn.coalesce('pl.picked_qty', eb.lit(0))).as('picked'),
    ])
    .where('l.document_id', '=', documentId)
    .executeTakeFirstOrThrow();
  return { openLines: Number(row.open_lines ?? 0), picked: Number(row.picked ?? 0) };
}

/**
 * Recomputes a RELEASED or PARTLY_PICKED list's status from its lines, inside the caller's
 * transaction (the caller locked the document): RELEASED while nothing is picked, PARTLY_PICKED
 * when something is picked and something open, PICKED when nothing is open and something picked.
 * A list whose every line ended short with nothing picked stays as it is: flush closes it
 * (CLOSED is only ever set by the caller). Other statuses are left alone. Answers the status now.
 */
export async function refreshPickListStatus(tx: DbOrTx, documentId: number): Promise<PickListStatus> {
  const current = await tx
    .selectFrom('document')
    .select('status')
    .where('id', '=', documentId)
    .executeTakeFirstOrThrow();
  const from = current.status as PickListStatus;
  if (from !== 'RELEASED' && from !== 'PARTLY_PICKED') return from;
  const { openLines, picked } = await progressOf(tx, documentId);
  const to: PickListStatus = picked === 0 ? 'RELEASED' : openLines > 0 ? 'PARTLY_PICKED' : 'PICKED';
  if (to === from || (to === 'RELEASED' && from === 'PARTLY_PICKED')) return from;
  await changeStatus(tx, { documentId, to });
  return to;
}
