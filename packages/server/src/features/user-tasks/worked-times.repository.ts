import type { Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { UserTaskWorkedTimeTable } from '../../db/schema.js';

export type WorkedTimeRow = Selectable<UserTaskWorkedTimeTable>;
export type WorkedTimeWithUser = WorkedTimeRow & { username: string };

export function listForTask(db: DbOrTx, taskId: number): Promise<WorkedTimeWithUser[]> {
  return db
    .selectFrom('user_task_worked_time')
    .innerJoin('app_user', 'app_user.id', 'user_task_worked_time.user_id')
    .selectAll('user_task_worked_time')
    .select('app_user.username')
    .where('user_task_worked_time.task_id', '=', taskId)
    .orderBy('user_task_worked_time.started')
    .orderBy('user_task_worked_time.id')
    .execute();
}

export function findById(db: DbOrTx, id: number): Promise<WorkedTimeRow | undefined> {
  return db.selectFrom('user_task_worked_time').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's running entry (on any task), if any. */
export function findRunningOfUser(db: DbOrTx, userId: number): Promise<WorkedTimeRow | undefined> {
  return db
    .selectFrom('user_task_worked_time')
    .selectAll()
    .where('user_id', '=', userId)
    .where('finished', 'is', null)
    .executeTakeFirst();
}

export async function insertEntry(
  db: DbOrTx,
  entry: { taskId: number; userId: number; message: string; started: string; finished: string | null },
): Promise<number> {
  const row = await db
    .insertInto('user_task_worked_time')
    .values({
      task_id: entry.taskId,
      user_id: entry.userId,
      message: entry.message,
      started: entry.started,
      finished: entry.finished,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the entry when its stored version is still `version`; returns the rows updated. */
export function updateEntry(
  db: DbOrTx,
  id: number,
  version: number,
  values: { message: string; started: string; finished: string | null },
) {
  return db
    .updateTable('user_task_worked_time')
    .set({ ...values, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
}

export async function deleteEntry(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('user_task_worked_time').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Stops every running entry of the task at `at` (the task was finished). */
export async function stopRunningOfTask(db: DbOrTx, taskId: number, at: string): Promise<void> {
  await db
    .updateTable('user_task_worked_time')
    .set((eb) => ({ finished: at, version: eb('version', '+', 1) }))
    .where('task_id', '=', taskId)
    .where('finished', 'is', null)
    .execute();
}
