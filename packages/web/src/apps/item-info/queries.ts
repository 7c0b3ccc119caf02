import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  BinLocation,
  DefaultItemLocation,
  DefaultLocationFilter,
  DocumentType,
  Item,
  ItemFindAnswer,
  ItemStockRow,
} from '@wms/contract';
import { itemAutocompleteLimit } from '@wms/contract';
import { http } from '../../platform/http.js';

/** One autocomplete suggestion (contract itemSuggestionSchema). */
export interface ItemSuggestion {
  code: string;
  visualCode: string;
  name: string;
  barcode: string | null;
  barcode2: string | null;
  barcode3: string | null;
}

/** An open document line (contract itemOpenDocumentSchema). */
export interface ItemOpenDocument {
  type: DocumentType;
  code: string;
  visualCode: string;
  status: string;
  lineNumber: number;
  businessPartnerCode: string | null;
  businessPartnerName: string | null;
  warehouseCode: string | null;
  quantity: number;
  openQuantity: number;
  shipDate: string | null;
  direction: 'IN' | 'OUT';
}

/** An item history row (contract itemHistoryRowSchema). */
export interface ItemHistoryRow {
  transactionType: string;
  documentType: string | null;
  documentCode: string | null;
  at: string;
  username: string | null;
  quantity: number;
  batch: string | null;
  serialNumber: string | null;
  bin: string;
}

export interface ItemHistoryPage {
  rows: ItemHistoryRow[];
  offset: number;
  limit: number;
  hasMore: boolean;
}

/** Rows per history page ("load more"). */
export const historyPageSize = 100;

const path = (code: string) => `/api/v1/item/${encodeURIComponent(code)}`;

/**
 * Item reads (spec 01 section 7). Everything of one item lives under ['items', 'detail', code],
 * so one invalidation refreshes the whole view.
 */
export const itemQueries = {
  all: () => ['items'] as const,
  detailRoot: (code: string) => ['items', 'detail', code] as const,
  detail: (code: string) =>
    queryOptions({
      queryKey: ['items', 'detail', code] as const,
      queryFn: () => http.get<Item>(path(code)),
    }),
  stock: (code: string) =>
    queryOptions({
      queryKey: ['items', 'detail', code, 'binLocations'] as const,
      queryFn: () => http.get<ItemStockRow[]>(`${path(code)}/bin_locations`),
    }),
  openDocuments: (code: string) =>
    queryOptions({
      queryKey: ['items', 'detail', code, 'openDocuments'] as const,
      queryFn: () => http.get<ItemOpenDocument[]>(`${path(code)}/open_documents`),
    }),
  defaultLocations: (code: string, filter: DefaultLocationFilter) =>
    queryOptions({
      queryKey: ['items', 'detail', code, 'defaultLocations', filter] as const,
      queryFn: () => http.get<DefaultItemLocation[]>(`${path(code)}/default_bin_locations`, { query: { filter } }),
    }),
  history: (code: string) =>
    infiniteQueryOptions({
      queryKey: ['items', 'detail', code, 'history'] as const,
      queryFn: ({ pageParam }) =>
        http.get<ItemHistoryPage>(`${path(code)}/history`, { query: { offset: pageParam, limit: historyPageSize } }),
      initialPageParam: 0,
      getNextPageParam: (last: ItemHistoryPage) => (last.hasMore ? last.offset + last.rows.length : undefined),
    }),
  /** Suggestions for typed text (at most 20); failures stay quiet, the list just stays empty. */
  autocomplete: (text: string) =>
    queryOptions({
      queryKey: ['items', 'list', 'autocomplete', text] as const,
      queryFn: async ({ signal }) =>
        (
          await http.get<ItemSuggestion[]>(`/api/v1/item/autocomplete/${encodeURIComponent(text)}`, {
            silent: true,
            signal,
          })
        ).slice(0, itemAutocompleteLimit),
      staleTime: 30_000,
    }),
};

/** GET /api/v1/item/find/{code}: by code or any barcode. An unknown code is notified by the HTTP client. */
export function findItem(code: string): Promise<ItemFindAnswer> {
  return http.get<ItemFindAnswer>(`/api/v1/item/find/${encodeURIComponent(code)}`);
}

/** GET /api/v1/bin_location/find/{code} without a notification: the field shows the result. */
export function findBinLocation(code: string, signal?: AbortSignal): Promise<BinLocation> {
  return http.get<BinLocation>(`/api/v1/bin_location/find/${encodeURIComponent(code)}`, { silent: true, signal });
}
