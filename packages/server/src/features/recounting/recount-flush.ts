import type { RecountFlushAnswer, RecountOutcome, recountFlushRequestSchema } from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { runIdempotent } from '../../http/idempotency.js';
import { nowIso } from '../../util/time.js';
import { assertClaimant, releaseClaim } from '../claims/claims.service.js';
import { releaseCountLock } from '../counting/count-lock.js';
import { changeStatus } from '../documents/document-status.js';
import { lineAgrees, planLocation, postLocation, recountMovementKey, writeHistory } from './recount-posting.js';
import * as repository from './recounting.repository.js';
import {
  afterRecountChange,
  assertOtherThanFirstCounter,
  findRequestOrThrow,
  loadModel,
  recountObject,
} from './recounting.service.js';

type FlushBody = z.output<typeof recountFlushRequestSchema>;
interface FlushResult {
  answer: Omit<RecountFlushAnswer, 'replayed'>;
  version: number;
  items: string[];
  locations: string[];
}

/**
 * POST flush (PROCESSES.md 4.4 step 4; decision 0191), by the claimant, once every location is
 * recounted (422 recountNotSaved {document, location}), in one transaction claimed by the
 * idempotency key (a replay answers the first answer and posts nothing). Against onHand at flush
 * time, per (item, batch, serial) of the request's items at each location:
 * - every line agrees (the recount equals onHand, or equals the first count): the differences are
 *   posted, ONE COUNT_ADJUSTMENT per location (key rc:{document}:{location}:1, the recounter's
 *   name in the ledger); no difference at all is FIRST_COUNT_WRONG (nothing posted). FLUSHED;
 *   the locations' counting flags are cleared as a wall-to-wall save clears them.
 * - otherwise nothing is posted and the request goes to REVIEW (a manager decides).
 * Either way the count history gets a row per location (source RECOUNT), the claim and the count
 * locks go.
 */
export async function flushRecount(ctx: AppContext, caller: Principal, body: FlushBody): Promise<RecountFlushAnswer> {
  const result = await runIdempotent(
    ctx.db,
    { scope: 'recounting.flush', key: body.idempotencyKey, userId: caller.userId, request: body },
    (tx) => flushInTransaction(tx, ctx, caller, body),
  );
  const { answer, version, items, locations } = result.body;
  if (!result.replayed) {
    await afterRecountChange(ctx, [{ code: answer.document, status: answer.status, version }], { items, locations });
  }
  return { ...answer, replayed: result.replayed };
}

async function flushInTransaction(tx: Tx, ctx: AppContext, caller: Principal, body: FlushBody): Promise<FlushResult> {
  const head = await findRequestOrThrow(tx, body.document);
  if (head.status !== 'COUNTED' && head.status !== 'CLAIMED') {
    throw unprocessable('invalidStatusTransition', { type: 'RECOUNT_REQUEST', from: head.status, to: 'FLUSHED' });
  }
  await assertClaimant(tx, recountObject(head), caller.userId);
  const model = await loadModel(tx, head);
  assertOtherThanFirstCounter(model, caller);
  const saved = await repository.savedOf(tx, [head.id]);
  const missing = model.locations.find((l) => !saved.some((s) => s.bin_location_id === l.id));
  if (missing) throw unprocessable('recountNotSaved', { document: head.code, location: missing.code });

  const plans = [];
  for (const location of model.locations) {
    const counted = saved
      .filter((s) => s.bin_location_id === location.id)
      .map((s) => ({ itemId: s.item_id, batchId: s.batch_id, serialId: s.serial_id, counted: Number(s.counted) }));
    plans.push(await planLocation(tx, ctx, location, counted));
  }
  const agrees = plans.every((plan) => plan.lines.every((line) => lineAgrees(plan.location, line)));
  const at = nowIso();
  const user = { userId: caller.userId, username: caller.username };
  let adjustedLines = 0;
  for (const plan of plans) {
    const request = { model, plan, round: 1, user, countLockHolder: caller.userId, reason: 'COUNT', at };
    if (agrees) adjustedLines += await postLocation(tx, ctx, request);
    else await writeHistory(tx, request, 'REVIEW', recountMovementKey(head.code, plan.location.code, 1));
    await releaseCountLock(tx, plan.location.id, caller.userId);
  }
  const outcome: RecountOutcome = !agrees ? 'REVIEW' : adjustedLines > 0 ? 'POSTED' : 'FIRST_COUNT_WRONG';
  if (head.status === 'CLAIMED') await changeStatus(tx, { documentId: head.id, to: 'COUNTED' });
  const written = await changeStatus(tx, { documentId: head.id, to: agrees ? 'FLUSHED' : 'REVIEW' });
  await repository.insertResult(tx, {
    documentId: head.id,
    outcome,
    recounterId: caller.userId,
    recounter: caller.username,
    at,
  });
  await releaseClaim(tx, { userId: caller.userId, objects: [recountObject(head)] });
  const itemIds = [...new Set(plans.flatMap((p) => p.lines.filter((l) => l.difference !== 0).map((l) => l.itemId)))];
  return {
    answer: {
      document: head.code,
      status: written.status as RecountFlushAnswer['status'],
      outcome,
      adjustedLines,
    },
    version: written.version,
    items: agrees ? await repository.itemCodesOf(tx, itemIds) : [],
    locations: model.locations.map((l) => l.code),
  };
}
