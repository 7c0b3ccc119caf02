import {
  recountingEndpoints as endpoints,
  type ManualRecountRequest,
  type RecountReviewRequest,
  type RecountSaveRequest,
} from '@wms/contract';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { quietly } from '../../handheld/picking/picking-api.js';
import { apiQuery, callApi } from '../../platform/api-client.js';

/**
 * The /recounting calls (contract api/recounting.ts), quiet: a failure is thrown keyed for the
 * workflow engine to show once. Save and flush carry the keeper's key, kept while the answer is
 * unknown, so a Wi-Fi retry stores or posts once.
 */
export const recountingApi = {
  claim: (code: string) => quietly(() => callApi(endpoints.claim, { params: { code } }, { silent: true })),
  save: (request: Omit<RecountSaveRequest, 'idempotencyKey'>, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send(request, (idempotencyKey) =>
        callApi(endpoints.save, { body: { ...request, idempotencyKey } }, { silent: true }),
      ),
    ),
  flush: (document: string, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send({ document }, (idempotencyKey) =>
        callApi(endpoints.flush, { body: { document, idempotencyKey } }, { silent: true }),
      ),
    ),
};

export type RecountingApi = typeof recountingApi;

/** The open requests (blind). */
export const recountRequestsQuery = () => apiQuery(endpoints.requests, {});
/** The requests in review (the manager's, not blind). */
export const recountReviewsQuery = () => apiQuery(endpoints.reviews, {});

/** The manager's calls, quiet: the page shows a failure itself (showFailure), once. */
export const reviewRecount = (code: string, body: RecountReviewRequest) =>
  callApi(endpoints.review, { params: { code }, body }, { silent: true });
export const requestRecount = (body: ManualRecountRequest) => callApi(endpoints.request, { body }, { silent: true });
