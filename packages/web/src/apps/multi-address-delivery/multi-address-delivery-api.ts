import { multiAddressDeliveryEndpoints as endpoints, type PutWallUnit } from '@wms/contract';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { quietly } from '../../handheld/picking/picking-api.js';
import { callApi } from '../../platform/api-client.js';

const quiet = { silent: true } as const;

/**
 * The put wall calls (contract api/multi-address-delivery.ts), all quiet: a failure is thrown
 * keyed for the workflow engine to show once. A put carries the keeper's key, kept while the answer is unknown, so a Wi-Fi
 * retry moves the unit once.
 */
export const putWallApi = {
  start: (scan: string) => quietly(() => callApi(endpoints.start, { body: { scan } }, quiet)),
  view: (code: string) => quietly(() => callApi(endpoints.view, { params: { code } }, quiet)),
  locate: (code: string, unit: PutWallUnit) =>
    quietly(() => callApi(endpoints.locate, { params: { code }, body: unit }, quiet)),
  put: (code: string, unit: PutWallUnit, container: string, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send({ code, ...unit, container }, (idempotencyKey) =>
        callApi(
          endpoints.put,
          { params: { code }, body: { ...unit, container, idempotencyKey } },
          { ...quiet, idempotencyKey },
        ),
      ),
    ),
};

export type PutWallApi = typeof putWallApi;
