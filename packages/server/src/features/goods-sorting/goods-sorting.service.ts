import {
  codeKey,
  type ApprovingManager,
  type GoodsSortingMoveAnswer,
  type GoodsSortingStagingAnswer,
  type GoodsSortingSuggestAnswer,
  type goodsSortingMoveRequestSchema,
  type goodsSortingSuggestRequestSchema,
  type Role,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { hasAnyRole, type Principal } from '../../http/access.js';
import { AppError, unprocessable } from '../../http/app-error.js';
import { findStoredAnswer, runIdempotent, type IdempotentResult } from '../../http/idempotency.js';
import { approvedBy, recordManagerApproval } from '../auth/manager-approval.service.js';
import { isBlindFor, shownBuckets } from '../counting/blind-counting.js';
import { publishBinLocationsChanged, publishItemsChanged } from '../items/item-live.js';
import { bucketQuantities, bucketsOf } from '../stock/stock-buckets.js';
import { applyStockMovement } from '../stock/stock.service.js';
import {
  newTransferId,
  planTransferLines,
  transferMovedLines,
  transferMovementLines,
  type TransferPlan,
} from '../stock-transfer/stock-transfer.service.js';
import { syncGoodsSortingCounter } from './goods-sorting-counter.js';
import { findLocationOrThrow, resolveSource, suggestAnswerOf, suggestionsFor } from './goods-sorting-suggestions.js';
import * as repository from './goods-sorting.repository.js';

/**
 * Goods sorting (contract goods-sorting.ts; PROCESSES.md 1.2; docs/decisions/0170-goods-sorting-
 * and-manager-approval.md): the staging content, the proposed destinations and the move.
 */

export type SuggestRequest = z.output<typeof goodsSortingSuggestRequestSchema>;
export type MoveRequest = z.output<typeof goodsSortingMoveRequestSchema>;

/** Who may allow a destination other than an enforced default location (admin holds both). */
export const enforcedDefaultApproverRoles: readonly Role[] = ['goodsSorting', 'defaultItemBinLocationEdit'];

const moveScope = 'goodsSorting.move';
const sortingDocumentType = 'GOODS_SORTING';

/** GET staging/{location}: every stock row of the location, oldest receipt first. */
export async function stagingContent(
  ctx: AppContext,
  caller: Principal,
  code: string,
): Promise<GoodsSortingStagingAnswer> {
  const location = await findLocationOrThrow(ctx.db, code);
  const blind = await isBlindFor(ctx, caller);
  const lines = (await repository.stagingRows(ctx.db, location.id)).map((row) => ({
    item: row.item_code,
    itemName: row.item_name,
    batch: row.batch_code,
    serial: row.serial_code,
    ...shownBuckets(blind, bucketQuantities(bucketsOf(row))),
    receivedAt: row.received_at ?? row.updated_at,
  }));
  // ISO-8601 UTC strings sort as times; the query's item, batch, serial order breaks ties (stable sort).
  lines.sort((a, b) => (a.receivedAt < b.receivedAt ? -1 : a.receivedAt > b.receivedAt ? 1 : 0));
  return { location: location.code, lines };
}

/** POST suggest: the proposed destinations of the item (batch, serial) in the location. */
export async function suggestDestinations(
  ctx: AppContext,
  request: SuggestRequest,
): Promise<GoodsSortingSuggestAnswer> {
  return suggestAnswerOf(await suggestionsFor(ctx.db, await resolveSource(ctx.db, request)));
}

/**
 * The rules of the destination, checked in the move's transaction on what is read there:
 * - QC-pending stock to a location of work type QC is never held by a default location;
 * - another location than the item's enforced default: 422 enforcedDefaultLocation {location}
 *   unless a manager approved it (which also stands for the rescan);
 * - another location than the first proposal: 422 destinationNeedsConfirmation {proposed}
 *   unless `confirmed`. With no proposal any destination is taken.
 * Answers the first proposal and whether the approval was needed.
 */
async function checkDestination(
  tx: Tx,
  request: MoveRequest,
  plan: TransferPlan,
  approver: ApprovingManager | null,
): Promise<{ proposed: string | null; approvalNeeded: boolean }> {
  const source = await resolveSource(tx, { location: request.from, ...request });
  const found = await suggestionsFor(tx, source);
  const proposed = found.suggestions[0]?.location ?? null;
  const to = codeKey(plan.to.code);
  const qcToQc = plan.planned.some((l) => l.qcPending > 0) && plan.to.location_type === 'QC';
  const enforced = found.defaultLocation?.enforced === true ? found.defaultLocation.code : null;
  const approvalNeeded = enforced !== null && codeKey(enforced) !== to && !qcToQc;
  if (approvalNeeded && approver === null) throw unprocessable('enforcedDefaultLocation', { location: enforced });
  if (!approvalNeeded && proposed !== null && codeKey(proposed) !== to && !request.confirmed) {
    throw unprocessable('destinationNeedsConfirmation', { proposed });
  }
  return { proposed, approvalNeeded };
}

async function moveInTransaction(
  tx: Tx,
  ctx: AppContext,
  caller: Principal,
  request: MoveRequest,
  idempotencyKey: string,
  approver: ApprovingManager | null,
  kardexByStorageApp: boolean,
  touched: number[],
): Promise<GoodsSortingMoveAnswer> {
  const plan = await planTransferLines(tx, {
    lines: [
      {
        fromLocation: request.from,
        item: request.item,
        batch: request.batch,
        lot: null,
        serial: request.serial,
        quantity: request.quantity,
      },
    ],
    toLocation: request.to,
  });
  touched.push(...(plan.read?.locations ?? [plan.to]).map((location) => location.id));
  if (kardexByStorageApp && plan.to.physical_location_type === 'KARDEX') {
    throw unprocessable('kardexFilledThroughStorageApp', { location: plan.to.code });
  }
  const { proposed, approvalNeeded } = await checkDestination(tx, request, plan, approver);
  const documentRef = { type: sortingDocumentType, code: `GS-${newTransferId().slice('ST-'.length)}` };
  const user = { userId: caller.userId, username: caller.username };
  const result = await applyStockMovement(tx, ctx, {
    type: 'TRANSFER',
    idempotencyKey,
    documentRef,
    user,
    allowRestricted: hasAnyRole(caller, ['stockTransferAuthMoveRestricted']),
    lines: transferMovementLines(plan),
    readInTransaction: plan.read,
  });
  // The ledger knows the key but this scope did not: another kind of request used it.
  if (result.replayed) throw new AppError(422, 'idempotencyKeyConflict', { key: idempotencyKey });
  const recorded = approvalNeeded ? approver : null;
  if (recorded) {
    await recordManagerApproval(tx, {
      action: 'goodsSorting.enforcedDefaultLocation',
      documentRef,
      approver: recorded,
      requestedBy: user,
      details: { to: plan.to.code, proposed },
    });
  }
  return { sortingId: documentRef.code, lines: transferMovedLines(plan), proposed, approvedBy: recorded };
}

/**
 * POST move: one TRANSFER through the stock service (document GOODS_SORTING), once per
 * Idempotency-Key (the key is also the movement's key in the ledger). A replay answers the stored
 * answer before anything else, so its manager approval is not checked (counted) again. The
 * approval, when sent, is checked before the transaction (approvedBy counts it like a sign-in);
 * the password is never part of the stored request hash. ITEM_CHANGED and BIN_LOCATION_CHANGED
 * are published and the /goods_sorting counter is set after the commit (not for a replay).
 */
export async function moveToDestination(
  ctx: AppContext,
  caller: Principal,
  request: MoveRequest,
  idempotencyKey: string,
  ip: string,
): Promise<IdempotentResult<GoodsSortingMoveAnswer>> {
  const { managerApproval, ...rest } = request;
  const hashed = { ...rest, managerApproval: managerApproval ? { username: managerApproval.username } : null };
  const identity = { scope: moveScope, key: idempotencyKey, userId: caller.userId, request: hashed };
  const stored = await findStoredAnswer<GoodsSortingMoveAnswer>(ctx.db, identity);
  if (stored) return stored;
  const approver = managerApproval ? await approvedBy(ctx, managerApproval, enforcedDefaultApproverRoles, ip) : null;
  // With the kardex integration on, kardex boxes are filled through /kardex/storage (PROCESSES.md 1.2).
  const kardexByStorageApp = (await ctx.settings.settings()).enabledExtensions.includes('kardexIntegration');
  // The locations the move read (its source and destination): their staging rows are counted after it.
  let touched: number[] = [];
  const result = await runIdempotent(
    ctx.db,
    { ...identity, groupCommit: ctx.groupCommit, pipelinedClaim: true },
    (tx) => moveInTransaction(tx, ctx, caller, request, idempotencyKey, approver, kardexByStorageApp, (touched = [])),
  );
  if (!result.replayed) {
    publishItemsChanged(
      ctx,
      result.body.lines.map((l) => l.item),
    );
    publishBinLocationsChanged(
      ctx,
      result.body.lines.flatMap((l) => [l.fromLocation, l.toLocation]),
    );
    // The move is committed: a failing counter update must not make the client retry it.
    await syncGoodsSortingCounter(ctx, touched).catch((error: unknown) =>
      process.emitWarning(`/goods_sorting counter not updated: ${String(error)}`),
    );
  }
  return result;
}
