import {
  userTaskEndpoints as endpoints,
  type CreateUserTasksRequest,
  type CreateWorkedTimeRequest,
  type SaveUserTaskRequest,
  type SaveUserTaskTemplateRequest,
  type UpdateWorkedTimeRequest,
  type UserTask,
} from '@wms/contract';
import { callApi } from '../../platform/api-client.js';
import { saveWithRetry } from './save-with-retry.js';

/** The editable part of a task (saveUserTask without the version). */
export type UserTaskEdit = Omit<SaveUserTaskRequest, 'version'>;

/** The calls that change user tasks (contract user-tasks.ts). */
export const userTasksApi = {
  create: (request: CreateUserTasksRequest) => callApi(endpoints.create, { body: request }),
  claim: (id: number) => callApi(endpoints.claim, { params: { id } }),
  finish: (id: number) => callApi(endpoints.finish, { params: { id } }),
  pressButton: (id: number, buttonId: string, params: string[]) =>
    callApi(endpoints.pressButton, { params: { id, buttonId }, body: { params } }),
  remove: (id: number) => callApi(endpoints.remove, { params: { id } }),
  /**
   * saveUserTask: re-reads the task, applies the edit to it and writes it; a stale version is
   * tried again (re-read, re-apply, write) up to 3 times.
   */
  save: (id: number, edit: (current: UserTask) => Partial<UserTaskEdit>) =>
    saveWithRetry(
      () => callApi(endpoints.task, { params: { id } }),
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
        return callApi(endpoints.save, { params: { id }, body: request }, { silent: true, retryConflicts: false });
      },
    ),
  saveTemplate: (request: SaveUserTaskTemplateRequest) => callApi(endpoints.saveTemplate, { body: request }),
  removeTemplate: (id: number) => callApi(endpoints.deleteTemplate, { params: { id } }),
  startWork: (taskId: number) => callApi(endpoints.startWorkedTime, { params: { id: taskId } }),
  finishWork: (taskId: number, message: string) =>
    callApi(endpoints.finishWorkedTime, { params: { id: taskId }, body: { message } }),
  addWork: (taskId: number, request: CreateWorkedTimeRequest) =>
    callApi(endpoints.createWorkedTime, { params: { id: taskId }, body: request }),
  updateWork: (taskId: number, entryId: number, request: UpdateWorkedTimeRequest) =>
    callApi(endpoints.updateWorkedTime, { params: { id: taskId, entryId }, body: request }),
  removeWork: (taskId: number, entryId: number) =>
    callApi(endpoints.deleteWorkedTime, { params: { id: taskId, entryId } }),
};
