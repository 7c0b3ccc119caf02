import { areaKey, plannedReceiptEndpoints as endpoints } from '@wms/contract';
import { apiQuery, callApi } from '../../platform/api-client.js';

/** Failures are shown by the drafts tab itself; a 412 is not resent (the list is read again instead). */
const quiet = { silent: true, retryConflicts: false } as const;

/** The planned receipts' queries (contract api/planned-receipts.ts). */
export const plannedReceiptQueries = {
  drafts: () => apiQuery(endpoints.list, { query: { status: 'DRAFT' } }),
};

/** Every planned receipt query (the drafts list, details). */
export const plannedReceiptsKey = () => areaKey('plannedReceipts');

export const plannedReceiptApi = {
  /** DRAFT -> OPEN: goods receipt sees it from now on. */
  release: (code: string, version: number) =>
    callApi(endpoints.release, { params: { code }, body: { version } }, quiet),
  remove: (code: string, version: number) => callApi(endpoints.delete, { params: { code }, body: { version } }, quiet),
};
