import type { VersionedMigration } from './helpers.js';

/**
 * The import framework (features/importers; docs/decisions/0176-import-framework.md).
 *
 * import_session: one uploaded file of an importer kind, owned by its user. status is the
 * contract's (UPLOADED, MAPPED, VALIDATED, COMMITTED, FAILED, EXPIRED) or, never on the wire,
 * READING (its rows are being stored) and COMMITTING (a commit claimed it: claim and claimed_at
 * say which and since when). sheets, headers, mapping, counts, result and failure are JSON.
 * version rises with every change, so a commit claims the session with one conditional update.
 *
 * import_session_row: one data row of the file: its cell texts by header index (JSON, so the
 * report gives the original row) and the last check's status, group and messages. committed is
 * set in the transaction that wrote the row's group (a retried commit skips it); created holds,
 * on the first row of a group, what the group's commit created. The file itself is not kept.
 *
 * import_mapping_memory: the user's last mapping of a kind (column name -> header text).
 */
export const importSessionsMigration: VersionedMigration = {
  name: '0023-import-sessions',
  async up(db) {
    await db.schema
      .createTable('import_session')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('sheet', 'text')
      .addColumn('sheets', 'text', (c) => c.notNull())
      .addColumn('headers', 'text', (c) => c.notNull())
      .addColumn('mapping', 'text', (c) => c.notNull())
      .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('counts', 'text')
      .addColumn('commit_mode', 'text')
      .addColumn('result', 'text')
      .addColumn('failure', 'text')
      .addColumn('claim', 'text')
      .addColumn('claimed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('committed_at', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .createIndex('import_session_user_idx')
      .on('import_session')
      .columns(['user_id', 'kind', 'created_at'])
      .execute();
    await db.schema.createIndex('import_session_expires_idx').on('import_session').column('expires_at').execute();

    await db.schema
      .createTable('import_session_row')
      .addColumn('session_id', 'text', (c) => c.notNull().references('import_session.id').onDelete('cascade'))
      .addColumn('row_number', 'integer', (c) => c.notNull())
      .addColumn('cells', 'text', (c) => c.notNull())
      .addColumn('status', 'text')
      .addColumn('group_key', 'text')
      .addColumn('messages', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('committed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created', 'text')
      .addPrimaryKeyConstraint('import_session_row_pk', ['session_id', 'row_number'])
      .execute();
    await db.schema
      .createIndex('import_session_row_status_idx')
      .on('import_session_row')
      .columns(['session_id', 'status', 'row_number'])
      .execute();

    await db.schema
      .createTable('import_mapping_memory')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('mapping', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('import_mapping_memory_pk', ['user_id', 'kind'])
      .execute();
  },
};
