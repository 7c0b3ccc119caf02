import {
  pickListEndpoints as endpoints,
  type EndpointRequest,
  type PickList,
  type PickListQuery,
  type PickRequest,
  type ShortReason,
} from '@wms/contract';
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
const openListsQuery: PickListQuery = { open: true, limit: 200 };

export const pickingQueries = {
  open: () => apiQuery(endpoints.all, { query: openListsQuery }),
};

/** The pick body without its key: the keeper adds the device-made key (header and body). */
type PickBody = Omit<PickRequest, 'idempotencyKey'>;

/** The short body without its key (contract). */
type ShortBody = Omit<EndpointRequest<typeof endpoints.short>['body'], 'idempotencyKey'>;

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

/**
 * A list the list screen has just claimed, handed to the process screen it opens, so that screen
 * does not claim it a second time (and scans are not lost behind a second spinner). Kept in
 * memory only: a reload, or any other way in, claims again.
 */
let claimedHandover: PickList | null = null;

export const claimedLists = {
  handOver: (list: PickList) => {
    claimedHandover = list;
  },
  /** The handed-over list when it is this code's (read only: see take). */
  peek: (code: string): PickList | null => (claimedHandover?.code === code ? claimedHandover : null),
  /** Used once: the next opening claims again. */
  take: () => {
    claimedHandover = null;
  },
};
