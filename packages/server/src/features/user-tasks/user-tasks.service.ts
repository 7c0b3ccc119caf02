import {
  fillPlaceholders,
  minutesBetween,
  topics,
  type createUserTasksRequestSchema,
  type saveUserTaskRequestSchema,
  type UserTask,
  type UserTaskOverviewRow,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { hasAnyRole, type Principal } from '../../http/access.js';
import { badRequest, conflict, forbidden, notFound, preconditionFailed, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { syncTaskCountersAfterCommit } from './user-task-counters.js';
import { findTemplateOrThrow } from './user-task-templates.service.js';
import { assertActiveUsers, decodeButtons, decodeParameters, decodeStrings, distinctIds } from './user-task-values.js';
import * as repository from './user-tasks.repository.js';
import type { UserTaskRow, UserTaskValues } from './user-tasks.repository.js';
import * as workedTimes from './worked-times.repository.js';

/**
 * User tasks. Who may do what:
 * - task managers (userTaskManager) create, list all, edit and delete tasks, and read any task;
 * - an assigned user reads the task, claims it when shared, finishes it and presses its buttons;
 *   once a shared task is claimed, only the claimant works on it (409 claimedByOtherUser).
 * Live messages go out after the commit, then the counters of the users concerned are set.
 */

type CreateRequest = z.output<typeof createUserTasksRequestSchema>;
type SaveRequest = z.output<typeof saveUserTaskRequestSchema>;

export const isTaskManager = (caller: Principal) => hasAnyRole(caller, ['userTaskManager']);

/** The task as stored plus its assigned users (ids in assignment order). */
export interface LoadedTask {
  row: UserTaskRow;
  userIds: number[];
}

export async function findTaskOrThrow(db: DbOrTx, id: number): Promise<LoadedTask> {
  const row = await repository.findTaskById(db, id);
  if (!row) throw notFound('unknownUserTask', { id });
  const users = await repository.findTaskUsers(db, [id]);
  return { row, userIds: users.map((u) => u.user_id) };
}

/** Assigned users and task managers may read a task (and its worked time); others get 403. */
export async function findReadableTaskOrThrow(ctx: AppContext, caller: Principal, id: number): Promise<LoadedTask> {
  const task = await findTaskOrThrow(ctx.db, id);
  if (!task.userIds.includes(caller.userId) && !isTaskManager(caller)) throw forbidden();
  return task;
}

/** The users who see the task in their list: assigned, and the claimant only once claimed. */
export function usersSeeing(task: LoadedTask): number[] {
  const claimant = task.row.claimed_by_user_id;
  return claimant === null ? task.userIds : task.userIds.filter((id) => id === claimant);
}

/** An assigned user may work on the task unless someone else claimed it (409) or it is finished (422). */
export async function assertMayWorkOn(ctx: AppContext, caller: Principal, task: LoadedTask): Promise<void> {
  if (!task.userIds.includes(caller.userId)) throw forbidden();
  await assertNotClaimedByOther(ctx, caller, task);
  if (task.row.finished_at !== null) throw unprocessable('userTaskFinished', { id: task.row.id });
}

async function assertNotClaimedByOther(ctx: AppContext, caller: Principal, task: LoadedTask): Promise<void> {
  const claimant = task.row.claimed_by_user_id;
  if (claimant !== null && claimant !== caller.userId) {
    throw conflict('claimedByOtherUser', { username: await repository.findUsername(ctx.db, claimant) });
  }
}

async function toUserTasks(db: DbOrTx, rows: readonly UserTaskRow[]): Promise<UserTask[]> {
  const ids = rows.map((r) => r.id);
  const [users, times] = await Promise.all([repository.findTaskUsers(db, ids), repository.findTaskTimes(db, ids)]);
  const names = new Map(users.map((u) => [u.user_id, u.username]));
  const tasks: UserTask[] = [];
  for (const row of rows) {
    const assigned = users.filter((u) => u.task_id === row.id);
    const claimant = row.claimed_by_user_id;
    tasks.push({
      id: row.id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      finishedAt: row.finished_at,
      startAt: row.start_at,
      version: row.version,
      claimedByUser: claimant,
      claimedByUsername:
        claimant === null ? null : (names.get(claimant) ?? (await repository.findUsername(db, claimant))),
      timesWorked: times
        .filter((t) => t.task_id === row.id)
        .map((t) => ({ userId: t.user_id, started: t.started, finished: t.finished })),
      priority: row.priority,
      borderColor: row.border_color,
      title: row.title,
      text: row.text,
      tags: decodeStrings(row.tags),
      users: assigned.map((u) => u.user_id),
      usernames: assigned.map((u) => u.username),
      parameters: decodeParameters(row.parameters),
      buttons: decodeButtons(row.buttons),
    });
  }
  return tasks;
}

async function toUserTask(db: DbOrTx, row: UserTaskRow): Promise<UserTask> {
  const [task] = await toUserTasks(db, [row]);
  if (!task) throw notFound('unknownUserTask', { id: row.id });
  return task;
}

/** getCurrentTasks: the caller's tasks not claimed by others, priority descending then oldest first. */
export async function listCurrentTasks(ctx: AppContext, caller: Principal, activeOnly = true): Promise<UserTask[]> {
  return toUserTasks(ctx.db, await repository.listTasksVisibleTo(ctx.db, caller.userId, activeOnly));
}

/** getAllTasks: the overview table (newest first) with the minutes of the finished worked time. */
export async function listAllTasks(ctx: AppContext, activeOnly = false): Promise<UserTaskOverviewRow[]> {
  const rows = await repository.listTasks(ctx.db, activeOnly);
  const ids = rows.map((r) => r.id);
  const [users, times] = await Promise.all([
    repository.findTaskUsers(ctx.db, ids),
    repository.findTaskTimes(ctx.db, ids),
  ]);
  const names = new Map(users.map((u) => [u.user_id, u.username]));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    users: users.filter((u) => u.task_id === row.id).map((u) => u.username),
    title: row.title,
    priority: row.priority,
    claimedByUsername: row.claimed_by_user_id === null ? null : (names.get(row.claimed_by_user_id) ?? null),
    minutesWorked: times
      .filter((t) => t.task_id === row.id && t.finished !== null)
      .reduce((sum, t) => sum + minutesBetween(t.started, t.finished ?? t.started), 0),
  }));
}

export async function getTask(ctx: AppContext, caller: Principal, id: number): Promise<UserTask> {
  return toUserTask(ctx.db, (await findReadableTaskOrThrow(ctx, caller, id)).row);
}

const toStoredInstant = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);

function taskValues(input: {
  title: string;
  text: string;
  priority: number;
  borderColor: string | null;
  tags: readonly string[];
  parameters: Record<string, string>;
  buttons: readonly unknown[];
  startAt: string | null;
}): UserTaskValues {
  return {
    title: fillPlaceholders(input.title, input.parameters),
    text: fillPlaceholders(input.text, input.parameters),
    priority: input.priority,
    border_color: input.borderColor,
    tags: JSON.stringify(input.tags),
    parameters: JSON.stringify(input.parameters),
    buttons: JSON.stringify(input.buttons),
    start_at: toStoredInstant(input.startAt),
  };
}

const requiredField = (field: string, message: string) =>
  badRequest('invalidInput', { fields: [{ field: `body.${field}`, message }] });

/**
 * Creates tasks from a template or 'simple' (templateId null). perUser: one task per user;
 * shared: one task holding all users (shared when more than one). NEW_USER_TASK goes to every
 * assigned user.
 */
export async function createTasks(ctx: AppContext, caller: Principal, request: CreateRequest): Promise<UserTask[]> {
  const template = request.templateId === null ? null : await findTemplateOrThrow(ctx, request.templateId);
  const title = request.title ?? template?.title;
  if (!title) throw requiredField('title', 'required without a template');
  const users = distinctIds(request.users ?? template?.users ?? []);
  if (users.length === 0) throw requiredField('users', 'at least one user');
  await assertActiveUsers(ctx, users);
  const values = taskValues({
    title,
    text: request.text ?? template?.text ?? '',
    priority: request.priority ?? template?.priority ?? 10,
    borderColor: request.borderColor === undefined ? (template?.borderColor ?? null) : request.borderColor,
    tags: request.tags ?? template?.tags ?? [],
    parameters: { ...template?.parameters, ...request.parameters },
    buttons: request.buttons ?? template?.buttons ?? [],
    startAt: request.startAt ?? null,
  });
  const groups = request.mode === 'perUser' ? users.map((id) => [id]) : [users];
  const at = nowIso();
  const ids = await ctx.db.transaction().execute(async (tx) => {
    const created: number[] = [];
    for (const group of groups) {
      const extra = { template_id: template?.id ?? null, created_by_user_id: caller.userId };
      created.push(await repository.insertTask(tx, { ...values, ...extra }, group, at));
    }
    return created;
  });
  ids.forEach((taskId, index) =>
    ctx.live.sendToUsers(groups[index] ?? [], topics.userTasks(), 'NEW_USER_TASK', { taskId, title: values.title }),
  );
  await syncTaskCountersAfterCommit(ctx, users);
  const rows = await Promise.all(ids.map(async (id) => (await findTaskOrThrow(ctx.db, id)).row));
  return toUserTasks(ctx.db, rows);
}

/**
 * saveUserTask (task managers): re-reads the task and writes it where its version is still the
 * one the client read (412 otherwise; the client re-reads, re-applies and retries). A claimant
 * no longer assigned loses the claim. Newly assigned users get NEW_USER_TASK.
 */
export async function saveTask(ctx: AppContext, id: number, request: SaveRequest): Promise<UserTask> {
  const users = distinctIds(request.users);
  await assertActiveUsers(ctx, users);
  const values = taskValues({ ...request, startAt: request.startAt });
  const before = await ctx.db.transaction().execute(async (tx) => {
    const current = await findTaskOrThrow(tx, id);
    if (current.row.version !== request.version) throw preconditionFailed({ currentVersion: current.row.version });
    const result = await repository.updateTask(tx, id, request.version, values, nowIso());
    if (result.numUpdatedRows === 0n) throw preconditionFailed({ id });
    const claimant = current.row.claimed_by_user_id;
    if (claimant !== null && !users.includes(claimant)) await repository.releaseClaim(tx, id);
    await repository.replaceTaskUsers(tx, id, users);
    return current;
  });
  const after = await findTaskOrThrow(ctx.db, id);
  const added = usersSeeing(after).filter((userId) => !before.userIds.includes(userId));
  if (after.row.finished_at === null && added.length > 0) {
    ctx.live.sendToUsers(added, topics.userTasks(), 'NEW_USER_TASK', { taskId: id, title: after.row.title });
  }
  await syncTaskCountersAfterCommit(ctx, [...before.userIds, ...after.userIds]);
  return toUserTask(ctx.db, after.row);
}

/**
 * claimSharedTask: an assigned user takes an unclaimed shared task with one conditional update,
 * so of two users claiming at once exactly one wins; the other gets 409 claimedByOtherUser.
 * Claiming one's own claim again answers the task. The other users get USER_TASKS_CLAIMED_BY.
 */
export async function claimTask(ctx: AppContext, caller: Principal, id: number): Promise<UserTask> {
  const task = await findTaskOrThrow(ctx.db, id);
  if (!task.userIds.includes(caller.userId)) throw forbidden();
  if (task.userIds.length < 2) throw unprocessable('userTaskNotShared', { id });
  if (task.row.claimed_by_user_id === caller.userId) return toUserTask(ctx.db, task.row);
  await assertMayWorkOn(ctx, caller, task);
  const result = await repository.claimTask(ctx.db, id, caller.userId, nowIso());
  if (result.numUpdatedRows === 0n) {
    // Someone else claimed (or finished) it between the read and the update.
    await assertMayWorkOn(ctx, caller, await findTaskOrThrow(ctx.db, id));
    throw conflict('claimedByOtherUser', { username: null });
  }
  const others = task.userIds.filter((userId) => userId !== caller.userId);
  ctx.live.sendToUsers(others, topics.userTasks(), 'USER_TASKS_CLAIMED_BY', { taskId: id, by: caller.username });
  await syncTaskCountersAfterCommit(ctx, task.userIds);
  return toUserTask(ctx.db, (await findTaskOrThrow(ctx.db, id)).row);
}

/**
 * markFinished: by an assigned user who may work on it, or a task manager. Running worked time
 * on the task stops at the finish time. The other users who saw it get USER_TASKS_COMPLETED_ONE.
 */
export async function finishTask(ctx: AppContext, caller: Principal, id: number): Promise<UserTask> {
  const task = await findTaskOrThrow(ctx.db, id);
  if (!isTaskManager(caller) || task.userIds.includes(caller.userId)) await assertMayWorkOn(ctx, caller, task);
  if (task.row.finished_at !== null) throw unprocessable('userTaskFinished', { id });
  const at = nowIso();
  await ctx.db.transaction().execute(async (tx) => {
    const result = await repository.finishTask(tx, id, at);
    if (result.numUpdatedRows === 0n) throw unprocessable('userTaskFinished', { id });
    await workedTimes.stopRunningOfTask(tx, id, at);
  });
  const others = usersSeeing(task).filter((userId) => userId !== caller.userId);
  ctx.live.sendToUsers(others, topics.userTasks(), 'USER_TASKS_COMPLETED_ONE', { taskId: id, by: caller.username });
  await syncTaskCountersAfterCommit(ctx, task.userIds);
  return toUserTask(ctx.db, (await findTaskOrThrow(ctx.db, id)).row);
}

/** buttonPressed: recorded with user and time; the button must be one of the task's (404 unknownUserTaskButton). */
export async function pressButton(
  ctx: AppContext,
  caller: Principal,
  id: number,
  buttonId: string,
  params: readonly string[],
) {
  const task = await findTaskOrThrow(ctx.db, id);
  await assertMayWorkOn(ctx, caller, task);
  if (!decodeButtons(task.row.buttons).some((button) => button.id === buttonId)) {
    throw notFound('unknownUserTaskButton', { buttonId });
  }
  const pressedAt = nowIso();
  await repository.insertButtonPress(ctx.db, { taskId: id, buttonId, userId: caller.userId, params }, pressedAt);
  return { taskId: id, buttonId, pressedAt };
}

/** deleteUserTask (task managers): the task with its worked time and button presses. */
export async function deleteTask(ctx: AppContext, id: number): Promise<void> {
  const task = await findTaskOrThrow(ctx.db, id);
  if (!(await repository.deleteTask(ctx.db, id))) throw notFound('unknownUserTask', { id });
  await syncTaskCountersAfterCommit(ctx, task.userIds);
}
