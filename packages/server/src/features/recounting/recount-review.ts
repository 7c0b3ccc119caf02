import {
  codeKey,
  fromThousandths,
  toThousandths,
  type RecountFlushAnswer,
  type RecountReview,
  type RecountReviewList,
  type recountReviewRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { runIdempotent } from '../../http/idempotency.js';
import { nowIso } from '../../util/time.js';
import { isBlindFor } from '../counting/blind-counting.js';
import { countLines } from '../counting/count-plan.js';
import { changeStatus } from '../documents/document-status.js';
import { modelOf, stockKeyOf, type RecountModel } from './recount-model.js';
import { planLocation, postLocation, type LocationPlan } from './recount-posting.js';
import * as repository from './recounting.repository.js';
import { afterRecountChange, findRequestOrThrow, loadModel } from './recounting.service.js';

type ReviewBody = z.output<typeof recountReviewRequestSchema>;

/**
 * The manager's review (authorisation recountingAuthReview; PROCESSES.md 4.4 step 4; decision
 * 0191): a request whose recount agreed with neither the system nor the first count. Not blind:
 * the manager sees first count, recount and onHand now, picks a value per line with a comment,
 * and that is posted (one COUNT_ADJUSTMENT per location, key rc:{document}:{location}:2, the
 * manager's name in the ledger) -> FLUSHED.
 */

async function plansOf(tx: Tx, ctx: AppContext, model: RecountModel): Promise<LocationPlan[]> {
  const saved = await repository.savedOf(tx, [model.head.id]);
  const plans: LocationPlan[] = [];
  for (const location of model.locations) {
    const counted = saved
      .filter((s) => s.bin_location_id === location.id)
      .map((s) => ({ itemId: s.item_id, batchId: s.batch_id, serialId: s.serial_id, counted: Number(s.counted) }));
    plans.push(await planLocation(tx, ctx, location, counted));
  }
  return plans;
}

async function codeMaps(db: DbOrTx, plans: readonly LocationPlan[]) {
  const lines = plans.flatMap((p) => p.lines);
  const [items, batches, serials] = await Promise.all([
    db
      .selectFrom('item')
      .select(['id', 'code', 'name'])
      .where('id', 'in', [0, ...lines.map((l) => l.itemId)])
      .execute(),
    repository.codesOf(
      db,
      'batch',
      lines.flatMap((l) => (l.batchId === null ? [] : [l.batchId])),
    ),
    repository.codesOf(
      db,
      'serial',
      lines.flatMap((l) => (l.serialId === null ? [] : [l.serialId])),
    ),
  ]);
  return {
    items: new Map(items.map((i) => [i.id, i])),
    batches: new Map(batches.map((b) => [b.id, b.code])),
    serials: new Map(serials.map((s) => [s.id, s.code])),
  };
}

async function reviewOf(
  db: DbOrTx,
  model: RecountModel,
  plans: readonly LocationPlan[],
  recounter: string | null,
  blind = false,
): Promise<RecountReview> {
  const codes = await codeMaps(db, plans);
  return {
    code: model.head.code,
    version: model.head.version,
    source: model.source,
    firstCounter: model.firstCounter,
    recounter,
    comment: model.comment,
    lines: plans.flatMap((plan) =>
      plan.lines.map((line) => {
        const first = plan.location.firstCounts.get(stockKeyOf(line));
        return {
          location: plan.location.code,
          item: codes.items.get(line.itemId)?.code ?? '',
          itemName: codes.items.get(line.itemId)?.name ?? '',
          batch: line.batchId === null ? null : (codes.batches.get(line.batchId) ?? null),
          serial: line.serialId === null ? null : (codes.serials.get(line.serialId) ?? null),
          firstCount: first === undefined ? null : fromThousandths(first),
          recount: fromThousandths(line.counted),
          onHand: blind ? null : fromThousandths(line.onHand),
        };
      }),
    ),
  };
}

/**
 * GET review: the requests in REVIEW, oldest first, with first count, recount and onHand now
 * (null to a non-admin in WALL_TO_WALL_BATCHING_MODE: blind counting).
 */
export async function listReviews(ctx: AppContext, caller: Principal): Promise<RecountReviewList> {
  const blind = await isBlindFor(ctx, caller);
  return ctx.db.transaction().execute(async (tx) => {
    const heads = await repository.headsWithStatus(tx, ['REVIEW']);
    const ids = heads.map((h) => h.id);
    const [lines, results] = await Promise.all([repository.linesOf(tx, ids), repository.resultsOf(tx, ids)]);
    const requests: RecountReview[] = [];
    for (const head of heads) {
      const recounter = results.find((r) => r.document_id === head.id)?.recounter ?? null;
      const model = modelOf(head, lines);
      requests.push(await reviewOf(tx, model, await plansOf(tx, ctx, model), recounter, blind));
    }
    return { requests };
  });
}

const lineKey = (l: { location: string; item: string; batch?: string | null; serial?: string | null }) =>
  [l.location, l.item, l.batch ?? '', l.serial ?? ''].map(codeKey).join('|');

/**
 * POST review/{code}: the manager's value for every line of the review (422
 * recountReviewIncomplete {location, item} for one left out; a line not in it is
 * itemNotInCountRequest {item, location}), posted with the comment; REVIEW -> FLUSHED.
 */
export async function reviewRecount(
  ctx: AppContext,
  caller: Principal,
  code: string,
  body: ReviewBody,
): Promise<RecountFlushAnswer> {
  const result = await runIdempotent(
    ctx.db,
    { scope: 'recounting.review', key: body.idempotencyKey, userId: caller.userId, request: { code, body } },
    async (tx) => {
      const head = await findRequestOrThrow(tx, code);
      if (head.status !== 'REVIEW') {
        throw unprocessable('invalidStatusTransition', { type: 'RECOUNT_REQUEST', from: head.status, to: 'FLUSHED' });
      }
      const model = await loadModel(tx, head);
      // The stock is read (and on PostgreSQL locked) once: the review and the posting use it.
      const plans = await plansOf(tx, ctx, model);
      const review = await reviewOf(tx, model, plans, null);
      const values = new Map(body.lines.map((l) => [lineKey(l), toThousandths(l.quantity)]));
      const known = new Set(review.lines.map(lineKey));
      const stranger = body.lines.find((l) => !known.has(lineKey(l)));
      if (stranger) throw unprocessable('itemNotInCountRequest', { item: stranger.item, location: stranger.location });
      const left = review.lines.find((l) => !values.has(lineKey(l)));
      if (left) throw unprocessable('recountReviewIncomplete', { location: left.location, item: left.item });
      const at = nowIso();
      const user = { userId: caller.userId, username: caller.username };
      let adjustedLines = 0;
      let index = 0;
      for (const plan of plans) {
        // The review lines are the plan lines in order: the manager's value replaces the recount.
        const counted = plan.lines.map((line) => ({
          ...line,
          counted: values.get(lineKey(review.lines[index++] as (typeof review.lines)[number])) ?? line.counted,
        }));
        adjustedLines += await postLocation(tx, ctx, {
          model,
          plan: { ...plan, lines: countLines(plan.stock, counted, new Set()) },
          round: 2,
          user,
          countLockHolder: null,
          reason: 'COUNT',
          at,
        });
      }
      const written = await changeStatus(tx, { documentId: head.id, to: 'FLUSHED' });
      await repository.recordReview(tx, head.id, caller.username, body.comment, at);
      const itemIds = [...new Set(plans.flatMap((p) => p.lines.map((l) => l.itemId)))];
      return {
        answer: { document: head.code, status: 'FLUSHED' as const, outcome: 'POSTED' as const, adjustedLines },
        version: written.version,
        items: await repository.itemCodesOf(tx, itemIds),
        locations: model.locations.map((l) => l.code),
      };
    },
  );
  const { answer, version, items, locations } = result.body;
  if (!result.replayed)
    await afterRecountChange(ctx, [{ code: answer.document, status: answer.status, version }], { items, locations });
  return { ...answer, replayed: result.replayed };
}
