import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  binLocationEndpoints,
  itemActionEndpoints,
  queryKeyOf,
  setupListEndpoints,
  type DefaultItemLocation,
  type SetDefaultLocationRequest,
} from '@wms/contract';
import { callApi } from '../../platform/api-client.js';

/** Rows per page of a warehouse list ("load more"). */
export const listPageSize = 200;

/** Where the next page of a list starts; undefined after the last one. */
const nextOffset = (last: { offset: number; rows: unknown[]; hasMore: boolean }) =>
  last.hasMore ? last.offset + last.rows.length : undefined;
const page = (offset: number) => ({ offset, limit: listPageSize });

/**
 * The configurer's reads: the warehouses, and per warehouse its lists, a page at a time (keys
 * under 'setupLists'; ITEM_CHANGED and BIN_LOCATION_CHANGED refresh them).
 */
export const configurerQueries = {
  warehouses: () =>
    queryOptions({
      queryKey: queryKeyOf(binLocationEndpoints.warehouses),
      queryFn: ({ signal }) => callApi(binLocationEndpoints.warehouses, undefined, { signal }),
      staleTime: 60_000,
    }),
  defaults: (whsCode: string) =>
    infiniteQueryOptions({
      queryKey: queryKeyOf(setupListEndpoints.warehouseDefaults, { params: { whsCode } }),
      queryFn: ({ pageParam, signal }) =>
        callApi(setupListEndpoints.warehouseDefaults, { params: { whsCode }, query: page(pageParam) }, { signal }),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
    }),
  locationsWithoutDefault: (whsCode: string) =>
    infiniteQueryOptions({
      queryKey: queryKeyOf(setupListEndpoints.locationsWithoutDefault, { params: { whsCode } }),
      queryFn: ({ pageParam, signal }) =>
        callApi(
          setupListEndpoints.locationsWithoutDefault,
          { params: { whsCode }, query: page(pageParam) },
          { signal },
        ),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
    }),
  itemsWithoutDefault: (whsCode: string) =>
    infiniteQueryOptions({
      queryKey: queryKeyOf(setupListEndpoints.itemsWithoutDefault, { params: { whsCode } }),
      queryFn: ({ pageParam, signal }) =>
        callApi(setupListEndpoints.itemsWithoutDefault, { params: { whsCode }, query: page(pageParam) }, { signal }),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
    }),
};

/**
 * An inline edit of a default location: the row's bin with its version (a stale one fails at
 * once with 412: the caller reloads). Quiet: the caller shows the outcome.
 */
export function saveDefaultLocation(
  item: string,
  whsCode: string,
  body: SetDefaultLocationRequest,
): Promise<DefaultItemLocation> {
  return callApi(
    itemActionEndpoints.setDefaultLocation,
    { params: { code: item, whsCode }, body },
    { silent: true, retryConflicts: false },
  );
}
