import {
  countingListRecentMax,
  countingListSelectionMax,
  type CountingListCreateAnswer,
  type countingListCreateRequestSchema,
  type countingListFilterSchema,
  type CountingListPreviewAnswer,
  type CountingListsAnswer,
  type CountingListSummary,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { runIdempotent } from '../../http/idempotency.js';
import { nowIso } from '../../util/time.js';
import { insertNumberedDocument } from '../deliveries/document-codes.js';
import { changeStatus } from '../documents/document-status.js';
import { assertStatus, findListOrThrow, summariesOf } from './counting-list-access.js';
import { afterCountingListCommit } from './counting-list-live.js';
import * as repository from './counting-lists.repository.js';

/**
 * /counting_list_creator on the server (PROCESSES.md 4.3; decision 0192): preview a filter,
 * create the lists, cancel a CREATED one. Role countingListCreator (the endpoints').
 */
type Filter = z.output<typeof countingListFilterSchema>;
type CreateBody = z.output<typeof countingListCreateRequestSchema>;

/** How many locations the filter selects (at most countingListSelectionMax + 1 are counted). */
export async function previewCountingLists(ctx: AppContext, filter: Filter): Promise<CountingListPreviewAnswer> {
  const rows = await repository.selectLocations(ctx.db, filter, countingListSelectionMax + 1);
  const shown = rows.slice(0, countingListSelectionMax);
  const open = await repository.openListsOf(
    ctx.db,
    shown.map((r) => r.id),
  );
  return { locations: shown.length, truncated: rows.length > countingListSelectionMax, inOpenLists: open.length };
}

/** The create inside the caller's transaction (also the demo seed's: demo-counting-lists.ts). */
export async function createCountingListsInTransaction(
  tx: Tx,
  caller: Pick<Principal, 'userId' | 'username'>,
  body: CreateBody,
): Promise<CountingListCreateAnswer> {
  const rows = await repository.selectLocations(tx, body.filter, countingListSelectionMax + 1);
  if (rows.length === 0) throw unprocessable('noLocationsSelected');
  if (rows.length > countingListSelectionMax) {
    throw unprocessable('tooManyLocationsSelected', { max: countingListSelectionMax });
  }
  const ids = rows.map((r) => r.id);
  const [taken] = await repository.openListsOf(tx, ids);
  if (taken) throw unprocessable('locationAlreadyInOpenList', { location: taken.location, list: taken.list });
  const at = nowIso();
  const lists: CountingListCreateAnswer['lists'] = [];
  for (let start = 0; start < ids.length; start += body.maxLocationsPerList) {
    const part = ids.slice(start, start + body.maxLocationsPerList);
    const document = await insertNumberedDocument(tx, {
      type: 'COUNTING_LIST',
      status: 'CREATED',
      warehouseId: rows[0]?.warehouse_id ?? null,
      partnerId: null,
      at,
    });
    const opened = await repository.insertListLocations(tx, document.id, body.countingType, caller.username, part);
    if (opened < part.length) {
      // Another create took some of them after the check (a concurrent create): name one.
      const [other] = (await repository.openListsOf(tx, part)).filter((r) => r.list !== document.code);
      throw unprocessable('locationAlreadyInOpenList', {
        location: other?.location ?? null,
        list: other?.list ?? null,
      });
    }
    lists.push({ code: document.code, locations: part.length });
  }
  return { lists, replayed: false };
}

/**
 * POST counting_lists: the selected locations in walk order, split into lists of at most
 * maxLocationsPerList (COUNTING_LIST, CREATED) with the counting type; all or nothing. 422
 * noLocationsSelected, tooManyLocationsSelected {max}, locationAlreadyInOpenList {location, list}.
 */
export async function createCountingLists(
  ctx: AppContext,
  caller: Principal,
  body: CreateBody,
): Promise<CountingListCreateAnswer> {
  const result = await runIdempotent(
    ctx.db,
    { scope: 'counting_lists.create', key: body.idempotencyKey, userId: caller.userId, request: body },
    (tx) => createCountingListsInTransaction(tx, caller, body),
  );
  if (!result.replayed) {
    await afterCountingListCommit(
      ctx,
      result.body.lists.map((l) => ({ code: l.code, status: 'CREATED', version: 1 })),
    );
  }
  return { ...result.body, replayed: result.replayed };
}

/** The creator's table: every list, newest first, with progress (any operation mode; no quantities). */
export async function recentCountingLists(ctx: AppContext): Promise<CountingListsAnswer> {
  return { lists: await summariesOf(ctx.db, await repository.recentLists(ctx.db, countingListRecentMax)) };
}

/** POST counting_lists/{list}/cancel: CREATED only (422 countingListNotInProgress); its locations are free again. */
export async function cancelCountingList(ctx: AppContext, code: string): Promise<CountingListSummary> {
  const written = await ctx.db.transaction().execute(async (tx) => {
    const list = await findListOrThrow(tx, code);
    assertStatus(list, ['CREATED']);
    const head = await changeStatus(tx, { documentId: list.id, to: 'CANCELLED', expectedVersion: list.version });
    await repository.closeListLocations(tx, list.id);
    const [summary] = await summariesOf(tx, [{ ...list, status: head.status, version: head.version }]);
    return summary as CountingListSummary;
  });
  await afterCountingListCommit(ctx, [written]);
  return written;
}
