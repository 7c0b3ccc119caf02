import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  areaKey,
  itemActionEndpoints,
  itemAutocompleteLimit,
  itemEndpoints,
  queryKeyOf,
  type DefaultLocationFilter,
  type ItemFindAnswer,
  type ItemHistoryAnswer,
} from '@wms/contract';
import { apiQuery, callApi } from '../../platform/api-client.js';

/** Rows per history page ("load more"). */
export const historyPageSize = 100;

/**
 * Item reads. Every read of one item is keyed under ['items', { code }] (the
 * contract's query keys put the path parameters second), its default locations under
 * ['itemActions', { code }]: refreshItem refreshes the whole view.
 */
export const itemQueries = {
  all: () => areaKey('items'),
  /** The key prefix of every items-area read of one item (item, stock, open documents, history). */
  detailRoot: (code: string) => [...areaKey('items'), { code }] as const,
  /** The key prefix of the item's default locations (every filter). */
  defaultLocationsRoot: (code: string) => [...areaKey('itemActions'), { code }] as const,
  detail: (code: string) => apiQuery(itemEndpoints.get, { params: { code } }),
  stock: (code: string) => apiQuery(itemEndpoints.binLocations, { params: { code } }),
  openDocuments: (code: string) => apiQuery(itemEndpoints.openDocuments, { params: { code } }),
  defaultLocations: (code: string, filter: DefaultLocationFilter) =>
    apiQuery(itemActionEndpoints.defaultLocations, { params: { code }, query: { filter } }),
  history: (code: string) =>
    infiniteQueryOptions({
      queryKey: queryKeyOf(itemEndpoints.history, { params: { code } }),
      queryFn: ({ pageParam, signal }) =>
        callApi(
          itemEndpoints.history,
          { params: { code }, query: { offset: pageParam, limit: historyPageSize } },
          { signal },
        ),
      initialPageParam: 0,
      getNextPageParam: (last: ItemHistoryAnswer) => (last.hasMore ? last.offset + last.rows.length : undefined),
    }),
  /** Suggestions for typed text (at most 20); failures stay quiet, the list just stays empty. */
  autocomplete: (text: string) =>
    queryOptions({
      ...apiQuery(itemEndpoints.autocomplete, { params: { text } }, { silent: true }),
      select: (suggestions) => suggestions.slice(0, itemAutocompleteLimit),
      staleTime: 30_000,
    }),
};

/** Refreshes everything the item view shows of one item (its reads and its default locations). */
export async function refreshItem(queryClient: QueryClient, code: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: itemQueries.detailRoot(code) }),
    queryClient.invalidateQueries({ queryKey: itemQueries.defaultLocationsRoot(code) }),
  ]);
}

/** Finds an item by code or any barcode (items.find). An unknown code is notified by the HTTP client. */
export function findItem(code: string): Promise<ItemFindAnswer> {
  return callApi(itemEndpoints.find, { params: { code } });
}
