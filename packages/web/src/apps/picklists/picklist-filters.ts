import { pickListStatuses, type PickListQuery, type PickListStatus } from '@wms/contract';

/** The status filter: the open lists (default), every list, or one status. */
export type StatusFilter = 'open' | 'all' | PickListStatus;
export const statusFilters: readonly StatusFilter[] = ['open', 'all', ...pickListStatuses];

export interface PicklistFilters {
  status: StatusFilter;
  warehouse: string;
  customer: string;
  search: string;
}

export const initialFilters: PicklistFilters = { status: 'open', warehouse: '', customer: '', search: '' };

/** The overview's query of the filters and page (empty filters left out; `open` only when true). */
export function pickListQueryOf(filters: PicklistFilters, offset: number, limit: number): PickListQuery {
  const query: PickListQuery = { offset, limit };
  if (filters.status === 'open') query.open = true;
  else if (filters.status !== 'all') query.status = filters.status;
  const warehouse = filters.warehouse.trim();
  const customer = filters.customer.trim();
  const search = filters.search.trim();
  if (warehouse) query.warehouse = warehouse;
  if (customer) query.customer = customer;
  if (search) query.search = search;
  return query;
}
