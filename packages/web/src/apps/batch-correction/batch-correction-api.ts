import { batchCorrectionEndpoints as endpoints, type BatchCorrectionRequest } from '@wms/contract';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { quietly } from '../../handheld/picking/picking-api.js';
import { callApi } from '../../platform/api-client.js';

/**
 * The batch correction call (contract api/batch-correction.ts), quiet: a failure is thrown keyed
 * for the workflow engine to show once. It carries the keeper's key, kept while the answer is
 * unknown, so a Wi-Fi retry corrects the stock once.
 */
export const batchCorrectionApi = {
  correct: (request: Omit<BatchCorrectionRequest, 'idempotencyKey'>, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send(request, (idempotencyKey) =>
        callApi(endpoints.batchCorrection, { body: { ...request, idempotencyKey } }, { silent: true }),
      ),
    ),
};

export type BatchCorrectionApi = typeof batchCorrectionApi;
