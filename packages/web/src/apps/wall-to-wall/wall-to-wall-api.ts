import { wallToWallEndpoints as endpoints, type CountSaveRequest } from '@wms/contract';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { quietly } from '../../handheld/picking/picking-api.js';
import { apiQuery, callApi } from '../../platform/api-client.js';

/**
 * The /wall_to_wall calls (contract api/counting.ts), quiet: a failure is thrown keyed for the
 * workflow engine to show once. The save carries the keeper's key, kept while the answer is
 * unknown, so a Wi-Fi retry posts the count once.
 */
export const wallToWallApi = {
  start: (location: string) => quietly(() => callApi(endpoints.start, { params: { location } }, { silent: true })),
  release: (location: string) => quietly(() => callApi(endpoints.release, { params: { location } }, { silent: true })),
  save: (request: Omit<CountSaveRequest, 'idempotencyKey'>, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send(request, (idempotencyKey) =>
        callApi(endpoints.save, { body: { ...request, idempotencyKey } }, { silent: true }),
      ),
    ),
};

export type WallToWallApi = typeof wallToWallApi;

/** The flagged locations in walk order (blind). */
export const countRequestsQuery = () => apiQuery(endpoints.requests, { query: {} });
