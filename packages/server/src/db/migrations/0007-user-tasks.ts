import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * User tasks, task templates and worked time (features/user-tasks).
 *
 * - user_task_template: what a task manager starts tasks from. tags, users, parameters and
 *   buttons are JSON; version is the optimistic lock of edits.
 * - user_task: title and text are stored with their {param} placeholders filled; parameters is
 *   the JSON map they were filled from. claimed_by_user_id is set once, by a conditional update,
 *   on a shared task (more than one user). finished_at set = finished.
 * - user_task_user: the assigned users (one row each), so "the tasks of a user" is an index read.
 * - user_task_worked_time: time a user worked on a task; finished NULL = running. The partial
 *   unique index allows one running entry per user across all tasks, also under races.
 * - task_button_press: who pressed which task button when, with the parameters sent.
 */
export const userTasksMigration: VersionedMigration = {
  name: '0007-user-tasks',
  async up(db, dialect) {
    await withId(db.schema.createTable('user_task_template'), dialect)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('priority', 'integer', (c) => c.notNull())
      .addColumn('border_color', 'text')
      .addColumn('tags', 'text', (c) => c.notNull())
      .addColumn('users', 'text', (c) => c.notNull())
      .addColumn('parameters', 'text', (c) => c.notNull())
      .addColumn('buttons', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('user_task'), dialect)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('priority', 'integer', (c) => c.notNull())
      .addColumn('border_color', 'text')
      .addColumn('tags', 'text', (c) => c.notNull())
      .addColumn('parameters', 'text', (c) => c.notNull())
      .addColumn('buttons', 'text', (c) => c.notNull())
      .addColumn('template_id', 'integer', (c) => c.references('user_task_template.id').onDelete('set null'))
      .addColumn('created_by_user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('claimed_by_user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('start_at', 'text')
      .addColumn('finished_at', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('user_task_finished_idx').on('user_task').column('finished_at').execute();

    await db.schema
      .createTable('user_task_user')
      .addColumn('task_id', 'integer', (c) => c.notNull().references('user_task.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_task_user_pk', ['task_id', 'user_id'])
      .execute();
    await db.schema.createIndex('user_task_user_user_idx').on('user_task_user').column('user_id').execute();

    await withId(db.schema.createTable('user_task_worked_time'), dialect)
      .addColumn('task_id', 'integer', (c) => c.notNull().references('user_task.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('started', 'text', (c) => c.notNull())
      .addColumn('finished', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createIndex('user_task_worked_time_task_idx')
      .on('user_task_worked_time')
      .column('task_id')
      .execute();
    await db.schema
      .createIndex('user_task_worked_time_running_idx')
      .on('user_task_worked_time')
      .column('user_id')
      .unique()
      .where(sql.ref('finished'), 'is', null)
      .execute();

    await withId(db.schema.createTable('task_button_press'), dialect)
      .addColumn('task_id', 'integer', (c) => c.notNull().references('user_task.id').onDelete('cascade'))
      .addColumn('button_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('pressed_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('task_button_press_task_idx').on('task_button_press').column('task_id').execute();
  },
};
