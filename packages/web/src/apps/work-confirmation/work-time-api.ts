import { queryOptions } from '@tanstack/react-query';
import {
  productionEndpoints,
  queryKeyOf,
  workOrderAutocompleteLimit,
  type WorkTimeEntry,
  type WorkTimeFlushAnswer,
  type WorkTimeSaveRequest,
} from '@wms/contract';
import { workTimesQuery } from '../../components/time-measurements/time-measurement-queries.js';
import { apiQuery, callApi } from '../../platform/api-client.js';

export const productionQueries = {
  /** The work time reads live with the time measurements modal (components/time-measurements). */
  workTimes: workTimesQuery,
  resources: () => queryOptions({ ...apiQuery(productionEndpoints.workCenters), staleTime: 5 * 60_000 }),
  /** At most 10 suggestions; failures stay quiet, the list just stays empty. */
  workOrders: (text: string) =>
    queryOptions({
      queryKey: queryKeyOf(productionEndpoints.autocompleteWorkOrders, { params: { text } }),
      queryFn: async ({ signal }) =>
        (
          await callApi(productionEndpoints.autocompleteWorkOrders, { params: { text } }, { silent: true, signal })
        ).slice(0, workOrderAutocompleteLimit),
      staleTime: 30_000,
    }),
  /** The steps of one work order (a POST read: the code, in lower case, extends the endpoint's key). */
  steps: (workOrderCode: string) => {
    const request = { body: { codes: [workOrderCode] } };
    return queryOptions({
      queryKey: [...queryKeyOf(productionEndpoints.workOrderSteps, request), workOrderCode.toLowerCase()] as const,
      queryFn: async () => Object.values(await callApi(productionEndpoints.workOrderSteps, request))[0] ?? [],
      staleTime: 60_000,
    });
  },
};

/** saveWorkTimes: errors (invalidInput, 409, 412) are notified by the HTTP client and thrown. */
export function saveWorkTime(body: WorkTimeSaveRequest): Promise<WorkTimeEntry> {
  return callApi(productionEndpoints.saveWorkTime, { body });
}

export function deleteWorkTime(id: number): Promise<{ ok: true }> {
  return callApi(productionEndpoints.deleteWorkTime, { params: { id } });
}

export function flushWorkTimes(ids: readonly number[]): Promise<WorkTimeFlushAnswer> {
  return callApi(productionEndpoints.flushWorkTimes, { body: { ids: [...ids] } });
}
