import {
  codeKey,
  fromThousandths,
  toThousandths,
  type WorkTimeEntry,
  type WorkTimeFlushAnswer,
  type WorkTimeFlushFailure,
  type WorkTimeSaveRequest,
  type WorkTimeType,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  preconditionFailed,
  unprocessable,
} from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { flushLine } from '../documents/document-flush.js';
import { publishWorkTimesChanged } from './production-live.js';
import { flushRefusal, saveRefusal } from './work-time-rules.js';
import * as orders from './work-orders.repository.js';
import * as repository from './work-times.repository.js';
import type { WorkTimeEntryRow, WorkTimeValues } from './work-times.repository.js';

const day = 24 * 60 * 60 * 1000;

export function toWorkTimeEntry(ctx: AppContext, row: WorkTimeEntryRow): WorkTimeEntry {
  const quantity = (value: number | null) => (value === null ? null : fromThousandths(value));
  const args = row.flush_error_args ? (JSON.parse(row.flush_error_args) as Record<string, unknown>) : {};
  return {
    id: row.id,
    workOrderCode: row.order_code,
    workOrderVisualCode: row.order_visual_code,
    producedItemCode: row.item_code,
    workOrderStep: row.step_code,
    stepNumber: row.step_number,
    stepDescription: row.step_description,
    workCenter: row.work_center_code,
    workTimeType: row.work_time_type as WorkTimeType,
    produced: quantity(row.produced),
    scrap: quantity(row.scrap),
    startTime: row.start_time,
    endTime: row.end_time,
    licensePlate: row.license_plate,
    userId: row.user_id,
    user: row.username,
    flushed: row.flushed === 1,
    flushedAt: row.flushed_at,
    flushError: row.flush_error_key
      ? { key: row.flush_error_key, args, message: ctx.messageFor(row.flush_error_key, args) }
      : null,
    version: row.version,
  };
}

const isManager = (principal: Principal) => principal.expandedRoles.has('productionManager');

/** getWorkTimes (own) or getAllWorkTimes (everyone): unflushed entries and those flushed in the last days. */
export async function listWorkTimes(
  ctx: AppContext,
  principal: Principal,
  scope: 'own' | 'all',
  flushedDays: number,
): Promise<WorkTimeEntry[]> {
  const since = new Date(Date.now() - flushedDays * day).toISOString();
  const rows = await repository.listEntries(ctx.db, scope === 'own' ? principal.userId : null, since);
  return rows.map((row) => toWorkTimeEntry(ctx, row));
}

/** An entry the caller may change: it exists (404), is theirs or they manage production (403), and is not booked (422). */
async function findChangeableEntry(ctx: AppContext, principal: Principal, id: number): Promise<WorkTimeEntryRow> {
  const row = await repository.findEntry(ctx.db, id);
  if (!row) throw notFound('unknownWorkTimeEntry', { id });
  if (row.user_id !== principal.userId && !isManager(principal)) throw forbidden();
  if (row.flushed === 1) throw unprocessable('workTimeAlreadyFlushed', { id });
  return row;
}

const invalid = (reason: string, field: string, args: Record<string, unknown> = {}) =>
  badRequest('invalidInput', { reason, ...args, fields: [{ field, message: reason }] });

const utc = (moment: string) => new Date(moment).toISOString();

/**
 * The stored values of a save: the order exists, the step is one of its
 * steps, the work center (when given) exists and is active, else the step's planned one;
 * produced and scrap only for WORK; the end not before the start. Else 400 invalidInput {reason}.
 */
async function resolveValues(db: DbOrTx, input: WorkTimeSaveRequest): Promise<WorkTimeValues> {
  const order = await orders.findWorkOrderByCodeLower(db, codeKey(input.workOrderCode));
  if (!order) throw invalid('unknownWorkOrder', 'body.workOrderCode', { code: input.workOrderCode });
  const step = await orders.findStep(db, order.id, input.workOrderStep.trim().toLowerCase());
  if (!step) throw invalid('unknownWorkOrderStep', 'body.workOrderStep', { code: input.workOrderStep });
  let workCenterId = step.planned_work_center_id;
  if (input.workCenter) {
    const center = await orders.findWorkCenterByCodeLower(db, codeKey(input.workCenter));
    if (!center || center.active !== 1) {
      throw invalid('unknownWorkCenter', 'body.workCenter', { code: input.workCenter });
    }
    workCenterId = center.id;
  }
  const isWork = input.workTimeType === 'WORK';
  const thousandths = (value: number | null | undefined) =>
    value === null || value === undefined ? null : toThousandths(value);
  const values = {
    workTimeType: input.workTimeType,
    produced: thousandths(input.produced),
    scrap: thousandths(input.scrap),
    startTime: utc(input.startTime),
    endTime: input.endTime ? utc(input.endTime) : null,
  };
  const refusal = saveRefusal(values);
  if (refusal) throw invalid(refusal.reason, refusal.field);
  return {
    ...values,
    produced: isWork ? values.produced : null,
    scrap: isWork ? values.scrap : null,
    workOrderId: order.id,
    stepId: step.id,
    workCenterId,
    licensePlate: input.licensePlate?.trim() || null,
  };
}

/** A second running entry of one user is 409 workTimeAlreadyRunning (checked, and guarded by a unique index). */
async function assertNoOtherRunning(db: DbOrTx, userId: number, exceptId: number | null): Promise<void> {
  const running = await repository.findRunningEntryOf(db, userId, exceptId);
  if (running) throw conflict('workTimeAlreadyRunning', { id: running.id, workOrderCode: running.order_code });
}

async function runningSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('workTimeAlreadyRunning', {});
    throw error;
  }
}

/**
 * saveWorkTimes: without id a new entry of the caller; with id and version an update of an
 * unflushed entry (the caller's own, or anyone's for productionManager). A stale version is 412.
 */
export async function saveWorkTime(
  ctx: AppContext,
  principal: Principal,
  input: WorkTimeSaveRequest,
): Promise<WorkTimeEntry> {
  const current = input.id === undefined ? null : await findChangeableEntry(ctx, principal, input.id);
  if (current && input.version === undefined) {
    throw badRequest('invalidInput', { fields: [{ field: 'body.version', message: 'required with id' }] });
  }
  const values = await resolveValues(ctx.db, input);
  const ownerId = current?.user_id ?? principal.userId;
  if (values.endTime === null) await assertNoOtherRunning(ctx.db, ownerId, current?.id ?? null);
  const at = nowIso();
  const id = await runningSafe(async () => {
    if (!current) return repository.insertEntry(ctx.db, ownerId, values, at);
    const result = await repository.updateEntry(ctx.db, current.id, input.version ?? 0, values, at);
    if (result.numUpdatedRows === 0n) throw preconditionFailed({ currentVersion: current.version });
    return current.id;
  });
  publishWorkTimesChanged(ctx, [id]);
  return findEntryOrThrow(ctx, id);
}

async function findEntryOrThrow(ctx: AppContext, id: number): Promise<WorkTimeEntry> {
  const row = await repository.findEntry(ctx.db, id);
  if (!row) throw notFound('unknownWorkTimeEntry', { id });
  return toWorkTimeEntry(ctx, row);
}

/** Stop: a running entry ends now (or at its start, when that lies ahead). 422 workTimeNotRunning otherwise. */
export async function stopWorkTime(ctx: AppContext, principal: Principal, id: number): Promise<WorkTimeEntry> {
  const row = await findChangeableEntry(ctx, principal, id);
  if (row.end_time !== null) throw unprocessable('workTimeNotRunning', { id });
  const now = nowIso();
  const end = Date.parse(row.start_time) > Date.parse(now) ? row.start_time : now;
  const result = await repository.stopEntry(ctx.db, id, end);
  if (result.numUpdatedRows === 0n) throw unprocessable('workTimeNotRunning', { id });
  publishWorkTimesChanged(ctx, [id]);
  return findEntryOrThrow(ctx, id);
}

/** deleteWorkTimes: an unflushed entry (own, or anyone's for productionManager). */
export async function deleteWorkTime(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  await findChangeableEntry(ctx, principal, id);
  const result = await repository.deleteEntry(ctx.db, id);
  if (result.numDeletedRows === 0n) throw unprocessable('workTimeAlreadyFlushed', { id });
  publishWorkTimesChanged(ctx, [id]);
}

/** Books one entry inside its own transaction (flushLine); a refusal rolls back only this entry. */
async function bookEntry(tx: DbOrTx, row: WorkTimeEntryRow, at: string): Promise<void> {
  if (!(await repository.markFlushed(tx, row.id, row.version, at))) {
    throw preconditionFailed({ currentVersion: row.version });
  }
  if (row.work_time_type !== 'WORK') return;
  const produced = row.produced ?? 0;
  const scrap = row.scrap ?? 0;
  if (produced === 0 && scrap === 0) return;
  const result = await orders.addCompletedQuantities(tx, row.work_order_id, produced, scrap, at);
  // The work order's totals may not drop below zero (a correction larger than what was booked).
  if (result.numUpdatedRows === 0n) {
    throw unprocessable('negativeWorkTimeQuantity', {
      produced: fromThousandths(produced),
      scrap: fromThousandths(scrap),
    });
  }
}

/**
 * flushWorkTimes: books every listed entry that meets the rules (work-time-rules.ts): marks it
 * flushed (final: no edits afterwards) and adds produced and scrap of WORK entries to the work
 * order's totals. Each entry is booked in its own transaction (documents/document-flush.ts
 * flushLine, the line-by-line rule of every flush), so one bad entry does not hold back the rest.
 * A failed entry keeps its error (shown red in the tables) and is answered with it. An entry
 * already flushed counts as flushed (a retried flush books nothing twice).
 */
export async function flushWorkTimes(
  ctx: AppContext,
  principal: Principal,
  ids: readonly number[],
): Promise<WorkTimeFlushAnswer> {
  const unique = [...new Set(ids)];
  const rows = new Map((await repository.findEntries(ctx.db, unique)).map((row) => [row.id, row]));
  const at = nowIso();
  const flushed: number[] = [];
  const failed: WorkTimeFlushFailure[] = [];
  const fail = (id: number, key: string, args: Record<string, unknown>) =>
    failed.push({ id, key, args, message: ctx.messageFor(key, args) });
  for (const id of unique) {
    const row = rows.get(id);
    if (!row || (row.user_id !== principal.userId && !isManager(principal))) {
      fail(id, 'unknownWorkTimeEntry', { id });
      continue;
    }
    if (row.flushed === 1) {
      flushed.push(id);
      continue;
    }
    const refusal = flushRefusal({
      endTime: row.end_time,
      workCenterId: row.work_center_id,
      workTimeType: row.work_time_type,
      produced: row.produced,
      scrap: row.scrap,
      orderCode: row.order_code,
      orderStatus: row.order_status,
    });
    const error = refusal
      ? new AppError(422, refusal.key, refusal.args)
      : await flushLine(ctx.db, (tx) => bookEntry(tx, row, at));
    if (error === null) {
      flushed.push(id);
      continue;
    }
    await repository.setFlushError(ctx.db, id, error.key, error.args, at);
    fail(id, error.key, error.args);
  }
  publishWorkTimesChanged(ctx, unique);
  return { flushed, failed };
}
