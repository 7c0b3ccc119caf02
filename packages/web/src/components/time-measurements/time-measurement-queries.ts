import { queryOptions } from '@tanstack/react-query';
import type { WorkTimeEntry } from '@wms/contract';
import { http } from '../../platform/http.js';

const base = '/api/v1/production';

/** Whose entries a table shows: the caller's (work confirmation) or everyone's (verification). */
export type WorkTimeScope = 'own' | 'all';

/**
 * Work time reads (contract api/production.ts), shared by the work confirmation app and the time
 * measurements modal of the user dropdown, so both refresh together; live WORK_TIMES_CHANGED
 * invalidates workTimesKey.
 */
export const workTimesKey = ['production', 'list', 'workTimes'] as const;

export const workTimesQuery = (scope: WorkTimeScope) =>
  queryOptions({
    queryKey: [...workTimesKey, scope] as const,
    queryFn: () => http.get<WorkTimeEntry[]>(scope === 'own' ? `${base}/work_times` : `${base}/work_times/all`),
  });

export function stopWorkTime(id: number): Promise<WorkTimeEntry> {
  return http.post<WorkTimeEntry>(`${base}/work_times/${id}/stop`);
}

/** Running: no end time yet and not flushed. */
export function runningEntries(entries: readonly WorkTimeEntry[]): WorkTimeEntry[] {
  return entries.filter((entry) => entry.endTime === null && !entry.flushed);
}
