import type {
  LocationTransferRequest,
  StockTransferAnswer,
  StockTransferLinesRequest,
  StockTransferValidation,
} from '@wms/contract';
import { http } from '../../platform/http.js';
import type { IdempotencyKeeper } from './idempotency-keeper.js';
import { keyedFailure } from './keyed-failure.js';

const base = '/api/v1/operations/stock_transfer';
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
    quietly(() => http.post<StockTransferValidation>(`${base}/validateRequest`, request, quiet)),

  /** Moves stock lines to one target, with the keeper's Idempotency-Key. */
  moveLines: (request: StockTransferLinesRequest, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send(request, (idempotencyKey) =>
        http.post<StockTransferAnswer>(`${base}/lines`, request, { ...quiet, idempotencyKey }),
      ),
    ),

  /** Moves the whole free content of a location, with the keeper's Idempotency-Key. */
  moveLocation: (request: LocationTransferRequest, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send(request, (idempotencyKey) =>
        http.post<StockTransferAnswer>(`${base}/location`, request, { ...quiet, idempotencyKey }),
      ),
    ),

  /** The QC lock: blocks stock movements on a target that received QC-pending stock. */
  blockForQc: (code: string, reason: string) =>
    quietly(() =>
      http.post<unknown>(
        `/api/v1/bin_location/${encodeURIComponent(code)}/setBlockStockMovements/true`,
        { reason },
        quiet,
      ),
    ),
};
