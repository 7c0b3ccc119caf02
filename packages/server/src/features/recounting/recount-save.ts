import type { RecountSaveAnswer, recountSaveRequestSchema } from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { runIdempotent } from '../../http/idempotency.js';
import { unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { assertClaimant } from '../claims/claims.service.js';
import { takeCountLock } from '../counting/count-lock.js';
import { countScopeRows } from '../counting/count-posting.js';
import { resolveCountLines } from '../counting/count-lines.js';
import { sumCounted } from '../counting/count-plan.js';
import { findCountLocation } from '../counting/wall-to-wall.service.js';
import { changeStatus } from '../documents/document-status.js';
import { stockKeyOf } from './recount-model.js';
import * as repository from './recounting.repository.js';
import {
  afterRecountChange,
  assertOtherThanFirstCounter,
  findRequestOrThrow,
  loadModel,
  recountContext,
  recountObject,
} from './recounting.service.js';

type SaveBody = z.output<typeof recountSaveRequestSchema>;
type SaveResult = Omit<RecountSaveAnswer, 'replayed'> & { version: number; changed: boolean };

/**
 * POST save (decision 0191): the claimant's recount of one location of the request, stored (a
 * location saved again is replaced), in one transaction claimed by the idempotency key. The
 * count lock of the location is renewed. Every (item, batch, serial) of the request at the
 * location is stored, 0 when not counted, so the flush knows the location was recounted. The
 * first save makes the request COUNTED. 409 claimRequired / claimedByOtherUser; 422
 * locationNotInRecountRequest {location, document}, itemNotInCountRequest {item, location}, the
 * count lines' keys, invalidStatusTransition past counting.
 */
export async function saveRecount(ctx: AppContext, caller: Principal, body: SaveBody): Promise<RecountSaveAnswer> {
  const result = await runIdempotent(
    ctx.db,
    { scope: 'recounting.save', key: body.idempotencyKey, userId: caller.userId, request: body },
    (tx) => saveInTransaction(tx, ctx, caller, body),
  );
  const { version, changed, ...answer } = result.body;
  if (!result.replayed && changed)
    await afterRecountChange(ctx, [{ code: answer.document, status: answer.status, version }]);
  return { ...answer, replayed: result.replayed };
}

async function saveInTransaction(tx: Tx, ctx: AppContext, caller: Principal, body: SaveBody): Promise<SaveResult> {
  const head = await findRequestOrThrow(tx, body.document);
  if (head.status !== 'CLAIMED' && head.status !== 'COUNTED') {
    throw unprocessable('invalidStatusTransition', { type: 'RECOUNT_REQUEST', from: head.status, to: 'COUNTED' });
  }
  await assertClaimant(tx, recountObject(head), caller.userId);
  const model = await loadModel(tx, head);
  assertOtherThanFirstCounter(model, caller);
  const scanned = await findCountLocation(tx, body.location);
  const location = scanned && model.locations.find((l) => l.id === scanned.id);
  if (!location) throw unprocessable('locationNotInRecountRequest', { location: body.location, document: head.code });
  await takeCountLock(tx, location.id, caller, { name: recountContext, round: 1 });
  const units = await resolveCountLines(ctx, tx, body.lines, {
    location: location.code,
    itemIds: new Set(location.itemIds),
  });
  // A serial takes the batch of its stock row here (as a wall-to-wall count does).
  const stock = await countScopeRows(tx, location.id, location.itemIds);
  for (const unit of units) {
    if (unit.serialId !== null) unit.batchId = stock.find((s) => s.serial_id === unit.serialId)?.batch_id ?? null;
  }
  const counted = new Map(sumCounted(units).map((u) => [stockKeyOf(u), u]));
  const requested = await repository.linesOf(tx, [head.id]);
  for (const line of requested.filter((l) => l.bin_location_id === location.id)) {
    const key = { itemId: line.item_id, batchId: line.batch_id, serialId: line.serial_id };
    if (!counted.has(stockKeyOf(key))) counted.set(stockKeyOf(key), { ...key, counted: 0 });
  }
  const at = nowIso();
  await repository.replaceSaved(tx, head.id, location.id, [...counted.values()], caller, at);
  const changed = head.status === 'CLAIMED';
  const written = changed ? await changeStatus(tx, { documentId: head.id, to: 'COUNTED' }) : head;
  const saved = await repository.savedOf(tx, [head.id]);
  return {
    document: head.code,
    location: location.code,
    status: written.status as RecountSaveAnswer['status'],
    locationsLeft: model.locations.filter((l) => !saved.some((s) => s.bin_location_id === l.id)).map((l) => l.code),
    version: written.version,
    changed,
  };
}
