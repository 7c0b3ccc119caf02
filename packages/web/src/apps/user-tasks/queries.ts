import { queryOptions, type QueryFilters } from '@tanstack/react-query';
import { areaKey, userEndpoints, userTaskEndpoints } from '@wms/contract';
import { apiQuery } from '../../platform/api-client.js';

const templateReads: readonly string[] = [userTaskEndpoints.templates.name, userTaskEndpoints.template.name];
const isTemplateRead = (queryKey: readonly unknown[]) => templateReads.includes(queryKey[2] as string);

/** User task reads (contract user-tasks.ts), keyed by the contract (queryKeyOf). */
export const userTaskQueries = {
  /** Every task read (current, overview, a task, its worked times), not the templates: what a task change refreshes. */
  all: () =>
    ({
      queryKey: areaKey('userTasks'),
      predicate: ({ queryKey }) => !isTemplateRead(queryKey),
    }) satisfies QueryFilters,
  current: () => apiQuery(userTaskEndpoints.current),
  overview: () => apiQuery(userTaskEndpoints.overview),
  detail: (id: number) => apiQuery(userTaskEndpoints.task, { params: { id } }),
  workedTimes: (taskId: number) => apiQuery(userTaskEndpoints.workedTimes, { params: { id: taskId } }),
};

export const userTaskTemplateQueries = {
  /** Every template read: what a template change refreshes. */
  all: () =>
    ({
      queryKey: areaKey('userTasks'),
      predicate: ({ queryKey }) => isTemplateRead(queryKey),
    }) satisfies QueryFilters,
  list: () => apiQuery(userTaskEndpoints.templates),
};

/** users.getSimpleUsers: the active users to assign tasks to. */
export const simpleUserQueries = {
  list: () => queryOptions({ ...apiQuery(userEndpoints.simpleUsers), staleTime: 60_000 }),
};
