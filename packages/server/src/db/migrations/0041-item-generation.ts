import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';

/**
 * SQLite: a number that changes with every committed change of an item (features/items/
 * item-codes-cache.ts, decision 0197), raised by triggers inside the writing transaction as
 * master_data_generation is (migration 0010). Apart from that one, which every change of a bin
 * location raises too: a count save clears a location's counting flag, so a stocktake would clear
 * every kept item code many times a second. PostgreSQL keeps none (its item codes are not kept).
 */
export const itemGenerationMigration: VersionedMigration = {
  name: '0041-item-generation',
  async up(db, dialect) {
    if (dialect !== 'sqlite') return;
    await sql`create table item_generation (id integer primary key check (id = 1), generation integer not null)`.execute(
      db,
    );
    await sql`insert into item_generation (id, generation) values (1, 0)`.execute(db);
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`item_${event}_item_generation`)}
        after ${sql.raw(event)} on item begin
          update item_generation set generation = generation + 1 where id = 1;
        end`.execute(db);
    }
  },
};
