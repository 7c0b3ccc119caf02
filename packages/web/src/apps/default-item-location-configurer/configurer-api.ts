import { itemActionEndpoints, type DefaultItemLocation, type SetDefaultLocationRequest } from '@wms/contract';
import { keyedFailure } from '../../handheld/keyed-failure.js';
import { callApi } from '../../platform/api-client.js';

/** A quiet call whose failure the engine shows as one keyed notice (handheld/keyed-failure.ts). */
async function quietly<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw keyedFailure(error);
  }
}

/** The configurer's calls; the tests replace them. */
export interface ConfigurerApi {
  /** The item's row per warehouse (every warehouse; version 0 where it has none). */
  defaultLocations(item: string): Promise<DefaultItemLocation[]>;
  /** setDefaultLocation with the version read: a stale one fails at once with 412 (no resend). */
  setDefaultLocation(item: string, warehouse: string, body: SetDefaultLocationRequest): Promise<DefaultItemLocation>;
}

export const configurerApi: ConfigurerApi = {
  defaultLocations: (code) =>
    quietly(() =>
      callApi(itemActionEndpoints.defaultLocations, { params: { code }, query: { filter: 'all' } }, { silent: true }),
    ),
  setDefaultLocation: (code, whsCode, body) =>
    quietly(() =>
      callApi(
        itemActionEndpoints.setDefaultLocation,
        { params: { code, whsCode }, body },
        { silent: true, retryConflicts: false },
      ),
    ),
};
