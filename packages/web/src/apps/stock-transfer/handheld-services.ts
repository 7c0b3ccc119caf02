import type { Batch, BinLocation, ItemFindAnswer, LocationContentRow, Serial } from '@wms/contract';
import type { HandheldServices } from '../../handheld/engine/types.js';
import { ApiError, http, type RequestOptions } from '../../platform/http.js';
import { keyedFailure } from './keyed-failure.js';

const segment = (code: string) => encodeURIComponent(code);

/**
 * A quiet GET (the HTTP client shows no notice; a 401 still logs out and a 410 still reloads):
 * 404 answers `notFound`, any other failure is thrown as a keyed failure for the engine to show.
 */
async function quietGet<T, N>(path: string, notFound: N, options: RequestOptions = {}): Promise<T | N> {
  try {
    return await http.get<T>(path, { ...options, silent: true });
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
    findItem: (code) => quietGet<ItemFindAnswer, null>(`/api/v1/item/find/${segment(code)}`, null),
    findLocation: (code) => quietGet<BinLocation, null>(`/api/v1/bin_location/find/${segment(code)}`, null),
    locationContents: (code) =>
      quietGet<LocationContentRow[], LocationContentRow[]>(`/api/v1/bin_location/${segment(code)}/contents`, []),
    findBatches: (code, itemCode) =>
      quietGet<Batch[], Batch[]>(`/api/v1/batch/find/${segment(code)}`, [], { query: { itemCode } }),
    findSerials: (code, itemCode) =>
      quietGet<Serial[], Serial[]>(`/api/v1/serial/find/${segment(code)}`, [], { query: { itemCode } }),
    ...(scale ? { scale } : {}),
  };
}
