import type { Selectable } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import type { UserTaskTemplateTable } from '../../db/schema.js';

export type UserTaskTemplateRow = Selectable<UserTaskTemplateTable>;

/** A template's stored values (JSON columns encoded by the service). */
export interface TemplateValues {
  title: string;
  text: string;
  priority: number;
  border_color: string | null;
  tags: string;
  users: string;
  parameters: string;
  buttons: string;
}

export function listTemplates(db: DbOrTx): Promise<UserTaskTemplateRow[]> {
  return db.selectFrom('user_task_template').selectAll().orderBy('title').orderBy('id').execute();
}

export function findTemplateById(db: DbOrTx, id: number): Promise<UserTaskTemplateRow | undefined> {
  return db.selectFrom('user_task_template').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertTemplate(db: DbOrTx, values: TemplateValues, at: string): Promise<number> {
  const row = await db
    .insertInto('user_task_template')
    .values({ ...values, version: 1, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the template when its stored version is still `version`; returns the rows updated. */
export function updateTemplate(db: DbOrTx, id: number, version: number, values: TemplateValues, at: string) {
  return db
    .updateTable('user_task_template')
    .set({ ...values, version: version + 1, updated_at: at })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
}

export async function deleteTemplate(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('user_task_template').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
