import { areaKey, deliveryDispatchEndpoints as endpoints } from '@wms/contract';
import type { IdempotencyKeeper } from '../../handheld/idempotency-keeper.js';
import { quietly } from '../../handheld/picking/picking-api.js';
import { apiQuery, callApi } from '../../platform/api-client.js';

const quiet = { silent: true } as const;

/** The deliveries waiting for dispatch, grouped by route. */
export const deliveryDispatchQueries = {
  notDispatched: () => apiQuery(endpoints.notDispatched, { query: {} }, quiet),
};
/** Every read of this app (live changes invalidate them). */
export const deliveryDispatchKey = areaKey('deliveryDispatch');

/**
 * The dispatch calls (contract api/delivery-dispatch.ts), all quiet: the screen shows failures
 * itself. Opening a load and loading a container carry the keeper's key, kept while the answer is
 * unknown, so a Wi-Fi retry loads once.
 */
export const deliveryDispatchApi = {
  openLoad: (dock: string, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send({ dock }, (idempotencyKey) =>
        callApi(endpoints.openLoad, { body: { dock, idempotencyKey } }, { ...quiet, idempotencyKey }),
      ),
    ),
  loadContainer: (load: number, container: string, confirm: boolean, keeper: IdempotencyKeeper) =>
    quietly(() =>
      keeper.send({ load, container, confirm }, (idempotencyKey) =>
        callApi(
          endpoints.loadContainer,
          { params: { id: load }, body: { container, confirm, idempotencyKey } },
          { ...quiet, idempotencyKey },
        ),
      ),
    ),
  closeLoad: (load: number, confirmIncomplete: boolean) =>
    quietly(() => callApi(endpoints.closeLoad, { params: { id: load }, body: { confirmIncomplete } }, quiet)),
};
