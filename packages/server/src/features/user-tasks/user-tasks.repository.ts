import type { Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { UserTaskTable } from '../../db/schema.js';

export type UserTaskRow = Selectable<UserTaskTable>;

/** The stored values of a task (JSON columns already encoded by the service). */
export interface UserTaskValues {
  title: string;
  text: string;
  priority: number;
  border_color: string | null;
  tags: string;
  parameters: string;
  buttons: string;
  start_at: string | null;
}

export interface TaskUserRow {
  task_id: number;
  user_id: number;
  username: string;
}

export interface TaskTimeRow {
  task_id: number;
  user_id: number;
  started: string;
  finished: string | null;
}

export async function insertTask(
  db: DbOrTx,
  values: UserTaskValues & { template_id: number | null; created_by_user_id: number },
  userIds: readonly number[],
  at: string,
): Promise<number> {
  const row = await db
    .insertInto('user_task')
    .values({ ...values, version: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertTaskUsers(db, row.id, userIds);
  return row.id;
}

async function insertTaskUsers(db: DbOrTx, taskId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('user_task_user')
    .values(userIds.map((userId, position) => ({ task_id: taskId, user_id: userId, position })))
    .execute();
}

export async function replaceTaskUsers(db: DbOrTx, taskId: number, userIds: readonly number[]): Promise<void> {
  await db.deleteFrom('user_task_user').where('task_id', '=', taskId).execute();
  await insertTaskUsers(db, taskId, userIds);
}

export function findTaskById(db: DbOrTx, id: number): Promise<UserTaskRow | undefined> {
  return db.selectFrom('user_task').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The tasks the user sees: assigned, not claimed by someone else, and (activeOnly) not finished. */
export function listTasksVisibleTo(db: DbOrTx, userId: number, activeOnly: boolean): Promise<UserTaskRow[]> {
  let query = db
    .selectFrom('user_task')
    .innerJoin('user_task_user', 'user_task_user.task_id', 'user_task.id')
    .selectAll('user_task')
    .where('user_task_user.user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('user_task.claimed_by_user_id', 'is', null), eb('user_task.claimed_by_user_id', '=', userId)]),
    );
  if (activeOnly) query = query.where('user_task.finished_at', 'is', null);
  return query.orderBy('user_task.priority', 'desc').orderBy('user_task.created_at').orderBy('user_task.id').execute();
}

export function listTasks(db: DbOrTx, activeOnly: boolean): Promise<UserTaskRow[]> {
  let query = db.selectFrom('user_task').selectAll();
  if (activeOnly) query = query.where('finished_at', 'is', null);
  return query.orderBy('id', 'desc').execute();
}

/** The assigned users of the tasks with their names, in assignment order. */
export function findTaskUsers(db: DbOrTx, taskIds: readonly number[]): Promise<TaskUserRow[]> {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_task_user')
    .innerJoin('app_user', 'app_user.id', 'user_task_user.user_id')
    .select(['user_task_user.task_id', 'user_task_user.user_id', 'app_user.username'])
    .where('user_task_user.task_id', 'in', [...taskIds])
    .orderBy('user_task_user.task_id')
    .orderBy('user_task_user.position')
    .execute();
}

export function findTaskTimes(db: DbOrTx, taskIds: readonly number[]): Promise<TaskTimeRow[]> {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_task_worked_time')
    .select(['task_id', 'user_id', 'started', 'finished'])
    .where('task_id', 'in', [...taskIds])
    .orderBy('started')
    .orderBy('id')
    .execute();
}

export async function findUsername(db: DbOrTx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const row = await db.selectFrom('app_user').select('username').where('id', '=', userId).executeTakeFirst();
  return row?.username ?? null;
}

/** Writes the task when its stored version is still `version`; returns the rows updated. */
export function updateTask(db: DbOrTx, id: number, version: number, values: UserTaskValues, at: string) {
  return db
    .updateTable('user_task')
    .set({ ...values, version: version + 1, updated_at: at })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** The claim as one conditional update: only an unclaimed, unfinished task; one caller wins. */
export function claimTask(db: DbOrTx, id: number, userId: number, at: string) {
  return db
    .updateTable('user_task')
    .set((eb) => ({ claimed_by_user_id: userId, version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .where('claimed_by_user_id', 'is', null)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
}

/** Drops the claim (its claimant is no longer assigned). */
export async function releaseClaim(db: DbOrTx, id: number): Promise<void> {
  await db.updateTable('user_task').set({ claimed_by_user_id: null }).where('id', '=', id).execute();
}

/** Sets finished_at on an unfinished task; returns the rows updated (0: already finished). */
export function finishTask(db: DbOrTx, id: number, at: string) {
  return db
    .updateTable('user_task')
    .set((eb) => ({ finished_at: at, version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
}

export async function deleteTask(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('user_task').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Per user: the number of active tasks they see (the /my_user_tasks counter); users without any are left out. */
export async function countVisibleActiveTasks(
  db: DbOrTx,
  userIds: readonly number[] | null,
): Promise<Map<number, number>> {
  let query = db
    .selectFrom('user_task_user')
    .innerJoin('user_task', 'user_task.id', 'user_task_user.task_id')
    .select((eb) => ['user_task_user.user_id', eb.fn.countAll<string | number>().as('count')])
    .where('user_task.finished_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('user_task.claimed_by_user_id', 'is', null),
        eb('user_task.claimed_by_user_id', '=', eb.ref('user_task_user.user_id')),
      ]),
    )
    .groupBy('user_task_user.user_id');
  if (userIds !== null) {
    if (userIds.length === 0) return new Map();
    query = query.where('user_task_user.user_id', 'in', [...userIds]);
  }
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.count)]));
}

export async function insertButtonPress(
  db: DbOrTx,
  press: { taskId: number; buttonId: string; userId: number; params: readonly string[] },
  at: string,
): Promise<void> {
  await db
    .insertInto('task_button_press')
    .values({
      task_id: press.taskId,
      button_id: press.buttonId,
      user_id: press.userId,
      params: JSON.stringify(press.params),
      pressed_at: at,
    })
    .execute();
}
