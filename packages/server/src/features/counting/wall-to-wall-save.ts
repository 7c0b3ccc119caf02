import {
  topics,
  type CountOutcome,
  type CountSaveAnswer,
  type countSaveRequestSchema,
  type RecountThreshold,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { runIdempotent } from '../../http/idempotency.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { syncCountingCounterAfterCommit } from '../bin-locations/bin-location-edits.service.js';
import { publishBinLocationsChanged, publishItemsChanged } from '../items/item-live.js';
import { applyStockMovement, type StockMovementLine } from '../stock/stock.service.js';
import { releaseCountLock, takeCountLock } from './count-lock.js';
import { resolveCountLinesWithCodes } from './count-lines.js';
import { countLines, isOverThreshold, serialKeyOf, sumCounted } from './count-plan.js';
import { countScopeStock, markLocationsCounted, postCountAdjustment } from './count-posting.js';
import { insertLocationCount } from './count-history.repository.js';
import { insertRecountRequest, syncRecountingCounter } from './recount-requests.js';
import * as repository from './wall-to-wall.repository.js';
import {
  assertMayCount,
  findCountLocationOrThrow,
  requireWallToWall,
  wallToWallSource,
} from './wall-to-wall.service.js';

type SaveBody = z.output<typeof countSaveRequestSchema>;
type SaveResult = Omit<CountSaveAnswer, 'replayed'> & { touchedItems: string[]; recount: { code: string } | null };

/** The idempotency key of a wall-to-wall count's COUNT_ADJUSTMENT: (no document: w2w, location, round). */
export const wallToWallMovementKey = (location: string, round: number) => `w2w:${location}:${round}`;

async function saveInTransaction(
  tx: Tx,
  ctx: AppContext,
  caller: Principal,
  body: SaveBody,
  threshold: RecountThreshold,
): Promise<SaveResult> {
  const location = await findCountLocationOrThrow(tx, body.location);
  assertMayCount(caller, location);
  const round = await repository.nextRound(tx, location.id, wallToWallSource);
  await takeCountLock(tx, location.id, caller, { name: wallToWallSource, round });
  const partialItems =
    location.requires_counting === 'PARTIAL'
      ? new Set((await repository.itemsToCountOf(tx, [location.id])).map((i) => i.id))
      : null;
  const { units, codes } = await resolveCountLinesWithCodes(ctx, tx, body.lines, {
    location: location.code,
    itemIds: partialItems,
  });
  const { rows: stockRows, stock } = await countScopeStock(tx, ctx, location.id, partialItems && [...partialItems]);

  // Serials: each takes the batch of its stock row; one the system has elsewhere is moved here.
  const here = new Map(stock.filter((r) => r.serialId !== null).map((r) => [r.serialId, r]));
  const scannedSerials = units.filter((u) => u.serialId !== null);
  const elsewhere = await repository.serialStockElsewhere(
    tx,
    scannedSerials.filter((u) => !here.has(u.serialId)).map((u) => u.serialId as number),
    location.id,
  );
  const elsewhereBySerial = new Map(elsewhere.map((r) => [r.serial_id, r]));
  for (const unit of scannedSerials) {
    unit.batchId = here.get(unit.serialId)?.batchId ?? elsewhereBySerial.get(unit.serialId)?.batch_id ?? null;
  }
  const counted = sumCounted(units);
  const scanned = new Set(scannedSerials.map((u) => u.serialId));
  const missing = stockRows.filter((r) => r.serial_id !== null && !scanned.has(r.serial_id));
  if (missing.length > 0 && !body.confirmMissingSerials) {
    throw unprocessable('serialsMissingConfirm', { serials: missing.map((r) => r.serial_code) });
  }
  const transfers = [...elsewhereBySerial.values()];
  const lines = countLines(
    stock,
    counted,
    new Set(transfers.map((r) => serialKeyOf({ itemId: r.item_id, batchId: r.batch_id, serialId: r.serial_id }))),
  );
  const at = nowIso();
  const movementKey = wallToWallMovementKey(location.code, round);
  const user = { userId: caller.userId, username: caller.username };
  const count = {
    binLocationId: location.id,
    source: wallToWallSource,
    documentCode: null,
    round,
    reason: body.reason,
    empty: body.empty,
    userId: caller.userId,
    username: caller.username,
    at,
    idempotencyKey: movementKey,
  };
  await releaseCountLock(tx, location.id, caller.userId);

  if (lines.some((line) => isOverThreshold(line, threshold))) {
    // Nothing is posted; the location stays flagged until the recount (PROCESSES.md 4.2 step 3).
    const recount = await insertRecountRequest(tx, {
      warehouseId: location.warehouse_id,
      at,
      lines: lines
        .filter((l) => l.difference !== 0)
        .map((l) => ({
          binLocationId: location.id,
          itemId: l.itemId,
          batchId: l.batchId,
          serialId: l.serialId,
          quantity: l.counted,
          extras: { source: 'WALL_TO_WALL_THRESHOLD', firstCount: l.counted, firstCounter: caller.username, round },
        })),
    });
    await insertLocationCount(tx, { ...count, outcome: 'RECOUNT_REQUESTED', recountDocumentCode: recount.code }, lines);
    return {
      location: location.code,
      outcome: 'RECOUNT_REQUESTED',
      adjustedLines: 0,
      transferredSerials: [],
      recountRequest: recount.code,
      round,
      touchedItems: [],
      recount,
    };
  }

  if (transfers.length > 0) {
    await applyStockMovement(tx, ctx, {
      type: 'TRANSFER',
      idempotencyKey: `${movementKey}:transfer`,
      countLockHolder: caller.userId,
      user,
      lines: transfers.flatMap((r): StockMovementLine[] => {
        const key = { itemId: r.item_id, batchId: r.batch_id, serialId: r.serial_id };
        const quantity = Number(r.on_hand_qty);
        const qc = Number(r.qc_pending_qty);
        return [
          { ...key, binLocationId: r.bin_location_id, onHandDelta: -quantity, qcPendingDelta: -qc },
          { ...key, binLocationId: location.id, onHandDelta: quantity, qcPendingDelta: qc },
        ];
      }),
    });
  }
  const adjustedLines = await postCountAdjustment(tx, ctx, {
    binLocationId: location.id,
    lines,
    stock,
    key: movementKey,
    countLockHolder: caller.userId,
    user,
  });
  const outcome: CountOutcome = adjustedLines > 0 || transfers.length > 0 ? 'POSTED' : 'NO_DIFFERENCE';
  await insertLocationCount(tx, { ...count, outcome, recountDocumentCode: null }, lines);
  await markLocationsCounted(tx, [location.id], at);
  const serialCodes = new Map(
    (
      await repository.serialCodes(
        tx,
        transfers.map((r) => r.serial_id as number),
      )
    ).map((s) => [s.id, s.code]),
  );
  // The codes of the items for ITEM_CHANGED: those counted are known; a row on hand not counted is read.
  const touchedIds = [...new Set(lines.map((l) => l.itemId))];
  const touchedItems = [
    ...touchedIds.flatMap((id) => codes.get(id) ?? []),
    ...(await repository.itemCodesOf(
      tx,
      touchedIds.filter((id) => !codes.has(id)),
    )),
  ];
  return {
    location: location.code,
    outcome,
    adjustedLines,
    transferredSerials: transfers.map((r) => serialCodes.get(r.serial_id as number) ?? ''),
    recountRequest: null,
    round,
    touchedItems,
    recount: null,
  };
}

/**
 * POST wall_to_wall/save (PROCESSES.md 4.1, 4.2; decision 0189): in one transaction, claimed by
 * the request's idempotency key (a replay answers the first answer and changes nothing). The
 * difference is counted - onHand at save time per item, batch and serial of the scope; over
 * the recount threshold nothing is posted and a RECOUNT_REQUEST is raised (the flag stays),
 * else serials found elsewhere are moved here (TRANSFER), the differences are ONE
 * COUNT_ADJUSTMENT with key w2w:{location}:{round}, and the location is counted
 * (requiresCounting NO, items cleared). Either way the count is written to the history and the
 * lock released. After the commit: the /wall_to_wall counter, ITEM_CHANGED, BIN_LOCATION_CHANGED
 * and DOCUMENT_CHANGED of a recount request.
 */
export async function saveCount(ctx: AppContext, caller: Principal, body: SaveBody): Promise<CountSaveAnswer> {
  await requireWallToWall(ctx);
  // Read before the transaction (SQLite has one connection).
  const threshold = (await ctx.settings.settings()).counting.recountThreshold;
  const result = await runIdempotent(
    ctx.db,
    {
      scope: 'wall_to_wall.save',
      key: body.idempotencyKey,
      userId: caller.userId,
      request: body,
      groupCommit: ctx.groupCommit,
    },
    (tx) => saveInTransaction(tx, ctx, caller, body, threshold),
  );
  const { touchedItems, recount, ...answer } = result.body;
  if (!result.replayed) await afterSave(ctx, answer.location, touchedItems, recount);
  return { ...answer, replayed: result.replayed };
}

async function afterSave(
  ctx: AppContext,
  location: string,
  itemCodes: readonly string[],
  recount: { code: string } | null,
): Promise<void> {
  try {
    publishItemsChanged(ctx, itemCodes);
    publishBinLocationsChanged(ctx, [location]);
    if (recount) {
      ctx.live.publish(topics.documents('recounting'), 'DOCUMENT_CHANGED', {
        type: 'RECOUNT_REQUEST',
        code: recount.code,
        status: 'OPEN',
        version: 1,
      });
    }
  } catch (error) {
    process.emitWarning(`wall-to-wall save not published: ${String(error)}`);
  }
  await syncCountingCounterAfterCommit(ctx);
  if (recount) await syncRecountingCounter(ctx);
}
