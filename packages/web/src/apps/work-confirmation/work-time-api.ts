import { queryOptions } from '@tanstack/react-query';
import type {
  WorkCenter,
  WorkOrder,
  WorkOrderStep,
  WorkTimeEntry,
  WorkTimeFlushAnswer,
  WorkTimeSaveRequest,
} from '@wms/contract';
import { workOrderAutocompleteLimit } from '@wms/contract';
import { workTimesQuery } from '../../components/time-measurements/time-measurement-queries.js';
import { http } from '../../platform/http.js';

const base = '/api/v1/production';

export const productionQueries = {
  /** The work time reads live with the time measurements modal (components/time-measurements). */
  workTimes: workTimesQuery,
  resources: () =>
    queryOptions({
      queryKey: ['production', 'list', 'resources'] as const,
      queryFn: () => http.get<WorkCenter[]>(`${base}/resources`),
      staleTime: 5 * 60_000,
    }),
  /** At most 10 suggestions; failures stay quiet, the list just stays empty. */
  workOrders: (text: string) =>
    queryOptions({
      queryKey: ['production', 'list', 'workOrders', text] as const,
      queryFn: async ({ signal }) =>
        (
          await http.get<WorkOrder[]>(`${base}/work_orders/autocomplete/${encodeURIComponent(text)}`, {
            silent: true,
            signal,
          })
        ).slice(0, workOrderAutocompleteLimit),
      staleTime: 30_000,
    }),
  steps: (workOrderCode: string) =>
    queryOptions({
      queryKey: ['production', 'detail', 'steps', workOrderCode.toLowerCase()] as const,
      queryFn: async () => {
        const map = await http.post<Record<string, WorkOrderStep[]>>(`${base}/work_orders/steps`, {
          codes: [workOrderCode],
        });
        return Object.values(map)[0] ?? [];
      },
      staleTime: 60_000,
    }),
};

/** saveWorkTimes: errors (invalidInput, 409, 412) are notified by the HTTP client and thrown. */
export function saveWorkTime(body: WorkTimeSaveRequest): Promise<WorkTimeEntry> {
  return http.post<WorkTimeEntry>(`${base}/work_times`, body);
}

export function deleteWorkTime(id: number): Promise<{ ok: true }> {
  return http.delete<{ ok: true }>(`${base}/work_times/${id}`);
}

export function flushWorkTimes(ids: readonly number[]): Promise<WorkTimeFlushAnswer> {
  return http.post<WorkTimeFlushAnswer>(`${base}/work_times/flush`, { ids });
}
