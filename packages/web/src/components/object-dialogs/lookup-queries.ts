import { queryOptions } from '@tanstack/react-query';
import { binLocationEndpoints, lookupEndpoints } from '@wms/contract';
import { apiQuery } from '../../platform/api-client.js';

/** Errors are shown inside the dialogs, not as notifications. */
const quiet = { silent: true } as const;

/** The lookups of the detail dialogs (contract api/lookups.ts and bin-locations.ts warehouses). */
export const lookupQueries = {
  batches: (code: string, itemCode?: string) =>
    apiQuery(lookupEndpoints.findBatches, { params: { code }, query: itemCode ? { itemCode } : {} }, quiet),
  serials: (code: string, itemCode?: string) =>
    apiQuery(lookupEndpoints.findSerials, { params: { code }, query: itemCode ? { itemCode } : {} }, quiet),
  businessPartner: (code: string) => apiQuery(lookupEndpoints.businessPartner, { params: { code } }, quiet),
  order: (code: string) => apiQuery(lookupEndpoints.order, { params: { code } }, quiet),
  warehouses: () =>
    queryOptions({ ...apiQuery(binLocationEndpoints.warehouses, undefined, quiet), staleTime: 5 * 60_000 }),
};
