import type { QueryFilters } from '@tanstack/react-query';
import { areaKey, productionEndpoints, type WorkTimeEntry } from '@wms/contract';
import { apiQuery, callApi } from '../../platform/api-client.js';

/** Whose entries a table shows: the caller's (work confirmation) or everyone's (verification). */
export type WorkTimeScope = 'own' | 'all';

const workTimeReads: readonly string[] = [productionEndpoints.workTimes.name, productionEndpoints.allWorkTimes.name];

/**
 * Work time reads (contract api/production.ts), shared by the work confirmation app and the time
 * measurements modal of the user dropdown, so both refresh together; live WORK_TIMES_CHANGED
 * invalidates workTimesFilter: both reads (own and all), no other production query.
 */
export const workTimesFilter = {
  queryKey: areaKey('production'),
  predicate: ({ queryKey }) => workTimeReads.includes(queryKey[2] as string),
} satisfies QueryFilters;

export const workTimesQuery = (scope: WorkTimeScope) =>
  apiQuery(scope === 'own' ? productionEndpoints.workTimes : productionEndpoints.allWorkTimes);

export function stopWorkTime(id: number): Promise<WorkTimeEntry> {
  return callApi(productionEndpoints.stopWorkTime, { params: { id } });
}

/** Running: no end time yet and not flushed. */
export function runningEntries(entries: readonly WorkTimeEntry[]): WorkTimeEntry[] {
  return entries.filter((entry) => entry.endTime === null && !entry.flushed);
}
