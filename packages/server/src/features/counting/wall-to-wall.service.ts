import type { CountingState, CountRequestsAnswer, CountStartAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { writeTransaction } from '../../db/group-commit.js';
import { hasAnyRole, type Principal } from '../../http/access.js';
import { forbidden, notFound, unprocessable } from '../../http/app-error.js';
import { lockHoldersOf, releaseCountLock, takeCountLock } from './count-lock.js';
import * as repository from './wall-to-wall.repository.js';

/**
 * /wall_to_wall on the server (PROCESSES.md 4.2; decision 0189): the counting walk, starting a
 * location (the count lock) and releasing it. The save is wall-to-wall-save.ts. Every call needs
 * the role counting (the endpoints') and the extension wallToWall (403 otherwise). Blind: no
 * answer carries an expected or on-hand quantity.
 */
export const wallToWallSource = 'WALL_TO_WALL';
const requestsShown = 1000;

/** 403 requestForbidden while the extension wallToWall is off. */
export async function requireWallToWall(ctx: AppContext): Promise<void> {
  if (!(await ctx.settings.settings()).enabledExtensions.includes('wallToWall')) throw forbidden();
}

/** The location a scan names: by code, else by barcode (for every counting app). */
export function findCountLocation(db: DbOrTx, code: string): Promise<repository.CountLocationRow | undefined> {
  return repository.findLocation(db, code);
}

/** The location a scan names, or 404 unknownLocation {code}. */
export async function findCountLocationOrThrow(db: DbOrTx, code: string): Promise<repository.CountLocationRow> {
  const location = await findCountLocation(db, code);
  if (!location) throw notFound('unknownLocation', { code });
  return location;
}

/**
 * A location not flagged for counting (requiresCounting NO) is counted only with the
 * authorisation countingAuthCountUnrequested: 422 locationNotFlaggedForCounting {location}.
 */
export function assertMayCount(caller: Principal, location: repository.CountLocationRow): void {
  if (location.requires_counting === 'NO' && !hasAnyRole(caller, ['countingAuthCountUnrequested'])) {
    throw unprocessable('locationNotFlaggedForCounting', { location: location.code });
  }
}

const toCountItem = (row: { code: string; name: string; managed_by: string }) => ({
  code: row.code,
  name: row.name,
  managedBy: row.managed_by,
});

/** GET wall_to_wall/requests: the flagged locations in countingSortingCode order, PARTIAL with its items. */
export async function countRequests(
  ctx: AppContext,
  caller: Principal,
  query: { warehouse?: string | undefined },
): Promise<CountRequestsAnswer> {
  await requireWallToWall(ctx);
  const rows = await repository.flaggedLocations(ctx.db, query.warehouse ?? null, requestsShown + 1);
  const shown = rows.slice(0, requestsShown);
  const ids = shown.map((r) => r.id);
  const items = await repository.itemsToCountOf(ctx.db, ids);
  const holders = await lockHoldersOf(ctx.db, ids, caller.userId);
  return {
    locations: shown.map((row) => ({
      code: row.code,
      visualCode: row.visual_code,
      warehouse: row.warehouse_code,
      countingSortingCode: row.counting_sorting_code,
      requiresCounting: row.requires_counting as CountingState,
      items:
        row.requires_counting === 'PARTIAL' ? items.filter((i) => i.bin_location_id === row.id).map(toCountItem) : [],
      lockedBy: holders.get(row.id) ?? null,
    })),
    truncated: rows.length > requestsShown,
  };
}

/**
 * POST wall_to_wall/{location}/start: takes (or renews) the count lock and answers what to count,
 * blind: the whole location (YES, or unrequested) or a PARTIAL request's items. 404
 * unknownLocation, 422 locationNotFlaggedForCounting, 409 claimedByOtherUser {username}.
 */
export async function startCount(ctx: AppContext, caller: Principal, code: string): Promise<CountStartAnswer> {
  await requireWallToWall(ctx);
  return writeTransaction(ctx, async (tx) => {
    const location = await findCountLocationOrThrow(tx, code);
    assertMayCount(caller, location);
    const round = await repository.nextRound(tx, location.id, wallToWallSource);
    const lockExpiresAt = await takeCountLock(tx, location.id, caller, { name: wallToWallSource, round });
    const partial = location.requires_counting === 'PARTIAL';
    const items = partial ? await repository.itemsToCountOf(tx, [location.id]) : [];
    return {
      location: { code: location.code, visualCode: location.visual_code, warehouse: location.warehouse_code },
      requiresCounting: location.requires_counting as CountingState,
      scope: partial ? 'ITEMS' : 'WHOLE_LOCATION',
      items: items.map(toCountItem),
      round,
      lockExpiresAt,
    };
  });
}

/** POST wall_to_wall/{location}/release: gives the caller's lock back without saving. */
export async function releaseCount(ctx: AppContext, caller: Principal, code: string): Promise<{ released: boolean }> {
  await requireWallToWall(ctx);
  return ctx.db.transaction().execute(async (tx) => {
    const location = await findCountLocationOrThrow(tx, code);
    return { released: await releaseCountLock(tx, location.id, caller.userId) };
  });
}
