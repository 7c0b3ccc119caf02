import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { BinLocation, LocationContentRow } from '@wms/contract';
import { http } from '../../../platform/http.js';

const base = '/api/v1/bin_location';
const segment = (code: string) => encodeURIComponent(code);

export interface DefaultItemForLocation {
  item: { code: string; visualCode: string; name: string };
  enforced: boolean;
  minStock: number | null;
  maxStock: number | null;
}
export interface LocationHistoryRow {
  transactionType: string;
  documentType: string | null;
  documentCode: string | null;
  at: string;
  username: string | null;
  quantity: number;
  item: string;
  batch: string | null;
  serialNumber: string | null;
}
export interface LocationHistoryPage {
  rows: LocationHistoryRow[];
  offset: number;
  limit: number;
  hasMore: boolean;
}
export interface ItemToCount {
  code: string;
  visualCode: string;
  name: string;
}
export interface LocationSuggestion {
  code: string;
  visualCode: string;
  warehouseCode: string;
  barcode: string | null;
}

/** A location's history page size. */
export const historyPageSize = 50;

/**
 * Bin location queries (contract api/bin-locations.ts), keyed ['binLocations', 'detail', code, ...]
 * so one invalidation of a location refreshes all of its views.
 */
export const binLocationQueries = {
  all: () => ['binLocations'] as const,
  detail: (code: string) =>
    queryOptions({
      queryKey: ['binLocations', 'detail', code] as const,
      queryFn: () => http.get<BinLocation>(`${base}/${segment(code)}`, { silent: true }),
    }),
  contents: (code: string) =>
    queryOptions({
      queryKey: ['binLocations', 'detail', code, 'contents'] as const,
      queryFn: () => http.get<LocationContentRow[]>(`${base}/${segment(code)}/contents`, { silent: true }),
    }),
  defaultFor: (code: string) =>
    queryOptions({
      queryKey: ['binLocations', 'detail', code, 'defaultFor'] as const,
      queryFn: () => http.get<DefaultItemForLocation[]>(`${base}/${segment(code)}/default_for`, { silent: true }),
    }),
  history: (code: string, offset: number) =>
    queryOptions({
      queryKey: ['binLocations', 'detail', code, 'history', offset] as const,
      queryFn: () =>
        http.get<LocationHistoryPage>(`${base}/${segment(code)}/history`, {
          silent: true,
          query: { offset, limit: historyPageSize },
        }),
    }),
  itemsToCount: (code: string) =>
    queryOptions({
      queryKey: ['binLocations', 'detail', code, 'itemsToCount'] as const,
      queryFn: () => http.get<ItemToCount[]>(`${base}/${segment(code)}/counting/items`),
    }),
  autocomplete: (text: string) =>
    queryOptions({
      queryKey: ['binLocations', 'list', 'autocomplete', text] as const,
      queryFn: () => http.get<LocationSuggestion[]>(`${base}/autocomplete/${segment(text)}`, { silent: true }),
      staleTime: 30_000,
    }),
};

/** Finds a location by code or barcode; the error catalogue shows unknownLocation. */
export function findBinLocation(text: string): Promise<BinLocation> {
  return http.get<BinLocation>(`${base}/find/${segment(text.trim())}`);
}

const isLocationKey = (key: QueryKey, codes: ReadonlySet<string>) =>
  key[0] === 'binLocations' && key[1] === 'detail' && codes.has(String(key[2]).toLowerCase());

/** Refetches everything shown of these locations (codes compare without case). */
export function invalidateLocations(queryClient: QueryClient, codes: readonly string[]): Promise<void> {
  const lower = new Set(codes.map((code) => code.toLowerCase()));
  return queryClient.invalidateQueries({ predicate: (query) => isLocationKey(query.queryKey, lower) });
}

/** Refetches the contents (and history) of every location shown: an item changed somewhere. */
export function invalidateLocationContents(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'binLocations' &&
      queryKey[1] === 'detail' &&
      (queryKey[3] === 'contents' || queryKey[3] === 'history'),
  });
}
