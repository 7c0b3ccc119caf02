import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';

/**
 * SQLite: the number of locations that need counting (requiresCounting YES or PARTIAL), kept by
 * triggers in the transaction of every change of a location (decision 0198). The /wall_to_wall
 * counter read it by counting the partial index of migration 0038 after every count save: in a
 * stocktake 20,000 entries, 150-180 us, about a hundred times a second. Now it reads one row.
 * PostgreSQL keeps counting: one row updated by every save would make concurrent saves wait for
 * each other's commit.
 */
export const locationsToCountNumberMigration: VersionedMigration = {
  name: '0043-locations-to-count-number',
  async up(db, dialect) {
    if (dialect !== 'sqlite') return;
    await sql`create table locations_to_count (id integer primary key check (id = 1), n integer not null)`.execute(db);
    await sql`insert into locations_to_count (id, n)
      select 1, count(*) from bin_location where requires_counting <> 'NO'`.execute(db);
    await sql`create trigger bin_location_insert_to_count
      after insert on bin_location when new.requires_counting <> 'NO' begin
        update locations_to_count set n = n + 1 where id = 1;
      end`.execute(db);
    await sql`create trigger bin_location_delete_to_count
      after delete on bin_location when old.requires_counting <> 'NO' begin
        update locations_to_count set n = n - 1 where id = 1;
      end`.execute(db);
    await sql`create trigger bin_location_update_to_count
      after update of requires_counting on bin_location
      when (old.requires_counting <> 'NO') <> (new.requires_counting <> 'NO') begin
        update locations_to_count
          set n = n + (new.requires_counting <> 'NO') - (old.requires_counting <> 'NO') where id = 1;
      end`.execute(db);
  },
};
