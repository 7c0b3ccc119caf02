import { queryOptions } from '@tanstack/react-query';
import type { Batch, BusinessPartner, OrderSummary, Serial, Warehouse } from '@wms/contract';
import { http } from '../../platform/http.js';

/** Errors are shown inside the dialogs, not as notifications. */
const quiet = { silent: true } as const;
const segment = (code: string) => encodeURIComponent(code);

/** The lookups of the detail dialogs (contract api/lookups.ts and bin-locations.ts warehouses). */
export const lookupQueries = {
  batches: (code: string, itemCode?: string) =>
    queryOptions({
      queryKey: ['batches', 'detail', code, itemCode ?? null] as const,
      queryFn: () =>
        http.get<Batch[]>(`/api/v1/batch/find/${segment(code)}`, {
          ...quiet,
          query: itemCode ? { itemCode } : undefined,
        }),
    }),
  serials: (code: string, itemCode?: string) =>
    queryOptions({
      queryKey: ['serials', 'detail', code, itemCode ?? null] as const,
      queryFn: () =>
        http.get<Serial[]>(`/api/v1/serial/find/${segment(code)}`, {
          ...quiet,
          query: itemCode ? { itemCode } : undefined,
        }),
    }),
  businessPartner: (code: string) =>
    queryOptions({
      queryKey: ['businessPartners', 'detail', code] as const,
      queryFn: () => http.get<BusinessPartner>(`/api/v1/bp/${segment(code)}`, quiet),
    }),
  order: (code: string) =>
    queryOptions({
      queryKey: ['orders', 'detail', code] as const,
      queryFn: () => http.get<OrderSummary>(`/api/v1/order/${segment(code)}`, quiet),
    }),
  warehouses: () =>
    queryOptions({
      queryKey: ['warehouses', 'list'] as const,
      queryFn: () => http.get<Warehouse[]>('/api/v1/bin_location/warehouses', quiet),
      staleTime: 5 * 60_000,
    }),
};
