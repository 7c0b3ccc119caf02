import { orderWalk } from './pick-list-allocation.js';
import { codeKey, type PickList } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { findClaimHolders } from '../claims/claims.service.js';
import { changeStatus } from '../documents/document-status.js';
import * as lines from './pick-list-lines.repository.js';
import { afterPickListCommit } from './pick-list-live.js';
import { bumpVersion, setListPlanning, setOrigin } from './pick-list-overview.repository.js';
import { findPickListHeadOrThrow, loadPickListView } from './pick-list-view.js';
import { lockPickList, nextLineNumber, pickListLines, type PickListHead } from './pick-lists.repository.js';

/**
 * POST merge {codes, confirmDifferentShipTo} (PROCESSES.md 3.2): two or more RELEASED, unclaimed
 * lists of one warehouse become one. The first code survives: the others' lines move to it with
 * their allocations (the allocation rows hang on the line, so no stock row changes), numbered
 * after its own, and their empty shipping containers follow; the others are CLOSED. The survivor
 * takes the highest priority and the earliest ship date of the merged lists, and its origin
 * becomes MERGE (it now holds several orders' lines; the closed lists keep theirs).
 *
 * Refusals: 404 unknownDocument; 422 cannotMergeStartedPicklist {code} for a list that is not
 * RELEASED or is claimed; 422 cannotMergeDifferentWarehouses; 422
 * mergeNeedsConfirmationDifferentShipTo when the customers or ship-to addresses differ and the
 * request does not confirm it. A code given twice counts once (fewer than two lists: 422
 * nothingToCreate).
 */
export async function mergePickLists(
  ctx: AppContext,
  request: { codes: readonly string[]; confirmDifferentShipTo: boolean },
): Promise<PickList> {
  const codes = [...new Map(request.codes.map((code) => [codeKey(code), code])).values()];
  const { survivor, all } = await ctx.db.transaction().execute(async (tx) => {
    const heads = await lockedHeads(tx, codes);
    await assertMergeable(tx, heads, request.confirmDifferentShipTo);
    const [first, ...others] = heads as [PickListHead, ...PickListHead[]];
    const at = nowIso();
    let lineNumber = await nextLineNumber(tx, first.id);
    for (const other of others) {
      for (const line of await pickListLines(tx, other.id)) {
        await lines.moveLine(tx, line.id, first.id, lineNumber++);
      }
      await lines.moveContainers(tx, other.id, first.id);
      await changeStatus(tx, { documentId: other.id, to: 'CLOSED' });
    }
    const shipDates = heads
      .map((h) => h.ship_date)
      .filter((d): d is string => d !== null)
      .sort();
    await setListPlanning(tx, first.id, {
      priority: Math.max(...heads.map((h) => h.priority)),
      shipDate: shipDates[0] ?? null,
    });
    await setOrigin(tx, first.id, 'MERGE');
    // One walk over the merged lines: by location sorting code again, not list after list.
    await orderWalk(tx, await lines.lineNumbersOf(tx, first.id));
    await bumpVersion(tx, first, first.version, at);
    return { survivor: await loadPickListView(tx, first.code), all: heads.map((h) => h.code) };
  });
  await afterPickListCommit(ctx, all);
  return survivor;
}

/** The lists in the order given, each locked (in id order, so overlapping merges never deadlock). */
async function lockedHeads(tx: DbOrTx, codes: readonly string[]): Promise<PickListHead[]> {
  const found = [];
  for (const code of codes) found.push(await findPickListHeadOrThrow(tx, code));
  if (found.length < 2) throw unprocessable('nothingToCreate');
  // Locked in id order; each read again when a row lock was taken (a pick or claim may have changed it).
  const locked = new Map<number, PickListHead>();
  for (const head of [...found].sort((a, b) => a.id - b.id)) {
    locked.set(head.id, (await lockPickList(tx, head.id)) ? await findPickListHeadOrThrow(tx, head.code) : head);
  }
  return found.map((head) => locked.get(head.id) as PickListHead);
}

async function assertMergeable(tx: DbOrTx, heads: readonly PickListHead[], confirmed: boolean): Promise<void> {
  const started = heads.find((h) => h.status !== 'RELEASED');
  if (started) throw unprocessable('cannotMergeStartedPicklist', { code: started.code });
  const [holder] = await findClaimHolders(
    tx,
    heads.map((h) => ({ type: 'PICK_LIST' as const, id: h.id })),
  );
  if (holder) {
    const claimed = heads.find((h) => h.id === holder.id);
    throw unprocessable('cannotMergeStartedPicklist', { code: claimed?.code ?? '' });
  }
  if (new Set(heads.map((h) => h.warehouse_id)).size > 1) throw unprocessable('cannotMergeDifferentWarehouses');
  const shipTo = (h: PickListHead) => `${h.business_partner_id ?? ''}|${normalised(h.ship_to_address)}`;
  if (!confirmed && new Set(heads.map(shipTo)).size > 1) throw unprocessable('mergeNeedsConfirmationDifferentShipTo');
}

/** The ship-to address JSON with its keys sorted (two writers may order them differently). */
function normalised(address: string | null): string {
  if (address === null || address.trim() === '') return '';
  try {
    const value: unknown = JSON.parse(address);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(value);
    const record = value as Record<string, unknown>;
    return JSON.stringify(
      Object.keys(record)
        .sort()
        .map((key) => [key, record[key]]),
    );
  } catch {
    return address.trim();
  }
}
