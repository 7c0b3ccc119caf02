import { codeKey, type CountingListFlushAnswer, type countingListFlushRequestSchema } from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { hasAnyRole, type Principal } from '../../http/access.js';
import { forbidden, unprocessable } from '../../http/app-error.js';
import { runIdempotent } from '../../http/idempotency.js';
import { nowIso } from '../../util/time.js';
import { assertClaimant, findClaimHolders, releaseClaim } from '../claims/claims.service.js';
import { insertLocationCounts, type NewLocationCountEntry } from '../counting/count-history.service.js';
import { freezeHolderOf, unfreezeLocations } from '../counting/count-lock.js';
import { countLines } from '../counting/count-plan.js';
import { locationsStock, markLocationsCounted, postCountAdjustment } from '../counting/count-posting.js';
import { changeStatus } from '../documents/document-status.js';
import { assertStatus, findListOrThrow, requireBatchingMode } from './counting-list-access.js';
import { afterCountingListCommit } from './counting-list-live.js';
import { unitsOf } from './counting-list-rounds.js';
import * as repository from './counting-lists.repository.js';

/**
 * POST wall_to_wall/batch/flush (PROCESSES.md 4.3; decision 0192): makes a counting list's agreed
 * counts final, in one transaction claimed by the request's idempotency key (a replay answers the
 * first answer and posts nothing):
 *
 * - who: the list's claimant, or a holder of countingListCreatorAuthFlush; only the latter may
 *   exclude locations (403 otherwise);
 * - a location neither AGREED nor excluded refuses it: 422 countingListIncomplete {locations};
 * - per agreed location, in walk order, ONE COUNT_ADJUSTMENT of counted - onHand at flush time
 *   (key cl:{list}:{location}:{round}, the list as document, passing the freeze), the count
 *   history (source COUNTING_LIST) and requiresCounting NO; excluded locations post nothing and
 *   are flagged requiresCounting YES, so they are counted later; the counts and the stock are
 *   read and the history written a few hundred locations a statement (2,000 locations flush in
 *   seconds: bench/counting-list-flush.mjs);
 * - the freeze is lifted, the list FLUSHED and its claim released.
 * A refusal of the stock service (allocated stock counted away: notEnoughAvailableStock) refuses
 * the whole flush; the manager may exclude that location.
 */
type FlushBody = z.output<typeof countingListFlushRequestSchema>;
type FlushResult = Omit<CountingListFlushAnswer, 'replayed'> & { version: number; locations: string[] };

export const countingListMovementKey = (list: string, location: string, round: number) =>
  `cl:${list}:${location}:${round}`;

async function flushInTransaction(tx: Tx, ctx: AppContext, caller: Principal, body: FlushBody): Promise<FlushResult> {
  const list = await findListOrThrow(tx, body.list);
  assertStatus(list, ['IN_PROGRESS', 'SECOND_COUNT', 'READY']);
  const manager = hasAnyRole(caller, ['countingListCreatorAuthFlush']);
  if (!manager) {
    if (body.exclude.length > 0) throw forbidden('requestForbidden', { exclude: body.exclude });
    await assertClaimant(tx, { type: 'COUNTING_LIST', id: list.id }, caller.userId);
  }
  const excludedRows = await repository.listLocationsOf(tx, list.id, body.exclude);
  const unknown = body.exclude.find((code) => !excludedRows.some((r) => r.code_lower === codeKey(code)));
  if (unknown !== undefined) throw unprocessable('locationNotInCountingList', { location: unknown, list: list.code });
  const excluded = new Set(excludedRows.map((r) => r.bin_location_id));
  const locations = await repository.listLocations(tx, list.id);
  const open = locations.filter((l) => l.state !== 'AGREED' && !excluded.has(l.bin_location_id));
  if (open.length > 0) throw unprocessable('countingListIncomplete', { locations: open.map((l) => l.code) });

  // Read in bulk (not per location): the counts, and the stock of every location posted.
  const countsOf = new Map<number, Awaited<ReturnType<typeof repository.countsOf>>>();
  for (const count of await repository.countsOf(tx, list.id, null)) {
    const own = countsOf.get(count.bin_location_id);
    if (own) own.push(count);
    else countsOf.set(count.bin_location_id, [count]);
  }
  const toPost = locations.filter((l) => !excluded.has(l.bin_location_id) && l.agreed !== null);
  const stockOf = await locationsStock(
    tx,
    ctx,
    toPost.map((l) => l.bin_location_id),
  );
  const at = nowIso();
  const user = { userId: caller.userId, username: caller.username };
  const posted: number[] = [];
  const history: NewLocationCountEntry[] = [];
  let adjustedLines = 0;
  for (const location of toPost) {
    const own = countsOf.get(location.bin_location_id) ?? [];
    const round = own.length;
    const stock = stockOf.get(location.bin_location_id) ?? [];
    const lines = countLines(stock, unitsOf(location.agreed as string), new Set());
    const key = countingListMovementKey(list.code, location.code, round);
    // ONE COUNT_ADJUSTMENT per location (PROCESSES.md 4.3): the postings stay one per location.
    const adjusted = await postCountAdjustment(tx, ctx, {
      binLocationId: location.bin_location_id,
      lines,
      stock,
      key,
      documentRef: { type: 'COUNTING_LIST', code: list.code },
      countLockHolder: freezeHolderOf(list.id),
      user,
    });
    adjustedLines += adjusted;
    const counter = own.at(-1);
    history.push({
      count: {
        binLocationId: location.bin_location_id,
        source: 'COUNTING_LIST',
        documentCode: list.code,
        round,
        reason: 'COUNT',
        outcome: adjusted > 0 ? 'POSTED' : 'NO_DIFFERENCE',
        recountDocumentCode: null,
        empty: location.agreed === '[]',
        userId: counter?.user_id ?? caller.userId,
        username: counter?.username ?? caller.username,
        at,
        idempotencyKey: key,
      },
      lines,
    });
    posted.push(location.bin_location_id);
  }
  await insertLocationCounts(tx, history);
  await markLocationsCounted(tx, posted, at);
  await repository.flagForCounting(tx, [...excluded], at);
  await unfreezeLocations(tx, list.id);
  await repository.closeListLocations(tx, list.id);
  const head = await changeStatus(tx, { documentId: list.id, to: 'FLUSHED', expectedVersion: list.version });
  for (const holder of await findClaimHolders(tx, [{ type: 'COUNTING_LIST', id: list.id }])) {
    await releaseClaim(tx, { userId: holder.userId, objects: [{ type: 'COUNTING_LIST', id: list.id }] });
  }
  return {
    list: list.code,
    status: 'FLUSHED',
    postedLocations: posted.length,
    adjustedLines,
    excludedLocations: excludedRows.map((r) => r.code),
    version: head.version,
    locations: locations.map((l) => l.code),
  };
}

export async function flushCountingList(
  ctx: AppContext,
  caller: Principal,
  body: FlushBody,
): Promise<CountingListFlushAnswer> {
  await requireBatchingMode(ctx);
  const result = await runIdempotent(
    ctx.db,
    { scope: 'counting_lists.flush', key: body.idempotencyKey, userId: caller.userId, request: body },
    (tx) => flushInTransaction(tx, ctx, caller, body),
  );
  const { version, locations, ...answer } = result.body;
  if (!result.replayed) {
    await afterCountingListCommit(ctx, [{ code: answer.list, status: answer.status, version }], locations);
  }
  return { ...answer, replayed: result.replayed };
}
