import {
  codeKey,
  topics,
  type RecountRequest,
  type RecountRequestsAnswer,
  type manualRecountRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { notFound, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { syncCountingCounterAfterCommit } from '../bin-locations/bin-location-edits.service.js';
import { claimObjects, findClaimHolders } from '../claims/claims.service.js';
import { takeCountLock } from '../counting/count-lock.js';
import { countScopeRows } from '../counting/count-posting.js';
import { findCountLocationOrThrow } from '../counting/wall-to-wall.service.js';
import { insertRecountRequest, syncRecountingCounter } from '../counting/recount-requests.js';
import { changeStatus } from '../documents/document-status.js';
import { publishBinLocationsChanged, publishItemsChanged } from '../items/item-live.js';
import { blindView, modelOf, type RecountModel } from './recount-model.js';
import * as repository from './recounting.repository.js';

/**
 * /recounting on the server (contract recounting.ts; PROCESSES.md 4.4; decision 0191): the open
 * requests, one request, claiming it, and the manager's manual request. The save is
 * recount-save.ts, the flush recount-flush.ts, the review recount-review.ts.
 */

export const recountContext = 'RECOUNT';
export const recountObject = (head: { id: number }) => ({ type: 'RECOUNT_REQUEST' as const, id: head.id });
const openStatuses = ['OPEN', 'CLAIMED', 'COUNTED'] as const;

/**
 * After a committed change of requests: DOCUMENT_CHANGED, the items and locations, the /recounting
 * counter, and the /wall_to_wall counter when locations were recounted (a posted recount clears
 * their counting flag); never throws.
 */
export async function afterRecountChange(
  ctx: AppContext,
  heads: readonly { code: string; status: string; version: number }[],
  touched: { items?: readonly string[]; locations?: readonly string[] } = {},
): Promise<void> {
  try {
    for (const head of heads) {
      ctx.live.publish(topics.documents('recounting'), 'DOCUMENT_CHANGED', {
        type: 'RECOUNT_REQUEST',
        code: head.code,
        status: head.status,
        version: head.version,
      });
    }
    if (touched.items && touched.items.length > 0) publishItemsChanged(ctx, [...touched.items]);
    if (touched.locations && touched.locations.length > 0) publishBinLocationsChanged(ctx, [...touched.locations]);
  } catch (error) {
    process.emitWarning(`recounting change not published: ${String(error)}`);
  }
  await syncRecountingCounter(ctx);
  if (touched.locations && touched.locations.length > 0) await syncCountingCounterAfterCommit(ctx);
}

export async function findRequestOrThrow(db: DbOrTx, code: string): Promise<repository.RecountHead> {
  const head = await repository.findHead(db, code);
  if (!head) throw notFound('unknownDocument', { type: 'RECOUNT_REQUEST', code });
  return head;
}

export async function loadModel(db: DbOrTx, head: repository.RecountHead): Promise<RecountModel> {
  return modelOf(head, await repository.linesOf(db, [head.id]));
}

async function viewOf(db: DbOrTx, head: repository.RecountHead): Promise<RecountRequest> {
  const [model, saved, holders] = await Promise.all([
    loadModel(db, head),
    repository.savedOf(db, [head.id]),
    findClaimHolders(db, [recountObject(head)]),
  ]);
  return blindView(model, saved, holders[0]?.username ?? null);
}

/** GET requests: OPEN, CLAIMED and COUNTED requests, oldest first, blind. */
export async function listRequests(ctx: AppContext): Promise<RecountRequestsAnswer> {
  const heads = await repository.headsWithStatus(ctx.db, openStatuses);
  const ids = heads.map((h) => h.id);
  const [lines, saved, holders] = await Promise.all([
    repository.linesOf(ctx.db, ids),
    repository.savedOf(ctx.db, ids),
    findClaimHolders(ctx.db, heads.map(recountObject)),
  ]);
  return {
    requests: heads.map((head) =>
      blindView(modelOf(head, lines), saved, holders.find((h) => h.id === head.id)?.username ?? null),
    ),
  };
}

/** GET document/{code}: the request, blind. */
export async function requestDocument(ctx: AppContext, code: string): Promise<RecountRequest> {
  return viewOf(ctx.db, await findRequestOrThrow(ctx.db, code));
}

/** The first counter may not recount: 422 recountMustBeOtherUser {username}. */
export function assertOtherThanFirstCounter(model: RecountModel, caller: Principal): void {
  if (model.firstCounter !== null && model.firstCounter.toLowerCase() === caller.username.toLowerCase()) {
    throw unprocessable('recountMustBeOtherUser', { username: model.firstCounter });
  }
}

/**
 * POST claim/{code}: OPEN -> CLAIMED for the caller (the same user again: no change), and the
 * count lock of every location of the request (409 claimedByOtherUser when another user holds the
 * request or counts a location). 422 recountMustBeOtherUser for the first counter; a request
 * past counting is 422 invalidStatusTransition.
 */
export async function claimRequest(ctx: AppContext, caller: Principal, code: string): Promise<RecountRequest> {
  const { view, changed } = await ctx.db.transaction().execute(async (tx) => {
    const head = await findRequestOrThrow(tx, code);
    if (!(openStatuses as readonly string[]).includes(head.status)) {
      throw unprocessable('invalidStatusTransition', { type: 'RECOUNT_REQUEST', from: head.status, to: 'CLAIMED' });
    }
    const model = await loadModel(tx, head);
    assertOtherThanFirstCounter(model, caller);
    await claimObjects(tx, { caller, userId: caller.userId, kind: 'RECOUNT_REQUEST', objects: [recountObject(head)] });
    for (const location of model.locations) {
      await takeCountLock(tx, location.id, caller, { name: recountContext, round: 1 });
    }
    const changed = head.status === 'OPEN';
    if (changed) await changeStatus(tx, { documentId: head.id, to: 'CLAIMED' });
    return { view: await viewOf(tx, await repository.findHeadById(tx, head.id)), changed };
  });
  if (changed) await afterRecountChange(ctx, [view]);
  return view;
}

/**
 * POST request {location, items, comment}: a MANUAL request, one line per stock row of each item
 * at the location (one line without batch or serial when there is none). 404 unknownLocation,
 * unknownItemForCode.
 */
export async function requestManualRecount(
  ctx: AppContext,
  caller: Principal,
  body: z.output<typeof manualRecountRequestSchema>,
): Promise<RecountRequest> {
  const view = await ctx.db.transaction().execute(async (tx) => {
    const location = await findCountLocationOrThrow(tx, body.location);
    const items = await repository.itemsByCode(tx, body.items);
    const itemIds: number[] = [];
    for (const code of body.items) {
      const item = items.find((i) => i.code_lower === codeKey(code));
      if (!item) throw notFound('unknownItemForCode', { code });
      if (!itemIds.includes(item.id)) itemIds.push(item.id);
    }
    const stock = await countScopeRows(tx, location.id, itemIds);
    const extras = {
      source: 'MANUAL',
      comment: body.comment === '' ? null : body.comment,
      requestedBy: caller.username,
    };
    const lines = itemIds.flatMap((itemId) => {
      const rows = stock.filter((s) => s.item_id === itemId);
      const keys = rows.length > 0 ? rows : [{ item_id: itemId, batch_id: null, serial_id: null }];
      return keys.map((row) => ({
        binLocationId: location.id,
        itemId,
        batchId: row.batch_id,
        serialId: row.serial_id,
        quantity: 0,
        extras,
      }));
    });
    const document = await insertRecountRequest(tx, { warehouseId: location.warehouse_id, at: nowIso(), lines });
    return viewOf(tx, await repository.findHeadById(tx, document.id));
  });
  await afterRecountChange(ctx, [view]);
  return view;
}
