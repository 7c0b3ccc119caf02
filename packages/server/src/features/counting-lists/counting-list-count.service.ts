import type {
  CountingListProgressAnswer,
  CountingListSaveAnswer,
  countingListSaveRequestSchema,
  CountingListsAnswer,
  CountingListSummary,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { runIdempotent } from '../../http/idempotency.js';
import { nowIso } from '../../util/time.js';
import { assertClaimant, claimObjects, findClaimHolders, releaseClaim } from '../claims/claims.service.js';
import { freezeLocations } from '../counting/count-lock.js';
import { resolveCountLines } from '../counting/count-lines.js';
import { sumCounted } from '../counting/count-plan.js';
import { countScopeRows } from '../counting/count-posting.js';
import { findCountLocationOrThrow } from '../counting/wall-to-wall.service.js';
import { changeStatus } from '../documents/document-status.js';
import {
  assertStatus,
  countingStatuses,
  findListOrThrow,
  requireBatchingMode,
  summariesOf,
} from './counting-list-access.js';
import { afterCountingListCommit } from './counting-list-live.js';
import { canonicalCount, listRoundOf, nextRoundOf, verdictOf, type CountingType } from './counting-list-rounds.js';
import * as repository from './counting-lists.repository.js';

/**
 * /wall_to_wall_batch on the server (PROCESSES.md 4.3; decision 0192): the open lists, starting a
 * list (claim and freeze), its progress and the save of a location's count. Role counting (the
 * endpoints'); every call 422 countingListsNeedBatchingMode outside WALL_TO_WALL_BATCHING_MODE.
 * Blind: no answer carries a quantity.
 */
type SaveBody = z.output<typeof countingListSaveRequestSchema>;

const claimTarget = (id: number) => ({ type: 'COUNTING_LIST' as const, id });

/** GET countingList: the open lists with their progress. */
export async function openCountingLists(ctx: AppContext): Promise<CountingListsAnswer> {
  await requireBatchingMode(ctx);
  return { lists: await summariesOf(ctx.db, await repository.openLists(ctx.db)) };
}

/** A list's locations in walk order and its saved counts, read once per request. */
interface ListRows {
  locations: Awaited<ReturnType<typeof repository.listLocations>>;
  counts: Awaited<ReturnType<typeof repository.countsOf>>;
}

async function listRowsOf(db: DbOrTx, listId: number): Promise<ListRows> {
  return { locations: await repository.listLocations(db, listId), counts: await repository.countsOf(db, listId, null) };
}

async function progressOf(
  db: DbOrTx,
  list: repository.ListRow,
  { locations, counts }: ListRows,
): Promise<CountingListProgressAnswer> {
  const [summary] = await summariesOf(db, [list]);
  const round = (summary as CountingListSummary).round;
  return {
    list: summary as CountingListSummary,
    locations: locations.map((l) => {
      const own = counts.filter((c) => c.bin_location_id === l.bin_location_id);
      return {
        code: l.code,
        visualCode: l.visual_code,
        countingSortingCode: l.counting_sorting_code,
        state: l.state as CountingListProgressAnswer['locations'][number]['state'],
        counts: own.length,
        counters: own.map((c) => c.username),
        toCount: round !== null && nextRoundOf(l.state) === round,
      };
    }),
  };
}

/** GET progress?list: per location its state and counters, no quantities. */
export async function countingListProgress(ctx: AppContext, code: string): Promise<CountingListProgressAnswer> {
  await requireBatchingMode(ctx);
  const list = await findListOrThrow(ctx.db, code);
  return progressOf(ctx.db, list, await listRowsOf(ctx.db, list.id));
}

/**
 * A round after the first is counted by other users than the earlier rounds: starting it with
 * nothing left that the caller may count is 422 secondCountMustBeOtherUser {location}.
 */
function assertCanCountRound({ locations, counts }: ListRows, userId: number): void {
  const round = listRoundOf(locations.map((l) => l.state));
  if (round === null || round === 1) return;
  const toCount = locations.filter((l) => nextRoundOf(l.state) === round);
  const countedBefore = (id: number) => counts.some((c) => c.bin_location_id === id && c.user_id === userId);
  const mine = toCount.filter((l) => countedBefore(l.bin_location_id));
  if (toCount.length > 0 && mine.length === toCount.length) {
    throw unprocessable('secondCountMustBeOtherUser', { location: mine[0]?.code });
  }
}

/**
 * Each round is its own claim: a holder who may count nothing left in the list's round (every
 * location to count has a count of theirs) lets go when another counter starts.
 */
async function takeOverFinishedRound(
  db: DbOrTx,
  list: repository.ListRow,
  { locations, counts }: ListRows,
  userId: number,
): Promise<void> {
  const [holder] = await findClaimHolders(db, [claimTarget(list.id)]);
  if (!holder || holder.userId === userId) return;
  const round = listRoundOf(locations.map((l) => l.state));
  if (round === null) return;
  const holderMayCount = locations.some(
    (l) =>
      nextRoundOf(l.state) === round &&
      !counts.some((c) => c.bin_location_id === l.bin_location_id && c.user_id === holder.userId),
  );
  if (!holderMayCount) await releaseClaim(db, { userId: holder.userId, objects: [claimTarget(list.id)] });
}

/**
 * POST startCounting {list}: claims the list for the caller (409 claimedByOtherUser while another
 * counter holds it and may still count in the round; one who may not lets go). The first start makes it IN_PROGRESS and freezes its locations until flush.
 * 422 countingListNotInProgress for a list READY, FLUSHED or CANCELLED; 422
 * secondCountMustBeOtherUser when the round left holds only locations the caller counted before.
 */
export async function startCounting(
  ctx: AppContext,
  caller: Principal,
  code: string,
): Promise<CountingListProgressAnswer> {
  await requireBatchingMode(ctx);
  const { answer, changed } = await ctx.db.transaction().execute(async (tx) => {
    let list = await findListOrThrow(tx, code);
    assertStatus(list, ['CREATED', ...countingStatuses]);
    // Starting changes neither the locations nor the counts: read them once.
    const rows = await listRowsOf(tx, list.id);
    assertCanCountRound(rows, caller.userId);
    await takeOverFinishedRound(tx, list, rows, caller.userId);
    await claimObjects(tx, { caller, userId: caller.userId, kind: 'COUNTING_LIST', objects: [claimTarget(list.id)] });
    let changed = false;
    if (list.status === 'CREATED') {
      const head = await changeStatus(tx, { documentId: list.id, to: 'IN_PROGRESS', expectedVersion: list.version });
      list = { ...list, status: head.status, version: head.version };
      await freezeLocations(
        tx,
        rows.locations.map((l) => l.bin_location_id),
        { documentId: list.id, code: list.code },
      );
      changed = true;
    }
    return { answer: await progressOf(tx, list, rows), changed };
  });
  if (changed) await afterCountingListCommit(ctx, [answer.list]);
  return answer;
}

type SaveResult = Omit<CountingListSaveAnswer, 'replayed'> & { version: number; statusChanged: boolean };

async function saveInTransaction(tx: Tx, ctx: AppContext, caller: Principal, body: SaveBody): Promise<SaveResult> {
  const list = await findListOrThrow(tx, body.list);
  assertStatus(list, countingStatuses);
  await assertClaimant(tx, claimTarget(list.id), caller.userId);
  const location = await findCountLocationOrThrow(tx, body.location);
  const entry = await repository.findListLocation(tx, list.id, location.id);
  if (!entry) throw unprocessable('locationNotInCountingList', { location: location.code, list: list.code });
  // The list's round needs only which states its locations are in: counted per state, not read
  // location by location (a save of a 2,000-location list would read them all).
  const perState = new Map((await repository.stateCounts(tx, [list.id])).map((r) => [r.state, Number(r.count)]));
  const listRound = listRoundOf([...perState.keys()]);
  const counts = await repository.countsOf(tx, list.id, location.id);
  const last = counts.at(-1);
  // The caller's own latest count of the location is a draft until flush: saving again replaces it.
  const redo = last !== undefined && last.user_id === caller.userId;
  const round = redo ? last.round : nextRoundOf(entry.state);
  if (round === null || (!redo && round !== listRound)) {
    throw unprocessable('locationAlreadyCountedInRound', { location: location.code, list: list.code });
  }
  const earlier = counts.filter((c) => c.round < round);
  if (earlier.some((c) => c.user_id === caller.userId)) {
    throw unprocessable('secondCountMustBeOtherUser', { location: location.code });
  }

  const units = await resolveCountLines(ctx, tx, body.lines, { location: location.code, itemIds: null });
  const stock = await countScopeRows(tx, location.id, null);
  const serialIds = units.flatMap((u) => (u.serialId === null ? [] : [u.serialId]));
  const batches = new Map([
    ...(await repository.serialBatches(tx, serialIds)).map((r) => [r.serial_id, r.batch_id] as const),
    ...stock.filter((r) => r.serial_id !== null).map((r) => [r.serial_id, r.batch_id] as const),
  ]);
  for (const unit of units) if (unit.serialId !== null) unit.batchId = batches.get(unit.serialId) ?? null;
  const counted = canonicalCount(sumCounted(units));
  const onHand = canonicalCount(
    stock.map((r) => ({
      itemId: r.item_id,
      batchId: r.batch_id,
      serialId: r.serial_id,
      counted: Number(r.on_hand_qty),
    })),
  );
  await repository.upsertCount(tx, {
    documentId: list.id,
    binLocationId: location.id,
    round,
    userId: caller.userId,
    username: caller.username,
    lines: counted,
    empty: body.empty,
    at: nowIso(),
  });
  const all = [...earlier.map((c) => c.lines), counted];
  // The stock is frozen while the list is open, so onHand now is onHand at the first count.
  const verdict = verdictOf(list.counting_type as CountingType, all, onHand);
  await repository.setLocationState(tx, list.id, location.id, verdict.state, verdict.agreed);

  perState.set(entry.state, (perState.get(entry.state) ?? 0) - 1);
  perState.set(verdict.state, (perState.get(verdict.state) ?? 0) + 1);
  const roundAfter = listRoundOf([...perState].flatMap(([state, n]) => (n > 0 ? [state] : [])));
  let status = list.status;
  let version = list.version;
  const target = roundAfter === null ? 'READY' : roundAfter > 1 ? 'SECOND_COUNT' : 'IN_PROGRESS';
  if (target !== list.status) {
    const head = await changeStatus(tx, { documentId: list.id, to: target, expectedVersion: list.version });
    status = head.status;
    version = head.version;
  }
  return {
    list: list.code,
    location: location.code,
    round,
    state: verdict.state,
    listStatus: status as CountingListSaveAnswer['listStatus'],
    version,
    statusChanged: status !== list.status,
  };
}

/**
 * POST save {idempotencyKey, list, location, lines, empty?}: the claimant's count of the location
 * for the list's current round (a draft until flush; saving again in the round replaces it), in
 * one transaction claimed by the idempotency key. 409 claimRequired / claimedByOtherUser; 422
 * locationNotInCountingList, locationAlreadyCountedInRound, secondCountMustBeOtherUser, the count
 * line keys. The caller's latest count of a location is a draft: saving it again replaces it. The
 * location's state follows the counting type (counting-list-rounds.ts); the list becomes
 * IN_PROGRESS, SECOND_COUNT or READY from the rounds its locations need.
 */
export async function saveCountingListCount(
  ctx: AppContext,
  caller: Principal,
  body: SaveBody,
): Promise<CountingListSaveAnswer> {
  await requireBatchingMode(ctx);
  const result = await runIdempotent(
    ctx.db,
    { scope: 'counting_lists.save', key: body.idempotencyKey, userId: caller.userId, request: body },
    (tx) => saveInTransaction(tx, ctx, caller, body),
  );
  const { version, statusChanged, ...answer } = result.body;
  if (!result.replayed && statusChanged) {
    await afterCountingListCommit(ctx, [{ code: answer.list, status: answer.listStatus, version }]);
  }
  return { ...answer, replayed: result.replayed };
}
