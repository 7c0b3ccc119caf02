import type { DbOrTx } from '../../db/database.js';

/** Work time entries with what the tables show: order, step, work center and user. */
function entries(db: DbOrTx) {
  return db
    .selectFrom('work_time_entry as e')
    .innerJoin('work_order as o', 'o.id', 'e.work_order_id')
    .innerJoin('item as i', 'i.id', 'o.item_id')
    .innerJoin('work_order_step as s', 's.id', 'e.work_order_step_id')
    .innerJoin('app_user as u', 'u.id', 'e.user_id')
    .leftJoin('work_center as c', 'c.id', 'e.work_center_id')
    .select([
      'e.id',
      'e.work_order_id',
      'e.work_center_id',
      'e.work_time_type',
      'e.produced',
      'e.scrap',
      'e.start_time',
      'e.end_time',
      'e.license_plate',
      'e.user_id',
      'e.flushed',
      'e.flushed_at',
      'e.flush_error_key',
      'e.flush_error_args',
      'e.version',
      'o.code as order_code',
      'o.visual_code as order_visual_code',
      'o.status as order_status',
      'i.code as item_code',
      's.step_code',
      's.step_number',
      's.description as step_description',
      'c.code as work_center_code',
      'u.username',
    ]);
}
export type WorkTimeEntryRow = Awaited<ReturnType<ReturnType<typeof entries>['execute']>>[number];

/** Unflushed entries and those flushed since `flushedSince`, of one user (or everyone), newest first. */
export function listEntries(db: DbOrTx, userId: number | null, flushedSince: string): Promise<WorkTimeEntryRow[]> {
  let query = entries(db).where((eb) => eb.or([eb('e.flushed', '=', 0), eb('e.flushed_at', '>=', flushedSince)]));
  if (userId !== null) query = query.where('e.user_id', '=', userId);
  return query.orderBy('e.start_time', 'desc').orderBy('e.id', 'desc').execute();
}

export function findEntry(db: DbOrTx, id: number): Promise<WorkTimeEntryRow | undefined> {
  return entries(db).where('e.id', '=', id).executeTakeFirst();
}

export function findEntries(db: DbOrTx, ids: readonly number[]): Promise<WorkTimeEntryRow[]> {
  return entries(db).where('e.id', 'in', ids).execute();
}

/** The user's running entry other than `exceptId`, if any. */
export function findRunningEntryOf(db: DbOrTx, userId: number, exceptId: number | null) {
  let query = entries(db).where('e.user_id', '=', userId).where('e.end_time', 'is', null);
  if (exceptId !== null) query = query.where('e.id', '<>', exceptId);
  return query.executeTakeFirst();
}

export interface WorkTimeValues {
  workOrderId: number;
  stepId: number;
  workCenterId: number | null;
  workTimeType: string;
  produced: number | null;
  scrap: number | null;
  startTime: string;
  endTime: string | null;
  licensePlate: string | null;
}

function columns(values: WorkTimeValues) {
  return {
    work_order_id: values.workOrderId,
    work_order_step_id: values.stepId,
    work_center_id: values.workCenterId,
    work_time_type: values.workTimeType,
    produced: values.produced,
    scrap: values.scrap,
    start_time: values.startTime,
    end_time: values.endTime,
    license_plate: values.licensePlate,
  };
}

export async function insertEntry(db: DbOrTx, userId: number, values: WorkTimeValues, at: string): Promise<number> {
  const row = await db
    .insertInto('work_time_entry')
    .values({ ...columns(values), user_id: userId, version: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes an unflushed entry still at `version`; a save clears the last flush error. */
export function updateEntry(db: DbOrTx, id: number, version: number, values: WorkTimeValues, at: string) {
  return db
    .updateTable('work_time_entry')
    .set({ ...columns(values), flush_error_key: null, flush_error_args: null, version: version + 1, updated_at: at })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('flushed', '=', 0)
    .executeTakeFirst();
}

/** Stops a running, unflushed entry at `at`. */
export function stopEntry(db: DbOrTx, id: number, at: string) {
  return db
    .updateTable('work_time_entry')
    .set((eb) => ({ end_time: at, version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .where('end_time', 'is', null)
    .where('flushed', '=', 0)
    .executeTakeFirst();
}

export function deleteEntry(db: DbOrTx, id: number) {
  return db.deleteFrom('work_time_entry').where('id', '=', id).where('flushed', '=', 0).executeTakeFirst();
}

/** Records why the entry's flush failed (it stays unflushed). */
export function setFlushError(db: DbOrTx, id: number, key: string, args: Record<string, unknown>, at: string) {
  return db
    .updateTable('work_time_entry')
    .set((eb) => ({
      flush_error_key: key,
      flush_error_args: JSON.stringify(args),
      version: eb('version', '+', 1),
      updated_at: at,
    }))
    .where('id', '=', id)
    .where('flushed', '=', 0)
    .executeTakeFirst();
}

/** Marks the entry flushed when it still is unflushed at `version`; answers whether it did. */
export async function markFlushed(db: DbOrTx, id: number, version: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('work_time_entry')
    .set({
      flushed: 1,
      flushed_at: at,
      flush_error_key: null,
      flush_error_args: null,
      version: version + 1,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('flushed', '=', 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
