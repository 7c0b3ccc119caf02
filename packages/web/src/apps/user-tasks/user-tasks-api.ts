import type {
  CreateUserTasksRequest,
  CreateWorkedTimeRequest,
  SaveUserTaskRequest,
  SaveUserTaskTemplateRequest,
  UpdateWorkedTimeRequest,
  UserTask,
  UserTaskTemplate,
  WorkedTimeEntry,
} from '@wms/contract';
import { http } from '../../platform/http.js';
import { saveWithRetry } from './save-with-retry.js';

const base = '/api/v1/user_tasks';

/** The editable part of a task (saveUserTask without the version). */
export type UserTaskEdit = Omit<SaveUserTaskRequest, 'version'>;

/** The calls that change user tasks (contract user-tasks.ts). */
export const userTasksApi = {
  create: (request: CreateUserTasksRequest) => http.post<UserTask[]>(`${base}/create`, request),
  claim: (id: number) => http.post<UserTask>(`${base}/${id}/claim`),
  finish: (id: number) => http.post<UserTask>(`${base}/${id}/finish`),
  pressButton: (id: number, buttonId: string, params: string[]) =>
    http.post(`${base}/${id}/buttons/${encodeURIComponent(buttonId)}`, { params }),
  remove: (id: number) => http.delete(`${base}/${id}`),
  /**
   * saveUserTask: re-reads the task, applies the edit to it and writes it; a stale version is
   * tried again (re-read, re-apply, write) up to 3 times (spec 03 section 7).
   */
  save: (id: number, edit: (current: UserTask) => Partial<UserTaskEdit>) =>
    saveWithRetry(
      () => http.get<UserTask>(`${base}/${id}`),
      (current) => ({ ...current, ...edit(current) }),
      (next) => {
        const request: SaveUserTaskRequest = {
          version: next.version,
          priority: next.priority,
          borderColor: next.borderColor,
          title: next.title,
          text: next.text,
          tags: next.tags,
          users: next.users,
          parameters: next.parameters,
          buttons: next.buttons,
          startAt: next.startAt,
        };
        return http.post<UserTask>(`${base}/${id}`, request, { silent: true, retryConflicts: false });
      },
    ),
  saveTemplate: (request: SaveUserTaskTemplateRequest) => http.post<UserTaskTemplate>(`${base}/templates`, request),
  removeTemplate: (id: number) => http.delete(`${base}/templates/${id}`),
  startWork: (taskId: number) => http.post<WorkedTimeEntry>(`${base}/${taskId}/worked_times/start`),
  finishWork: (taskId: number, message: string) =>
    http.post<WorkedTimeEntry>(`${base}/${taskId}/worked_times/finish`, { message }),
  addWork: (taskId: number, request: CreateWorkedTimeRequest) =>
    http.post<WorkedTimeEntry>(`${base}/${taskId}/worked_times`, request),
  updateWork: (taskId: number, entryId: number, request: UpdateWorkedTimeRequest) =>
    http.post<WorkedTimeEntry>(`${base}/${taskId}/worked_times/${entryId}`, request),
  removeWork: (taskId: number, entryId: number) => http.delete(`${base}/${taskId}/worked_times/${entryId}`),
};
