import { binLocationEndpoints, itemEndpoints, lookupEndpoints } from '@wms/contract';
import type { HandheldServices } from './engine/types.js';
import { callApi } from '../platform/api-client.js';
import { ApiError } from '../platform/http.js';
import { keyedFailure } from './keyed-failure.js';

const quiet = { silent: true } as const;

/**
 * A quiet call (the HTTP client shows no notice; a 401 still logs out and a 410 still reloads):
 * 404 answers `notFound`, any other failure is thrown as a keyed failure for the engine to show.
 */
async function quietly<T, N>(call: () => Promise<T>, notFound: N): Promise<T | N> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return notFound;
    throw keyedFailure(error);
  }
}

/**
 * The workflow engine's services over the HTTP API (contract items.ts, bin-locations.ts,
 * lookups.ts). An unknown code answers null or [] so the step shows its own message
 * (itemIdentification.unknownItemForCode, unknownLocation, ...) exactly once.
 */
export function createHttpHandheldServices(scale?: HandheldServices['scale']): HandheldServices {
  return {
    findItem: (code) => quietly(() => callApi(itemEndpoints.find, { params: { code } }, quiet), null),
    findLocation: (code) => quietly(() => callApi(binLocationEndpoints.find, { params: { code } }, quiet), null),
    locationContents: (code) => quietly(() => callApi(binLocationEndpoints.contents, { params: { code } }, quiet), []),
    findBatches: (code, itemCode) =>
      quietly(() => callApi(lookupEndpoints.findBatches, { params: { code }, query: { itemCode } }, quiet), []),
    findSerials: (code, itemCode) =>
      quietly(() => callApi(lookupEndpoints.findSerials, { params: { code }, query: { itemCode } }, quiet), []),
    ...(scale ? { scale } : {}),
  };
}
