import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { areaKey, binLocationEndpoints, type BinLocation } from '@wms/contract';
import { apiQuery, callApi } from '../../../platform/api-client.js';

const endpoints = binLocationEndpoints;
const area = endpoints.get.area;
const quiet = { silent: true } as const;

/** A location's history page size. */
export const historyPageSize = 50;

/**
 * Bin location queries (contract api/bin-locations.ts), keyed [binLocations, { code }, name, query]
 * by the contract, so one invalidation of a location refreshes all of its views.
 */
export const binLocationQueries = {
  all: () => areaKey(area),
  detail: (code: string) => apiQuery(endpoints.get, { params: { code } }, quiet),
  contents: (code: string) => apiQuery(endpoints.contents, { params: { code } }, quiet),
  defaultFor: (code: string) => apiQuery(endpoints.defaultFor, { params: { code } }, quiet),
  history: (code: string, offset: number) =>
    apiQuery(endpoints.history, { params: { code }, query: { offset, limit: historyPageSize } }, quiet),
  itemsToCount: (code: string) => apiQuery(endpoints.itemsToCount, { params: { code } }),
  autocomplete: (text: string) =>
    queryOptions({ ...apiQuery(endpoints.autocomplete, { params: { text } }, quiet), staleTime: 30_000 }),
};

/** Finds a location by code or barcode; the error catalogue shows unknownLocation. */
export function findBinLocation(text: string): Promise<BinLocation> {
  return callApi(endpoints.find, { params: { code: text.trim() } });
}

/** The location code a binLocations query key is about (its params' code), if any. */
function locationCodeOf(key: QueryKey): string | null {
  const params = key[0] === area ? key[1] : undefined;
  if (!params || typeof params !== 'object' || !('code' in params)) return null;
  return String(params.code);
}

/** The views of one location: the location's own reads (not find, which takes any scanned text). */
const locationViews: ReadonlySet<unknown> = new Set([
  endpoints.get.name,
  endpoints.contents.name,
  endpoints.defaultFor.name,
  endpoints.history.name,
  endpoints.itemsToCount.name,
]);

const isLocationKey = (key: QueryKey, codes: ReadonlySet<string>) => {
  const code = locationCodeOf(key);
  return code !== null && locationViews.has(key[2]) && codes.has(code.toLowerCase());
};

/** Refetches everything shown of these locations (codes compare without case). */
export function invalidateLocations(queryClient: QueryClient, codes: readonly string[]): Promise<void> {
  const lower = new Set(codes.map((code) => code.toLowerCase()));
  return queryClient.invalidateQueries({ predicate: (query) => isLocationKey(query.queryKey, lower) });
}

const contentViews: ReadonlySet<unknown> = new Set([endpoints.contents.name, endpoints.history.name]);

/** Refetches the contents (and history) of every location shown: an item changed somewhere. */
export function invalidateLocationContents(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === area && contentViews.has(queryKey[2]),
  });
}
