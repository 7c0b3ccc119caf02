import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';

/** The tables whose rows make up the answers of the master-data lookups (item and location find, autocomplete). */
export const masterDataTables = ['item', 'warehouse', 'bin_location', 'bin_location_attribute'] as const;

/**
 * SQLite: one number that changes with every committed change of the master data that lookups
 * answer from (db/master-data-cache.ts). Triggers on each table raise it inside the writing
 * transaction, so it changes exactly when the change commits, whichever connection or process
 * wrote it. PostgreSQL keeps no such number (its lookups are not cached): a row every writer
 * updated would serialize and deadlock concurrent master-data transactions.
 */
export const masterDataGenerationMigration: VersionedMigration = {
  name: '0010-master-data-generation',
  async up(db, dialect) {
    if (dialect !== 'sqlite') return;
    // SQLite migrations run outside a transaction: every statement may run again after a crash.
    await sql`create table if not exists master_data_generation (
      id integer primary key check (id = 1), generation integer not null
    )`.execute(db);
    await sql`insert or ignore into master_data_generation (id, generation) values (1, 0)`.execute(db);
    for (const table of masterDataTables) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger if not exists ${sql.raw(`${table}_${event}_generation`)}
          after ${sql.raw(event)} on ${sql.table(table)} begin
            update master_data_generation set generation = generation + 1 where id = 1;
          end`.execute(db);
      }
    }
  },
};
