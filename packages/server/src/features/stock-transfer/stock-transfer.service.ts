import { randomUUID } from 'node:crypto';
import type { StockTransferAnswer, StockTransferValidation, locationTransferRequestSchema } from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { hasAnyRole, type Principal } from '../../http/access.js';
import { AppError, unprocessable } from '../../http/app-error.js';
import { runIdempotent, type IdempotentResult } from '../../http/idempotency.js';
import { refreshGoodsSortingCounter, touchesStaging } from '../goods-sorting/goods-sorting-counter.js';
import { publishBinLocationsChanged, publishItemsChanged } from '../items/item-live.js';
import { applyStockMovement, type StockMovement } from '../stock/stock.service.js';
import {
  locationsByCode,
  movedLines,
  movementLines,
  planLines,
  resolveLines,
  type LinesRequest,
  type PlannedLine,
} from './stock-transfer-lines.js';
import * as repository from './stock-transfer.repository.js';
import type { TransferLocationRow } from './stock-transfer.repository.js';
import { bucketsOf, freeToMove } from '../stock/stock-buckets.js';

/**
 * Stock transfers (contract stock-transfer.ts; DOMAIN.md). One request
 * is one transaction through the stock service as a TRANSFER movement: a ledger row per moved
 * line and side, document STOCK_TRANSFER with the transferId as its code, and every invariant of
 * the stock service (stock-policy.ts) checked inside the transaction. The Idempotency-Key is
 * claimed by runIdempotent (the stored answer is the replay) and is also the movement's key in
 * the ledger. ITEM_CHANGED and BIN_LOCATION_CHANGED are published after the commit, and the
 * /goods_sorting counter is refreshed in the background when a staging location took part.
 */

export type LocationRequest = z.output<typeof locationTransferRequestSchema>;

/** Work types whose locations the client offers to block when they receive QC-pending stock. */
const blockableForQc: ReadonlySet<string> = new Set(['BULK', 'QC']);

/**
 * A transfer's reference in the ledger: time-ordered and unique across instances (40 random bits
 * from randomUUID, which draws on a pooled buffer instead of asking the system for 5 bytes each time).
 */
export function newTransferId(): string {
  const random = randomUUID();
  return `ST-${Date.now().toString(36).toUpperCase()}-${(random.slice(0, 8) + random.slice(9, 11)).toUpperCase()}`;
}

/** What a transfer plans: the target, the planned lines, and the rows read for them. */
export interface TransferPlan {
  to: TransferLocationRow;
  planned: PlannedLine[];
  read: StockMovement['readInTransaction'];
}

async function moveStock(
  tx: Tx,
  ctx: AppContext,
  caller: Principal,
  { planned, to, read }: TransferPlan,
  idempotencyKey: string | null,
): Promise<StockTransferAnswer> {
  const transferId = newTransferId();
  const result = await applyStockMovement(tx, ctx, {
    type: 'TRANSFER',
    idempotencyKey,
    documentRef: { type: 'STOCK_TRANSFER', code: transferId },
    user: { userId: caller.userId, username: caller.username },
    allowRestricted: hasAnyRole(caller, ['stockTransferAuthMoveRestricted']),
    lines: movementLines(planned, to),
    readInTransaction: read,
  });
  // The ledger knows the key but this request's scope did not: another kind of request used it.
  if (result.replayed) throw new AppError(422, 'idempotencyKeyConflict', { key: idempotencyKey });
  return { transferId, lines: movedLines(planned, to) };
}

/**
 * The plan of a lines request in the caller's transaction: codes resolved (404 unknownLocation,
 * unknownItemForCode, unknownBatch, unknownSerial), the management-type and quantity checks of a
 * transfer line, and each line split into free and QC-pending stock. Features that move stock as
 * a TRANSFER of their own (goods sorting) plan with it and apply transferMovementLines.
 */
export function planTransferLines(tx: Tx, request: LinesRequest): Promise<TransferPlan> {
  return planRequest(tx, request);
}

/** The stock movement lines and the answer's lines of a plan (see planTransferLines). */
export const transferMovementLines = (plan: TransferPlan) => movementLines(plan.planned, plan.to);
export const transferMovedLines = (plan: TransferPlan) => movedLines(plan.planned, plan.to);

async function planRequest(tx: Tx, request: LinesRequest): Promise<TransferPlan> {
  // The target and every source location in one query; an unknown target is reported first.
  const locations = await locationsByCode(tx, [request.toLocation, ...request.lines.map((l) => l.fromLocation)]);
  const to = locations.byCode(request.toLocation);
  const resolved = await resolveLines(tx, request.lines, to, locations.byCode);
  const planned = await planLines(tx, resolved);
  return { to, planned, read: { locations: locations.rows, items: resolved.map((l) => l.item) } };
}

/** The free-to-move content of the location as lines (QC-pending, released and picked stock stay). */
async function planLocation(tx: Tx, request: LocationRequest): Promise<TransferPlan> {
  const locations = await locationsByCode(tx, [request.fromLocation, request.toLocation]);
  const from = locations.byCode(request.fromLocation);
  const to = locations.byCode(request.toLocation);
  if (from.id === to.id) throw unprocessable('sameSourceAndTarget', { code: from.code });
  const planned: PlannedLine[] = [];
  for (const row of await repository.stockRowsOfLocation(tx, from.id)) {
    const free = freeToMove(bucketsOf(row));
    if (free <= 0) continue;
    planned.push({
      item: { id: row.item_id, code: row.item_code, name: row.item_name },
      batch: row.batch_id === null ? null : { id: row.batch_id, code: row.batch_code ?? '' },
      serial: row.serial_id === null ? null : { id: row.serial_id, code: row.serial_code ?? '' },
      from,
      quantity: free,
      qcPending: 0,
    });
  }
  if (planned.length === 0) throw unprocessable('nothingToMove', { code: from.code });
  return { to, planned, read: { locations: locations.rows } };
}

function publishMoved(ctx: AppContext, answer: StockTransferAnswer): void {
  publishItemsChanged(
    ctx,
    answer.lines.map((l) => l.item),
  );
  publishBinLocationsChanged(
    ctx,
    answer.lines.flatMap((l) => [l.fromLocation, l.toLocation]),
  );
}

/** Thrown to roll back a validation run; never leaves this file. */
class ValidationRollback extends Error {
  constructor(readonly answer: StockTransferValidation) {
    super('validation rollback');
  }
}

/**
 * validateRequest: runs the whole transfer (every rule of the stock service included) in a
 * transaction that is always rolled back, so nothing is written. Answers the targets of work
 * type BULK or QC that would receive QC-pending stock (the client asks to block them).
 */
export async function validateTransfer(
  ctx: AppContext,
  caller: Principal,
  request: LinesRequest,
): Promise<StockTransferValidation> {
  try {
    await ctx.db.transaction().execute(async (tx) => {
      const plan = await planRequest(tx, request);
      await moveStock(tx, ctx, caller, plan, null);
      const { to, planned } = plan;
      const receivesQc = planned.some((l) => l.qcPending > 0) && blockableForQc.has(to.location_type);
      throw new ValidationRollback({ valid: true, locationsToBlockForQc: receivesQc ? [to.code] : [] });
    });
  } catch (error) {
    if (error instanceof ValidationRollback) return error.answer;
    throw error;
  }
  throw new Error('validation transaction did not roll back');
}

async function transferOnce(
  ctx: AppContext,
  caller: Principal,
  scope: string,
  request: unknown,
  idempotencyKey: string,
  plan: (tx: Tx) => Promise<TransferPlan>,
): Promise<IdempotentResult<StockTransferAnswer>> {
  let staging: number[] = [];
  const result = await runIdempotent(
    ctx.db,
    // The work lets database errors through, so the claim can go out with its first read.
    { scope, key: idempotencyKey, userId: caller.userId, request, groupCommit: ctx.groupCommit, pipelinedClaim: true },
    async (tx) => {
      const planned = await plan(tx);
      const touched = planned.read?.locations ?? [planned.to];
      staging = touchesStaging(ctx, touched) ? touched.map((location) => location.id) : [];
      return moveStock(tx, ctx, caller, planned, idempotencyKey);
    },
  );
  if (!result.replayed) {
    publishMoved(ctx, result.body);
    // Stock left or reached a staging location: its rows are counted again in the background (/goods_sorting).
    if (staging.length > 0) refreshGoodsSortingCounter(ctx, staging);
  }
  return result;
}

/** lines: moves the stock lines to toLocation, all or nothing. */
export function transferLines(
  ctx: AppContext,
  caller: Principal,
  request: LinesRequest,
  idempotencyKey: string,
): Promise<IdempotentResult<StockTransferAnswer>> {
  return transferOnce(ctx, caller, 'stockTransfer.lines', request, idempotencyKey, (tx) => planRequest(tx, request));
}

/** location: moves every row's free-to-move stock of fromLocation to toLocation; 422 nothingToMove {code} when none. */
export function transferLocation(
  ctx: AppContext,
  caller: Principal,
  request: LocationRequest,
  idempotencyKey: string,
): Promise<IdempotentResult<StockTransferAnswer>> {
  return transferOnce(ctx, caller, 'stockTransfer.location', request, idempotencyKey, (tx) =>
    planLocation(tx, request),
  );
}
