import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  areaKey,
  documentEndpoints,
  pickListEndpoints as endpoints,
  ppmEndpoints,
  userEndpoints,
  type PickListCreateRequest,
  type PickListEditRequest,
  type PickListQuery,
  type ShortReason,
} from '@wms/contract';
import { apiQuery, callApi } from '../../platform/api-client.js';

/** Answers shown inside the app's own dialogs (not as the HTTP client's notices). */
const quiet = { silent: true } as const;
/** A versioned write: a 412 is not sent again as it was (the table refetches and the user retries). */
const versioned = { retryConflicts: false } as const;

/** How many lists a page of the overview shows. */
export const pickListPageSize = 100;

/** Every pick list read (overview, lines, detail, broken lines, lock): what a live change refetches. */
export const pickListsKey = areaKey(endpoints.all.area);
/** The planning area's reads. */
export const planningKey = areaKey(ppmEndpoints.lines.area);

/** The pick list reads (contract api/pick-lists.ts), keyed by the contract. */
export const pickListQueries = {
  page: (query: PickListQuery) =>
    queryOptions({ ...apiQuery(endpoints.all, { query }), placeholderData: keepPreviousData }),
  rows: (code: string) => apiQuery(endpoints.rows, { query: { code } }),
  detail: (code: string) => apiQuery(endpoints.detail, { params: { code } }),
  broken: () => apiQuery(endpoints.broken),
  lock: (warehouse: string) => apiQuery(endpoints.lockState, { query: { warehouse } }, quiet),
  planning: (query: { warehouse?: string; customer?: string; route?: string; shipDateTo?: string }) =>
    queryOptions({ ...apiQuery(ppmEndpoints.lines, { query }, quiet), placeholderData: keepPreviousData }),
  users: () => queryOptions({ ...apiQuery(userEndpoints.simpleUsers), staleTime: 5 * 60_000 }),
  attachments: (code: string) => apiQuery(documentEndpoints.attachments, { params: { type: 'PICK_LIST', code } }),
};

/**
 * The pick list writes. Those whose refusal the app answers itself (create: the lock holder;
 * merge: the ship-to question; flush: the short reasons) are quiet: the caller shows the error.
 */
export const pickListApi = {
  create: (body: PickListCreateRequest) => callApi(endpoints.create, { body }, quiet),
  lock: (warehouse: string) => callApi(endpoints.lock, { body: { warehouse } }),
  unlock: (warehouse: string) => callApi(endpoints.unlock, { body: { warehouse } }),
  merge: (codes: string[], confirmDifferentShipTo: boolean) =>
    callApi(endpoints.merge, { body: { codes, confirmDifferentShipTo } }, quiet),
  copy: (code: string, version: number) => callApi(endpoints.copy, { body: { code, version } }, versioned),
  edit: (body: PickListEditRequest) => callApi(endpoints.edit, { body }, versioned),
  clear: (code: string, version: number) => callApi(endpoints.clear, { body: { code, version } }, versioned),
  claim: (code: string, forUser?: string) =>
    callApi(endpoints.claim, { params: { code }, body: forUser ? { forUser } : {} }),
  removeClaim: (code: string) => callApi(endpoints.removeClaim, { params: { code } }),
  detachClaim: (code: string) => callApi(endpoints.detachClaim, { params: { code } }),
  promote: (code: string) => callApi(endpoints.promote, { params: { code } }),
  flush: (code: string, shortReasons: { lineNumber: number; reason: ShortReason }[]) =>
    callApi(endpoints.flush, { params: { code }, body: { shortReasons } }, quiet),
  markPacked: (code: string) => callApi(endpoints.markPacked, { params: { code } }),
  markUnpacked: (code: string) => callApi(endpoints.markUnpacked, { params: { code } }),
  reallocate: (code: string) => callApi(endpoints.reallocate, { params: { code } }),
  attach: (code: string, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return callApi(documentEndpoints.uploadAttachment, { params: { type: 'PICK_LIST', code }, body: form });
  },
  removeAttachment: (code: string, id: number) =>
    callApi(documentEndpoints.removeAttachment, { params: { type: 'PICK_LIST', code, id } }),
};
