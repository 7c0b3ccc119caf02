import { pickAndCollectEndpoints as endpoints, type CartStartRequest } from '@wms/contract';
import { callApi } from '../../platform/api-client.js';
import { quietly } from '../../handheld/picking/picking-api.js';

const quiet = { silent: true } as const;

/**
 * The cart calls (contract api/pick-and-collect.ts), all quiet: a failure is thrown keyed. The
 * picks themselves are the pick list's (stock-picking's pickingApi.pick with the slot's container).
 */
export const collectApi = {
  /** The caller's cart session (resume), or null. */
  current: async () => (await quietly(() => callApi(endpoints.current, undefined, quiet))).session,
  start: (body: CartStartRequest) => quietly(() => callApi(endpoints.start, { body }, quiet)),
  slot: (slot: string, container: string) =>
    quietly(() => callApi(endpoints.slot, { body: { slot, container } }, quiet)),
  /** One list leaves the cart; the session left (null: it was the last list). */
  detach: async (pickList: string) =>
    (await quietly(() => callApi(endpoints.detach, { body: { pickList } }, quiet))).session,
  finish: (cartFull: boolean) => quietly(() => callApi(endpoints.finish, { body: { cartFull } }, quiet)),
};

export type CollectApi = typeof collectApi;
