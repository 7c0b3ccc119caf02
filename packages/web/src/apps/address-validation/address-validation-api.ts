import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  addressValidationEndpoints as endpoints,
  areaKey,
  type AddressValidationQuery,
  type ShipToAddress,
} from '@wms/contract';
import { apiQuery, callApi } from '../../platform/api-client.js';

/** A versioned write: a 412 is not sent again as it was (the form refetches and the user retries). */
const versioned = { retryConflicts: false } as const;

/** How many records a page of the list shows. */
export const addressPageSize = 100;

/** Every address validation read: what a live change or a write refetches. */
export const addressValidationKey = areaKey(endpoints.all.area);

/** The reads of /address_validation (contract api/address-validation.ts). */
export const addressQueries = {
  page: (query: AddressValidationQuery) =>
    queryOptions({ ...apiQuery(endpoints.all, { query }), placeholderData: keepPreviousData }),
  detail: (id: number) => apiQuery(endpoints.detail, { params: { id } }),
};

/** The writes; a refusal is shown by the platform's error display. */
export const addressApi = {
  edit: (id: number, version: number, address: ShipToAddress) =>
    callApi(endpoints.edit, { params: { id }, body: { version, address } }, versioned),
  revalidate: (id: number, version: number) =>
    callApi(endpoints.revalidate, { params: { id }, body: { version } }, versioned),
  approve: (id: number, version: number) =>
    callApi(endpoints.approve, { params: { id }, body: { version } }, versioned),
  override: (id: number, version: number, comment: string) =>
    callApi(endpoints.override, { params: { id }, body: { version, comment } }, versioned),
};
