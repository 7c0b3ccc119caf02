import type { QueryClient } from '@tanstack/react-query';
import {
  areaKey,
  masterDataEndpoints as endpoints,
  type AddressCreateRequest,
  type AddressUpdateRequest,
  type BinLocationCreateRequest,
  type BinLocationListQuery,
  type BinLocationUpdateRequest,
  type BusinessPartnerCreateRequest,
  type BusinessPartnerListQuery,
  type BusinessPartnerUpdateRequest,
  type ItemCreateRequest,
  type ItemUpdateRequest,
  type MasterDataListQuery,
  type WarehouseCreateRequest,
  type WarehouseUpdateRequest,
} from '@wms/contract';
import { apiQuery, callApi } from '../../platform/api-client.js';

/** Rows per page of the master data tables. */
export const masterDataPageSize = 100;

/** The screens show every failure themselves (an alert, or the field it names), so the reads are quiet. */
const quiet = { silent: true } as const;
/**
 * Writes are quiet too, and a stale version (412) is not sent again as it was: the form shows
 * the conflict and reloads the record instead (contract api/master-data.ts).
 */
const write = { silent: true, retryConflicts: false } as const;

/** The key prefix of every master data read (lists and records of all four entities). */
export const masterDataKey = areaKey('masterData');

/** The reads of the master data app (contract api/master-data.ts), keyed by the contract. */
export const masterDataQueries = {
  items: (query: MasterDataListQuery) => apiQuery(endpoints.listItems, { query }, quiet),
  item: (code: string) => apiQuery(endpoints.getItem, { params: { code } }, quiet),
  binLocations: (query: BinLocationListQuery) => apiQuery(endpoints.listBinLocations, { query }, quiet),
  binLocation: (code: string) => apiQuery(endpoints.getBinLocation, { params: { code } }, quiet),
  warehouses: (query: MasterDataListQuery) => apiQuery(endpoints.listWarehouses, { query }, quiet),
  warehouse: (code: string) => apiQuery(endpoints.getWarehouse, { params: { code } }, quiet),
  businessPartners: (query: BusinessPartnerListQuery) => apiQuery(endpoints.listBusinessPartners, { query }, quiet),
  businessPartner: (code: string) => apiQuery(endpoints.getBusinessPartner, { params: { code } }, quiet),
};

/** The writes; each answers the record as it is now. */
export const masterDataApi = {
  createItem: (body: ItemCreateRequest) => callApi(endpoints.createItem, { body }, write),
  updateItem: (code: string, body: ItemUpdateRequest) =>
    callApi(endpoints.updateItem, { params: { code }, body }, write),
  createBinLocation: (body: BinLocationCreateRequest) => callApi(endpoints.createBinLocation, { body }, write),
  updateBinLocation: (code: string, body: BinLocationUpdateRequest) =>
    callApi(endpoints.updateBinLocation, { params: { code }, body }, write),
  createWarehouse: (body: WarehouseCreateRequest) => callApi(endpoints.createWarehouse, { body }, write),
  updateWarehouse: (code: string, body: WarehouseUpdateRequest) =>
    callApi(endpoints.updateWarehouse, { params: { code }, body }, write),
  createBusinessPartner: (body: BusinessPartnerCreateRequest) =>
    callApi(endpoints.createBusinessPartner, { body }, write),
  updateBusinessPartner: (code: string, body: BusinessPartnerUpdateRequest) =>
    callApi(endpoints.updateBusinessPartner, { params: { code }, body }, write),
  createAddress: (code: string, body: AddressCreateRequest) =>
    callApi(endpoints.createAddress, { params: { code }, body }, write),
  updateAddress: (code: string, addressCode: string, body: AddressUpdateRequest) =>
    callApi(endpoints.updateAddress, { params: { code, addressCode }, body }, write),
};

/**
 * After a write or an import: every master data read again, and what the item and location
 * views show (their areas), so an open item info shows the new fields too.
 */
export async function refreshMasterData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: masterDataKey }),
    queryClient.invalidateQueries({ queryKey: areaKey('items') }),
    queryClient.invalidateQueries({ queryKey: areaKey('binLocations') }),
  ]);
}
