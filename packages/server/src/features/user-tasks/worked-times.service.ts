import { minutesBetween, type WorkedTimeEntry } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { conflict, forbidden, notFound, preconditionFailed, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import {
  assertMayWorkOn,
  findReadableTaskOrThrow,
  findTaskOrThrow,
  isTaskManager,
  type LoadedTask,
} from './user-tasks.service.js';
import * as repository from './worked-times.repository.js';
import type { WorkedTimeWithUser } from './worked-times.repository.js';

/**
 * Worked time on user tasks. A user has at most one running entry
 * (finished null) across all tasks: starting another while one runs is 409
 * workedTimeAlreadyRunning naming the task it runs on (the user finishes it first, with a
 * message; it is never stopped silently). A partial unique index enforces this under races.
 * Any user assigned to the task (and task managers) may list its entries; an entry is edited or
 * deleted only by its owner or a task manager (userTaskManager), 403 otherwise, also for a
 * co-assigned user and after a claim of the task. Starting, finishing and manual entries are the
 * caller's own and need an active task they may work on.
 */

/** Clock skew allowed for times sent by a device. */
const futureToleranceMs = 60_000;

function toEntry(row: WorkedTimeWithUser): WorkedTimeEntry {
  return {
    id: row.id,
    taskId: row.task_id,
    version: row.version,
    userId: row.user_id,
    username: row.username,
    message: row.message,
    started: row.started,
    finished: row.finished,
    minutes: row.finished === null ? null : minutesBetween(row.started, row.finished),
  };
}

async function entryOf(db: DbOrTx, taskId: number, entryId: number): Promise<WorkedTimeEntry> {
  const entry = (await repository.listForTask(db, taskId)).find((row) => row.id === entryId);
  if (!entry) throw notFound('unknownWorkedTime', { id: entryId });
  return toEntry(entry);
}

/** started and finished as stored (UTC), checked: not in the future, finished not before started. */
function checkedTimes(started: string, finished: string | null): { started: string; finished: string | null } {
  const limit = Date.now() + futureToleranceMs;
  const start = Date.parse(started);
  const end = finished === null ? null : Date.parse(finished);
  if (start > limit || (end !== null && end > limit)) throw unprocessable('workedTimeInFuture');
  if (end !== null && end < start) throw unprocessable('finishedBeforeStarted');
  return { started: new Date(start).toISOString(), finished: end === null ? null : new Date(end).toISOString() };
}

/** 409 workedTimeAlreadyRunning {taskId, title} when the user already has a running entry (other than `exceptId`). */
async function assertNoOtherRunning(ctx: AppContext, userId: number, exceptId: number | null): Promise<void> {
  const running = await repository.findRunningOfUser(ctx.db, userId);
  if (running && running.id !== exceptId) throw await alreadyRunning(ctx, running.task_id);
}

async function alreadyRunning(ctx: AppContext, taskId: number | null) {
  const task = taskId === null ? null : await findTaskOrThrow(ctx.db, taskId).catch(() => null);
  return conflict('workedTimeAlreadyRunning', { taskId, title: task?.row.title ?? null });
}

/** An insert or update that the running-entry index refused: a concurrent start won. */
async function runningSafe<T>(ctx: AppContext, userId: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const running = await repository.findRunningOfUser(ctx.db, userId);
    throw await alreadyRunning(ctx, running?.task_id ?? null);
  }
}

export async function listWorkedTimes(ctx: AppContext, caller: Principal, taskId: number): Promise<WorkedTimeEntry[]> {
  await findReadableTaskOrThrow(ctx, caller, taskId);
  return (await repository.listForTask(ctx.db, taskId)).map(toEntry);
}

async function workableTask(ctx: AppContext, caller: Principal, taskId: number): Promise<LoadedTask> {
  const task = await findTaskOrThrow(ctx.db, taskId);
  await assertMayWorkOn(ctx, caller, task);
  return task;
}

/** Start: a running entry of the caller on the task, started now. */
export async function startWorkedTime(ctx: AppContext, caller: Principal, taskId: number): Promise<WorkedTimeEntry> {
  await workableTask(ctx, caller, taskId);
  await assertNoOtherRunning(ctx, caller.userId, null);
  const id = await runningSafe(ctx, caller.userId, () =>
    repository.insertEntry(ctx.db, { taskId, userId: caller.userId, message: '', started: nowIso(), finished: null }),
  );
  return entryOf(ctx.db, taskId, id);
}

/** Finish: closes the caller's running entry of this task with the message (422 noRunningWorkedTime without one). */
export async function finishWorkedTime(
  ctx: AppContext,
  caller: Principal,
  taskId: number,
  message: string,
): Promise<WorkedTimeEntry> {
  await findReadableTaskOrThrow(ctx, caller, taskId);
  const running = await repository.findRunningOfUser(ctx.db, caller.userId);
  if (!running || running.task_id !== taskId) throw unprocessable('noRunningWorkedTime', { taskId });
  const finished = new Date(Math.max(Date.now(), Date.parse(running.started))).toISOString();
  const result = await repository.updateEntry(ctx.db, running.id, running.version, {
    message,
    started: running.started,
    finished,
  });
  if (result.numUpdatedRows === 0n) throw preconditionFailed({ id: running.id });
  return entryOf(ctx.db, taskId, running.id);
}

/** New (manual entry) of the caller; without finished it is the caller's running entry. */
export async function createWorkedTime(
  ctx: AppContext,
  caller: Principal,
  taskId: number,
  request: { message: string; started: string; finished: string | null },
): Promise<WorkedTimeEntry> {
  await workableTask(ctx, caller, taskId);
  const times = checkedTimes(request.started, request.finished);
  if (times.finished === null) await assertNoOtherRunning(ctx, caller.userId, null);
  const id = await runningSafe(ctx, caller.userId, () =>
    repository.insertEntry(ctx.db, { taskId, userId: caller.userId, message: request.message, ...times }),
  );
  return entryOf(ctx.db, taskId, id);
}

/** An entry of the task that the caller may change: its owner's or, for a task manager, anyone's (403 otherwise). */
async function findChangeableEntryOrThrow(ctx: AppContext, caller: Principal, taskId: number, entryId: number) {
  await findReadableTaskOrThrow(ctx, caller, taskId);
  const entry = await repository.findById(ctx.db, entryId);
  if (!entry || entry.task_id !== taskId) throw notFound('unknownWorkedTime', { id: entryId });
  if (entry.user_id !== caller.userId && !isTaskManager(caller)) throw forbidden();
  return entry;
}

/** Edits message, started and finished (cleared: running again, still one per user); 412 when stale. */
export async function updateWorkedTime(
  ctx: AppContext,
  caller: Principal,
  taskId: number,
  entryId: number,
  request: { version: number; message: string; started: string; finished: string | null },
): Promise<WorkedTimeEntry> {
  const entry = await findChangeableEntryOrThrow(ctx, caller, taskId, entryId);
  const times = checkedTimes(request.started, request.finished);
  if (times.finished === null) await assertNoOtherRunning(ctx, entry.user_id, entry.id);
  const result = await runningSafe(ctx, entry.user_id, () =>
    repository.updateEntry(ctx.db, entryId, request.version, { message: request.message, ...times }),
  );
  if (result.numUpdatedRows === 0n) throw preconditionFailed({ currentVersion: entry.version });
  return entryOf(ctx.db, taskId, entryId);
}

export async function deleteWorkedTime(
  ctx: AppContext,
  caller: Principal,
  taskId: number,
  entryId: number,
): Promise<void> {
  await findChangeableEntryOrThrow(ctx, caller, taskId, entryId);
  if (!(await repository.deleteEntry(ctx.db, entryId))) throw notFound('unknownWorkedTime', { id: entryId });
}
