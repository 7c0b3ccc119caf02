import {
  goodsSortingEndpoints as endpoints,
  type GoodsSortingMoveRequest,
  type GoodsSortingSuggestRequest,
  type ManagerApproval,
} from '@wms/contract';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { keyedFailure } from '../../handheld/keyed-failure.js';
import { callApi } from '../../platform/api-client.js';

const quiet = { silent: true } as const;

/** Runs a quiet call; its failure is thrown keyed (StepFailure), for the workflow engine to show once. */
async function quietly<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw keyedFailure(error);
  }
}

/**
 * The goods sorting calls (contract api/goods-sorting.ts). Nothing is notified here: every
 * failure is thrown as a StepFailure (errors:<key> with the server's args).
 */
export const sortingApi = {
  /** The rows of a staging location or cart, oldest receipt first. */
  staging: (location: string) => quietly(() => callApi(endpoints.staging, { params: { location } }, quiet)),

  /** The proposed destinations of the identified stock and the quantity to move by default. */
  suggest: (request: GoodsSortingSuggestRequest) => quietly(() => callApi(endpoints.suggest, { body: request }, quiet)),

  /**
   * The move, with the keeper's Idempotency-Key: a retry of the same request (no answer known)
   * sends the same key. The key is kept for the request without the manager's password, so the
   * password is neither saved with the workflow nor needed to match a retry.
   */
  move: (request: GoodsSortingMoveRequest, keeper: IdempotencyKeeper, approval?: ManagerApproval) => {
    const body = approval ? { ...request, managerApproval: approval } : request;
    const keyed = approval ? { ...request, managerApproval: { username: approval.username } } : request;
    return quietly(() =>
      keeper.send(keyed, (idempotencyKey) => callApi(endpoints.move, { body }, { ...quiet, idempotencyKey })),
    );
  },
};

export type SortingApi = typeof sortingApi;
