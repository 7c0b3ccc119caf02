import { queryOptions } from '@tanstack/react-query';
import type { WorkTimeEntry } from '@wms/contract';
import { http } from '../../platform/http.js';

/**
 * The signed-in user's work time entries, under the key the work confirmation app uses
 * (['production', 'list', 'workTimes', 'own']), so both refresh together.
 */
export const workTimesRootKey = ['production', 'list', 'workTimes'] as const;

export const ownWorkTimesQuery = () =>
  queryOptions({
    queryKey: [...workTimesRootKey, 'own'] as const,
    queryFn: () => http.get<WorkTimeEntry[]>('/api/v1/production/work_times'),
  });

export function stopOwnWorkTime(id: number): Promise<WorkTimeEntry> {
  return http.post<WorkTimeEntry>(`/api/v1/production/work_times/${id}/stop`);
}

/** Running: no end time yet and not flushed. */
export function runningEntries(entries: readonly WorkTimeEntry[]): WorkTimeEntry[] {
  return entries.filter((entry) => entry.endTime === null && !entry.flushed);
}
