import {
  countingListEndpoints as endpoints,
  wallToWallBatchEndpoints,
  type CountingListCreateRequest,
  type CountingListFilter,
  type CountingListFlushRequest,
} from '@wms/contract';
import { apiQuery, callApi } from '../../platform/api-client.js';

const quiet = { silent: true } as const;

const blob = async (call: () => Promise<unknown>): Promise<Blob> => (await call()) as Blob;

/** The creator's queries (contract api/counting-lists.ts). */
export const countingListQueries = {
  /** Every list, newest first, with progress (no quantities). */
  lists: () => apiQuery(endpoints.list, undefined, quiet),
  variance: (list: string) => apiQuery(endpoints.variance, { params: { list } }, quiet),
  /** A list's locations and their state (the flush dialog's locations not agreed yet). */
  progress: (list: string) => apiQuery(wallToWallBatchEndpoints.progress, { query: { list } }, quiet),
};

/** The creator's calls, quiet: the screen shows a failure itself (useErrorText). */
export const countingListCreatorApi = {
  preview: (filter: CountingListFilter) => callApi(endpoints.preview, { body: { filter } }, quiet),
  create: (request: CountingListCreateRequest) => callApi(endpoints.create, { body: request }, quiet),
  cancel: (list: string) => callApi(endpoints.cancel, { params: { list } }, quiet),
  pdf: (list: string) => blob(() => callApi(endpoints.pdf, { params: { list } }, { ...quiet, responseType: 'blob' })),
  varianceXlsx: (list: string) =>
    blob(() => callApi(endpoints.varianceXlsx, { params: { list } }, { ...quiet, responseType: 'blob' })),
  /** A manager's flush (countingListCreatorAuthFlush), with the locations left out. */
  flush: (request: CountingListFlushRequest) => callApi(wallToWallBatchEndpoints.flush, { body: request }, quiet),
};
