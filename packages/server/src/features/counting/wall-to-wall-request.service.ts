import {
  topics,
  wallToWallRequestMax,
  wallToWallRequestSampleSize,
  type wallToWallRequestFilterSchema,
  type WallToWallRequestAnswer,
  type WallToWallRequestPreviewAnswer,
  type wallToWallRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { notFound, unprocessable } from '../../http/app-error.js';
import { runIdempotent } from '../../http/idempotency.js';
import { nowIso } from '../../util/time.js';
import {
  applyCountingState,
  isAllowedCountingTransition,
  itemIdsOf,
  syncCountingCounterAfterCommit,
} from '../bin-locations/bin-location-edits.service.js';
import { findItemRowOrThrow } from '../items/items.service.js';
import * as repository from './wall-to-wall-request.repository.js';

/**
 * /wall_to_wall/request on the server (PROCESSES.md 4.2; decision 0189 "The desktop request"):
 * select locations by a filter and flag them for counting in one transaction, each through
 * setCountingState's rule (applyCountingState). Role informationAuthSetCountingState (the endpoints').
 */
type Filter = z.output<typeof wallToWallRequestFilterSchema>;
type RequestBody = z.output<typeof wallToWallRequestSchema>;
const dayMs = 24 * 60 * 60 * 1000;

/** The filter with its codes resolved: 404 unknownWarehouse {code}, unknownItemForCode {code}. */
async function selectionOf(ctx: AppContext, db: DbOrTx, filter: Filter): Promise<repository.LocationSelection> {
  const warehouse = await repository.findWarehouse(db, filter.warehouse);
  if (!warehouse) throw notFound('unknownWarehouse', { code: filter.warehouse });
  const item =
    filter.holdingItem === undefined ? undefined : await findItemRowOrThrow({ ...ctx, db }, filter.holdingItem);
  return {
    warehouseId: warehouse.id,
    codeFrom: filter.codeFrom,
    codeTo: filter.codeTo,
    sortingCode: filter.sortingCode,
    zone: filter.zone,
    holdingItemId: item?.id,
    notCountedSince:
      filter.notCountedForDays === undefined
        ? undefined
        : new Date(Date.now() - filter.notCountedForDays * dayMs).toISOString(),
  };
}

/** POST wall_to_wall/request/preview: how many locations the filter selects, and the first 50. */
export async function previewWallToWallRequest(
  ctx: AppContext,
  filter: Filter,
): Promise<WallToWallRequestPreviewAnswer> {
  const selection = await selectionOf(ctx, ctx.db, filter);
  const { count, flagged } = await repository.countSelected(ctx.db, selection);
  const sample = await repository.selectedLocations(ctx.db, selection, wallToWallRequestSampleSize);
  return { count, alreadyFlagged: flagged, sample: sample.map((r) => r.code), max: wallToWallRequestMax };
}

type Applied = Omit<WallToWallRequestAnswer, 'replayed'> & { codes: string[] };

async function requestInTransaction(tx: Tx, ctx: AppContext, body: RequestBody): Promise<Applied> {
  const selection = await selectionOf(ctx, tx, body.filter);
  const rows = await repository.selectedLocations(tx, selection, wallToWallRequestMax + 1);
  if (rows.length === 0) throw unprocessable('noLocationsSelected');
  if (rows.length > wallToWallRequestMax)
    throw unprocessable('tooManyLocationsSelected', { max: wallToWallRequestMax });
  const itemIds = body.state === 'PARTIAL' ? await itemIdsOf(ctx, tx, body.items) : [];
  const at = nowIso();
  const codes: string[] = [];
  for (const row of rows) {
    // A location already flagged in a way the rule does not let change (YES) is left as it is.
    if (!isAllowedCountingTransition(row.requires_counting as 'NO' | 'YES' | 'PARTIAL', body.state)) continue;
    await applyCountingState(tx, row, body.state, itemIds, at);
    codes.push(row.code);
  }
  return { updated: codes.length, alreadyFlagged: rows.length - codes.length, codes };
}

/**
 * POST wall_to_wall/request: every selected location (at most 5,000) NO -> state, PARTIAL ->
 * PARTIAL (its list replaced); all or nothing, claimed by the idempotency key (a replay answers
 * the first answer). 422 noLocationsSelected, tooManyLocationsSelected {max}. After the commit the
 * /wall_to_wall counter and BIN_LOCATION_CHANGED.
 */
export async function requestWallToWall(
  ctx: AppContext,
  caller: Principal,
  body: RequestBody,
): Promise<WallToWallRequestAnswer> {
  const result = await runIdempotent(
    ctx.db,
    { scope: 'wall_to_wall.request', key: body.idempotencyKey, userId: caller.userId, request: body },
    (tx) => requestInTransaction(tx, ctx, body),
  );
  const { codes, ...answer } = result.body;
  if (!result.replayed) {
    if (codes.length > 0) ctx.live.publish(topics.binLocations(), 'BIN_LOCATION_CHANGED', { codes });
    await syncCountingCounterAfterCommit(ctx);
  }
  return { ...answer, replayed: result.replayed };
}
