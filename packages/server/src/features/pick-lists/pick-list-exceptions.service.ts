import {
  type PickList,
  type shortAnswerSchema,
  type shortRequestSchema,
  type skipRequestSchema,
  type zeroCheckRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { notFound, unprocessable } from '../../http/app-error.js';
import { runIdempotent } from '../../http/idempotency.js';
import { assertClaimant } from '../claims/claims.service.js';
import { syncRecountingCounter } from '../counting/recount-requests.js';
import { publishBinLocationsChanged } from '../items/item-live.js';
import { raiseShortPickRecount } from '../recounting/short-pick-recount.js';
import { changeAllocations } from '../stock/stock.service.js';
import { AllocationStock } from './pick-list-allocation.js';
import { afterCountingFlagged, flagForCounting } from './pick-list-counting.js';
import { afterPickListCommit } from './pick-list-live.js';
import * as repository from './pick-list-pick.repository.js';
import { allocationsOfLine, assertPickable, findLineOrThrow, pickListObject } from './pick-list-pick.service.js';
import { refreshPickListStatus } from './pick-list-status.js';
import { loadPickListView, lockedPickList } from './pick-list-view.js';
import {
  changeReleasedQuantity,
  insertPickListLines,
  nextLineNumber,
  setWalkOrder,
  type PickListHead,
} from './pick-lists.repository.js';

/**
 * The handheld's exceptions (PROCESSES.md 3.3 step 3): short, skip and the zero check. Each locks
 * the list's document and checks the claim and that the list is pickable.
 */

type ShortBody = z.output<typeof shortRequestSchema>;
type ShortAnswer = z.infer<typeof shortAnswerSchema>;

async function lockedForPicking(tx: Tx, caller: Principal, code: string): Promise<PickListHead> {
  const head = await lockedPickList(tx, code);
  await assertClaimant(tx, pickListObject(head.id), caller.userId);
  assertPickable(head);
  return head;
}

/**
 * Re-allocates `quantity` of the short line elsewhere (not at the short location): a new line at
 * the end of the walk (same item, sales order line, batch or serial asked) holding what free
 * stock there is. Answers its line number, or null when nothing was free.
 */
async function reallocate(
  tx: Tx,
  head: PickListHead,
  line: repository.LineRow,
  excludeLocationId: number,
  quantity: number,
): Promise<number | null> {
  if (head.warehouse_id === null || quantity <= 0) return null;
  const stock = new AllocationStock();
  await stock.load(tx, head.warehouse_id, [line.item_id]);
  const planned = stock.take(
    { warehouseId: head.warehouse_id, itemId: line.item_id, batchId: line.batch_id, serialId: line.serial_id },
    quantity,
    { excludeLocationIds: [excludeLocationId] },
  );
  if (planned.allocated <= 0) return null;
  const lineNumber = await nextLineNumber(tx, head.id);
  const walkOrder = await repository.nextWalkOrder(tx, head.id);
  const [inserted] = await insertPickListLines(tx, head.id, lineNumber, [
    {
      itemId: line.item_id,
      quantity: planned.allocated,
      sourceLineId: line.source_line_id,
      batchId: line.batch_id,
      serialId: line.serial_id,
    },
  ]);
  if (!inserted) throw new Error('re-allocated line not written');
  await setWalkOrder(tx, new Map([[inserted.id, walkOrder]]));
  await changeAllocations(
    tx,
    planned.changes.map((change) => ({ ...change, documentLineId: inserted.id })),
  );
  if (line.source_line_id !== null && !(await changeReleasedQuantity(tx, line.source_line_id, planned.allocated))) {
    throw new Error(`released quantity of sales order line ${line.source_line_id} out of range`);
  }
  return lineNumber;
}

async function shortInTransaction(
  tx: Tx,
  caller: Principal,
  code: string,
  body: ShortBody,
  flagged: string[],
  recountOnShortPick: boolean,
): Promise<ShortAnswer> {
  const head = await lockedForPicking(tx, caller, code);
  const line = await findLineOrThrow(tx, head.id, body.lineNumber);
  const allocations = await allocationsOfLine(tx, line.id);
  const location = await repository.findLocation(tx, head.warehouse_id, body.fromLocation);
  const here = location ? allocations.filter((a) => a.binLocationId === location.id) : [];
  if (!location || here.length === 0) {
    throw unprocessable('wrongLocationScanned', {
      expected: allocations[0]?.location ?? null,
      scanned: location?.code ?? body.fromLocation,
    });
  }
  // What the line expected here (and had nowhere): the rest not allocated at other locations.
  const elsewhere = allocations.filter((a) => a.binLocationId !== location.id).reduce((s, a) => s + a.quantity, 0);
  const short = line.open_quantity - elsewhere;
  await changeAllocations(
    tx,
    here.map((a) => ({
      itemId: a.itemId,
      batchId: a.batchId,
      serialId: a.serialId,
      binLocationId: a.binLocationId,
      documentLineId: line.id,
      delta: -a.quantity,
    })),
  );
  const reason = body.reason ?? line.short_reason;
  if (!(await repository.addToLineProgress(tx, line.id, { picked: 0, short, shortReason: reason }))) {
    throw new Error(`short of ${short} above the open quantity of line ${line.line_number}`);
  }
  if (line.source_line_id !== null && !(await changeReleasedQuantity(tx, line.source_line_id, -short))) {
    throw new Error(`released quantity of sales order line ${line.source_line_id} out of range`);
  }
  await flagForCounting(tx, location.id, line.item_id);
  flagged.push(location.code);
  if (recountOnShortPick) {
    // Decision 0191: the setting counting.recountOnShortPick raises a recount of what was not found.
    await raiseShortPickRecount(tx, {
      warehouseId: head.warehouse_id,
      pickList: head.code,
      picker: caller.username,
      missing: here,
    });
  }
  const reallocatedLine = await reallocate(tx, head, line, location.id, short);
  await refreshPickListStatus(tx, head.id);
  return { pickList: await loadPickListView(tx, code), reallocatedLine };
}

/**
 * POST {code}/short: the line's stock at the location is not there. Its allocation there is
 * released, the rest of the line not allocated elsewhere is closed short with the reason (null:
 * flush asks for one), the sales order line's released quantity lowered by it, the location
 * flagged requiresCounting PARTIAL for the item (the /wall_to_wall counter rises), and free stock
 * elsewhere re-allocates it as a new line at the end of the walk (reallocatedLine). Once per
 * idempotency key (a replay answers the first answer). 422 wrongLocationScanned {expected,
 * scanned} when the line holds nothing at the location.
 */
export async function shortPick(
  ctx: AppContext,
  caller: Principal,
  code: string,
  body: ShortBody,
): Promise<ShortAnswer> {
  const flagged: string[] = [];
  const { recountOnShortPick } = (await ctx.settings.settings()).counting;
  const result = await runIdempotent(
    ctx.db,
    { scope: 'pickLists.short', key: body.idempotencyKey, userId: caller.userId, request: { code, body } },
    (tx) => shortInTransaction(tx, caller, code, body, flagged, recountOnShortPick),
  );
  if (!result.replayed) {
    await afterPickListCommit(ctx, [result.body.pickList.code]);
    await afterCountingFlagged(ctx);
    if (recountOnShortPick) await syncRecountingCounter(ctx);
    publishBinLocationsChanged(ctx, flagged);
  }
  return result.body;
}

/** POST {code}/skip: the line goes to the end of the walk (skipped), still to be done. */
export async function skipLine(
  ctx: AppContext,
  caller: Principal,
  code: string,
  body: z.output<typeof skipRequestSchema>,
): Promise<PickList> {
  const answer = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedForPicking(tx, caller, code);
    const line = await findLineOrThrow(tx, head.id, body.lineNumber);
    await repository.moveLineLast(tx, head.id, line.id);
    return loadPickListView(tx, code);
  });
  await afterPickListCommit(ctx, [answer.code]);
  return answer;
}

/**
 * POST {code}/zeroCheck: the picker's answer to "location empty?". "No" (or "yes" where the
 * system still holds the item there) flags the location requiresCounting PARTIAL for the item.
 * 404 unknownLocation {code} / unknownItemForCode {code}.
 */
export async function zeroCheck(
  ctx: AppContext,
  caller: Principal,
  code: string,
  body: z.output<typeof zeroCheckRequestSchema>,
): Promise<{ ok: true }> {
  const flagged = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, code);
    await assertClaimant(tx, pickListObject(head.id), caller.userId);
    const location = await repository.findLocation(tx, head.warehouse_id, body.location);
    if (!location) throw notFound('unknownLocation', { code: body.location });
    const item = await repository.findItemByCode(tx, body.item);
    if (!item) throw notFound('unknownItemForCode', { code: body.item });
    const onHand = await repository.onHandOfItemAt(tx, item.id, location.id);
    if (body.empty && onHand === 0) return null;
    await flagForCounting(tx, location.id, item.id);
    return location.code;
  });
  if (flagged !== null) {
    await afterCountingFlagged(ctx);
    publishBinLocationsChanged(ctx, [flagged]);
  }
  return { ok: true };
}
