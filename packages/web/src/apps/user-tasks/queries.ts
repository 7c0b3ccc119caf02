import { queryOptions } from '@tanstack/react-query';
import type { UserTask, UserTaskOverviewRow, UserTaskTemplate, WorkedTimeEntry } from '@wms/contract';
import { http } from '../../platform/http.js';

export interface SimpleUser {
  userid: number;
  username: string;
}

const base = '/api/v1/user_tasks';

/** User task reads (contract user-tasks.ts), keyed [area, 'list' | 'detail', ...]. */
export const userTaskQueries = {
  all: () => ['userTasks'] as const,
  current: () =>
    queryOptions({
      queryKey: ['userTasks', 'list', 'current'] as const,
      queryFn: () => http.get<UserTask[]>(`${base}/current`),
    }),
  overview: () =>
    queryOptions({
      queryKey: ['userTasks', 'list', 'overview'] as const,
      queryFn: () => http.get<UserTaskOverviewRow[]>(`${base}/all`),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: ['userTasks', 'detail', id] as const,
      queryFn: () => http.get<UserTask>(`${base}/${id}`),
    }),
  workedTimes: (taskId: number) =>
    queryOptions({
      queryKey: ['userTasks', 'detail', taskId, 'workedTimes'] as const,
      queryFn: () => http.get<WorkedTimeEntry[]>(`${base}/${taskId}/worked_times`),
    }),
};

export const userTaskTemplateQueries = {
  all: () => ['userTaskTemplates'] as const,
  list: () =>
    queryOptions({
      queryKey: ['userTaskTemplates', 'list'] as const,
      queryFn: () => http.get<UserTaskTemplate[]>(`${base}/templates`),
    }),
};

/** users.getSimpleUsers: the active users to assign tasks to. */
export const simpleUserQueries = {
  list: () =>
    queryOptions({
      queryKey: ['simpleUsers', 'list'] as const,
      queryFn: () => http.get<SimpleUser[]>('/api/v1/admin/simple_users'),
      staleTime: 60_000,
    }),
};
