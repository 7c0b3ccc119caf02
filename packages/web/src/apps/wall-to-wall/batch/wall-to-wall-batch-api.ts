import {
  sameCode,
  wallToWallBatchEndpoints as endpoints,
  type CountingListLocation,
  type CountSaveAnswer,
  type CountStartAnswer,
} from '@wms/contract';
import type { Notice } from '../../../handheld/engine/types.js';
import type { IdempotencyKeeper } from '../../../handheld/idempotency-keeper.js';
import { StepFailure } from '../../../handheld/keyed-failure.js';
import { quietly } from '../../../handheld/picking/picking-api.js';
import { apiQuery, callApi } from '../../../platform/api-client.js';
import type { WallToWallApi } from '../wall-to-wall-api.js';

const quiet = { silent: true } as const;

/** The /wall_to_wall_batch reads (contract api/counting-lists.ts): no quantities anywhere. */
export const batchQueries = {
  lists: () => apiQuery(endpoints.countingList),
  progress: (list: string) => apiQuery(endpoints.progress, { query: { list } }),
};

/** The /wall_to_wall_batch calls, quiet: a failure is thrown keyed for the workflow engine to show once. */
export const wallToWallBatchApi = {
  start: (list: string) => quietly(() => callApi(endpoints.startCounting, { body: { list } }, quiet)),
  progress: (list: string) => quietly(() => callApi(endpoints.progress, { query: { list } }, quiet)),
  flush: (list: string, idempotencyKey: string) =>
    quietly(() => callApi(endpoints.flush, { body: { idempotencyKey, list } }, quiet)),
};

/**
 * Whether the user may count the location in the list's current round: the round needs it, or
 * the user's own count is the latest (a draft: saving again replaces it). Otherwise the keyed
 * refusal the server would give at save, told at the scan instead (the server still decides at
 * save, e.g. secondCountMustBeOtherUser).
 */
export function countRefusal(
  list: string,
  location: CountingListLocation | undefined,
  scanned: string,
  username: string | null,
): StepFailure | null {
  if (!location) return new StepFailure('errors:locationNotInCountingList', { location: scanned, list });
  const ownDraft = username !== null && location.counters.at(-1) === username && location.state !== 'AGREED';
  if (!location.toCount && !ownDraft)
    return new StepFailure('errors:locationAlreadyCountedInRound', { location: location.code, list });
  return null;
}

/**
 * The /wall_to_wall count steps (wall-to-wall-steps.ts) driven for one counting list: "start" checks
 * the scanned location against the list's progress (no lock of its own: the list froze its
 * locations), "save" saves the caller's count of the current round (a draft until flush). The
 * answer is told as a CountSaveAnswer with the round (batchSavedNotice tells it as a draft).
 */
export function batchCountApi(list: string, username: string | null): WallToWallApi {
  return {
    async start(scanned: string): Promise<CountStartAnswer> {
      const progress = await wallToWallBatchApi.progress(list);
      // Taken over by another counter meanwhile: told at the location scan, not after counting it.
      const holder = progress.list.claimedBy;
      if (holder !== null && username !== null && holder !== username) {
        throw new StepFailure('errors:claimedByOtherUser', { username: holder });
      }
      const location = progress.locations.find(
        (candidate) => sameCode(candidate.code, scanned) || sameCode(candidate.visualCode, scanned),
      );
      const refusal = countRefusal(list, location, scanned, username);
      if (refusal) throw refusal;
      if (!location) throw new StepFailure('errors:locationNotInCountingList', { location: scanned, list });
      return {
        location: { code: location.code, visualCode: location.visualCode, warehouse: progress.list.warehouse ?? '' },
        requiresCounting: 'YES',
        scope: 'WHOLE_LOCATION',
        items: [],
        round: progress.list.round ?? 1,
        lockExpiresAt: new Date(0).toISOString(),
      };
    },
    release: async () => ({ released: true }),
    save: (request, keeper: IdempotencyKeeper) =>
      quietly(async () => {
        const body = { list, location: request.location, lines: request.lines ?? [], empty: request.empty ?? false };
        const answer = await keeper.send(body, (idempotencyKey) =>
          callApi(endpoints.save, { body: { ...body, idempotencyKey } }, quiet),
        );
        const done: CountSaveAnswer = {
          location: answer.location,
          outcome: 'NO_DIFFERENCE',
          adjustedLines: 0,
          transferredSerials: [],
          recountRequest: null,
          round: answer.round,
          replayed: answer.replayed,
        };
        return done;
      }),
  };
}

/** The one message of a saved count: a draft of the round (no quantities, no verdict). */
export const batchSavedNotice = (done: CountSaveAnswer): Notice => ({
  variant: 'success',
  key: 'wallToWallBatch:saved',
  args: { location: done.location, round: done.round },
});
