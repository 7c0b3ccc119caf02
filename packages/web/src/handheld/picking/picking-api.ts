import { pickListEndpoints as endpoints, type PickRequest, type ShortReason, type PickListQuery } from '@wms/contract';
import type { IdempotencyKeeper } from '../idempotency-keeper.js';
import { keyedFailure } from '../keyed-failure.js';
import { apiQuery, callApi } from '../../platform/api-client.js';

const quiet = { silent: true } as const;

/** Runs a quiet call; its failure is thrown keyed (StepFailure), for the engine or the screen to show once. */
export async function quietly<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw keyedFailure(error);
  }
}

/** The released lists a picker may take (open: RELEASED, PARTLY_PICKED, PICKED). */
export const openListsQuery: PickListQuery = { open: true, limit: 200 };

export const pickingQueries = {
  open: () => apiQuery(endpoints.all, { query: openListsQuery }),
};

/** The pick body without its key: the keeper adds the device-made key (header and body). */
export type PickBody = Omit<PickRequest, 'idempotencyKey'>;

export interface ShortBody {
  lineNumber: number;
  reason: ShortReason;
  fromLocation: string;
}

/** The picking calls (contract api/pick-lists.ts), all quiet: a failure is thrown keyed. */
export const pickingApi = {
  next: () => quietly(() => callApi(endpoints.next, { query: {} }, quiet)),
  claim: (code: string) => quietly(() => callApi(endpoints.claim, { params: { code }, body: {} }, quiet)),
  detail: (code: string) => quietly(() => callApi(endpoints.detail, { params: { code } }, quiet)),
  /** One pick with the keeper's key (kept while the answer is unknown, so a retry moves stock once). */
  pick: (code: string, body: PickBody, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send({ pick: code, ...body }, (idempotencyKey) =>
        callApi(endpoints.pick, { params: { code }, body: { ...body, idempotencyKey } }, { ...quiet, idempotencyKey }),
      ),
    ),
  short: (code: string, body: ShortBody, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send({ short: code, ...body }, (idempotencyKey) =>
        callApi(endpoints.short, { params: { code }, body: { ...body, idempotencyKey } }, { ...quiet, idempotencyKey }),
      ),
    ),
  skip: (code: string, lineNumber: number) =>
    quietly(() => callApi(endpoints.skip, { params: { code }, body: { lineNumber } }, quiet)),
  zeroCheck: (code: string, body: { location: string; item: string; empty: boolean }) =>
    quietly(() => callApi(endpoints.zeroCheck, { params: { code }, body }, quiet)),
  flush: (code: string, shortReasons: { lineNumber: number; reason: ShortReason }[]) =>
    quietly(() => callApi(endpoints.flush, { params: { code }, body: { shortReasons } }, quiet)),
};

export type PickingApi = typeof pickingApi;
