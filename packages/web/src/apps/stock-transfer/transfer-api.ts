import {
  stockTransferEndpoints as endpoints,
  type LocationTransferRequest,
  type StockTransferLinesRequest,
} from '@wms/contract';
import { callApi } from '../../platform/api-client.js';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { keyedFailure } from '../../handheld/keyed-failure.js';

const quiet = { silent: true } as const;

/** Runs a quiet call; its failure is thrown keyed, for the workflow engine to show once. */
async function quietly<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw keyedFailure(error);
  }
}

/**
 * The stock transfer calls (contract api/stock-transfer.ts). Every failure is thrown as a
 * StepFailure (errors:<key> with the server's args); nothing is notified here.
 */
export const transferApi = {
  /** Checks the transfer without moving anything; answers the targets QC stock would block. */
  validate: (request: StockTransferLinesRequest) =>
    quietly(() => callApi(endpoints.validate, { body: request }, quiet)),

  /** Moves stock lines to one target, with the keeper's Idempotency-Key. */
  moveLines: (request: StockTransferLinesRequest, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send(request, (idempotencyKey) =>
        callApi(endpoints.lines, { body: request }, { ...quiet, idempotencyKey }),
      ),
    ),

  /** Moves the whole free content of a location, with the keeper's Idempotency-Key. */
  moveLocation: (request: LocationTransferRequest, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send(request, (idempotencyKey) =>
        callApi(endpoints.location, { body: request }, { ...quiet, idempotencyKey }),
      ),
    ),

  /** The QC lock: blocks stock movements on a target that received QC-pending stock (the answer is not used). */
  blockForQc: (code: string, reason: string): Promise<unknown> =>
    quietly(() =>
      callApi(endpoints.setBlockStockMovements, { params: { code, block: 'true' }, body: { reason } }, quiet),
    ),
};
