import {
  deliveryEndpoints,
  packEndpoints,
  packingSlipEndpoints,
  type PackRepackRequest,
  type PackVerifyRequest,
  type PackView,
} from '@wms/contract';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { quietly } from '../../handheld/picking/picking-api.js';
import { apiQuery, callApi } from '../../platform/api-client.js';

const quiet = { silent: true } as const;

export const packAndDeliveryQueries = {
  /** Pick lists waiting for packing (PICKED, and PARTLY_PICKED flagged). */
  open: () => apiQuery(packEndpoints.open, { query: { limit: 200 } }, quiet),
  /** Packed pick lists not yet delivered. */
  packed: () => apiQuery(deliveryEndpoints.packed, { query: { limit: 200 } }, quiet),
};

type VerifyBody = Omit<PackVerifyRequest, 'idempotencyKey'>;
type RepackBody = Omit<PackRepackRequest, 'idempotencyKey'>;

/**
 * The pack and delivery calls (contract api/deliveries.ts), all quiet: a failure is thrown keyed
 * (StepFailure) for the workflow engine to show once. Every committing call carries the keeper's
 * device-made key, kept while the answer is unknown, so a retry after a Wi-Fi drop acts once.
 */
export const packAndDeliveryApi = {
  start: (scan: string, confirmFlush: boolean) =>
    quietly(() => callApi(packEndpoints.start, { body: { scan, confirmFlush } }, quiet)),
  view: (code: string) => quietly(() => callApi(packEndpoints.view, { params: { code } }, quiet)),
  verify: (code: string, body: VerifyBody, keeper: IdempotencyKeeper): Promise<PackView> =>
    quietly(() =>
      keeper.send({ verify: code, ...body }, (idempotencyKey) =>
        callApi(
          packEndpoints.verify,
          { params: { code }, body: { ...body, idempotencyKey } },
          {
            ...quiet,
            idempotencyKey,
          },
        ),
      ),
    ),
  acceptDifference: (code: string, keeper: IdempotencyKeeper): Promise<PackView> =>
    quietly(() =>
      keeper.send({ acceptDifference: code }, (idempotencyKey) =>
        callApi(
          packEndpoints.acceptDifference,
          { params: { code }, body: { idempotencyKey } },
          {
            ...quiet,
            idempotencyKey,
          },
        ),
      ),
    ),
  repack: (code: string, body: RepackBody, keeper: IdempotencyKeeper): Promise<PackView> =>
    quietly(() =>
      keeper.send({ repack: code, ...body }, (idempotencyKey) =>
        callApi(
          packEndpoints.repack,
          { params: { code }, body: { ...body, idempotencyKey } },
          {
            ...quiet,
            idempotencyKey,
          },
        ),
      ),
    ),
  finish: (code: string, version: number) =>
    quietly(() => callApi(packEndpoints.finish, { params: { code }, body: { version } }, quiet)),
  packed: () => quietly(() => callApi(deliveryEndpoints.packed, { query: { limit: 200 } }, quiet)),
  createDelivery: (pickList: string, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send({ deliver: pickList }, (idempotencyKey) =>
        callApi(deliveryEndpoints.create, { body: { pickList, idempotencyKey } }, { ...quiet, idempotencyKey }),
      ),
    ),
  /**
   * The delivery's packing slip as a PDF (contract api/packing-slip.ts). The packing slip app's
   * api module may not be imported across apps (lint rule), so the one call is made here.
   */
  packingSlipPdf: async (code: string): Promise<Blob> =>
    (await quietly(() =>
      callApi(packingSlipEndpoints.pdf, { params: { code } }, { ...quiet, responseType: 'blob' }),
    )) as Blob,
};

export type PackAndDeliveryApi = typeof packAndDeliveryApi;
