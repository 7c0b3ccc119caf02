import { goodsReturnEndpoints as endpoints, queryKeyOf, urlOf, type GoodsReturnProgressRequest } from '@wms/contract';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { keyedFailure } from '../../handheld/keyed-failure.js';
import { apiQuery, callApi } from '../../platform/api-client.js';

const quiet = { silent: true } as const;

/** Runs a quiet call; its failure is thrown keyed (StepFailure), for the workflow engine or the screen to show once. */
async function quietly<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw keyedFailure(error);
  }
}

/** The returns' queries (contract api/goods-returns.ts): the open returns and one return. */
export const returnQueries = {
  open: () => apiQuery(endpoints.open),
  detail: (code: string) => apiQuery(endpoints.detail, { params: { code } }),
};

/** The key prefix of the open returns list. */
export const openReturnsKey = () => queryKeyOf(endpoints.open);

/**
 * The return calls, all quiet (keyed failures): the workflow shows one notice per failure, the
 * screens show the same through failureNotice.
 */
export const returnApi = {
  claim: (code: string) => quietly(() => callApi(endpoints.claim, { params: { code } }, quiet)),
  create: (salesOrder: string) => quietly(() => callApi(endpoints.create, { body: { salesOrder } }, quiet)),
  /** One entry, with the keeper's Idempotency-Key (reused while the answer is unknown). */
  progress: (code: string, body: GoodsReturnProgressRequest, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send({ code, body }, (idempotencyKey) =>
        callApi(endpoints.updateProgressLine, { params: { code }, body }, { ...quiet, idempotencyKey }),
      ),
    ),
  undo: (code: string, entryId: number) =>
    quietly(() => callApi(endpoints.undoEntry, { params: { code, entryId } }, quiet)),
  flush: (code: string, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send({ flush: code }, (idempotencyKey) =>
        callApi(endpoints.flush, { params: { code } }, { ...quiet, idempotencyKey }),
      ),
    ),
  cancel: (code: string) => quietly(() => callApi(endpoints.cancel, { params: { code } }, quiet)),
  print: (code: string, printer: number) =>
    quietly(() => callApi(endpoints.print, { params: { code }, body: { printer } }, quiet)),
  /** Where the receipt PDF is (a device without a printer opens it). */
  receiptUrl: (code: string) => urlOf(endpoints.receipt, { params: { code } }),
};
