import { finishedGoodsReceiptEndpoints as endpoints, type FinishedGoodsReceiveRequest } from '@wms/contract';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { keyedFailure } from '../../handheld/keyed-failure.js';
import { callApi } from '../../platform/api-client.js';
import { ApiError } from '../../platform/http.js';

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
 * The finished goods receipt calls (contract api/finished-goods-receipt.ts). Nothing is notified
 * here: every failure is thrown as a StepFailure (errors:<key> with the server's args).
 */
export const finishedGoodsApi = {
  /** The order by its work order or production order code; null when there is none (404). */
  order: async (order: string) => {
    try {
      return await callApi(endpoints.order, { params: { order } }, quiet);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw keyedFailure(error);
    }
  },

  /** The orders of an item with output left to receive, oldest first. */
  ordersOfItem: (item: string) =>
    quietly(() => callApi(endpoints.orders, { query: { item } }, quiet)).then((answer) => answer.orders),

  /** The receipt, with the keeper's Idempotency-Key (reused while the answer is unknown). */
  receive: (order: string, body: FinishedGoodsReceiveRequest, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send({ order, body }, (idempotencyKey) =>
        callApi(endpoints.receive, { params: { order }, body }, { ...quiet, idempotencyKey }),
      ),
    ),
};

export type FinishedGoodsApi = typeof finishedGoodsApi;
