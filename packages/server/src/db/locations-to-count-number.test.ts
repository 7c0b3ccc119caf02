import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { makeBinLocation } from '../../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { countLocationsToCount } from '../features/bin-locations/bin-locations.repository.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrationSteps } from './migration-steps.test-helper.js';

/**
 * Migration 0043 (decision 0198): the number of locations that need counting, kept by SQLite's
 * triggers through every kind of change (counted on PostgreSQL), starting from the locations
 * flagged before the migration.
 */
describe('the number of locations to count (migration 0043)', () => {
  let database: TestDatabase | undefined;
  let handle: DatabaseHandle | undefined;
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('equals the flagged locations after inserts, flag changes and deletes', async () => {
    database = await createTestDatabase();
    handle = openDatabase(database.url);
    const { db } = handle;
    const steps = migrationSteps(handle, '0043-locations-to-count-number');
    await steps.before();
    const flag = (id: number, state: string) =>
      db.updateTable('bin_location').set({ requires_counting: state }).where('id', '=', id).execute();
    const before = [await makeBinLocation(db), await makeBinLocation(db), await makeBinLocation(db)];
    await flag(before[0]!.id, 'YES');
    await flag(before[1]!.id, 'PARTIAL');
    await steps.from();

    const counted = async () =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from bin_location where requires_counting <> 'NO'`.execute(db))
          .rows[0]?.n,
      );
    const expectKept = async (expected: number) => {
      expect(await counted()).toBe(expected);
      expect(await countLocationsToCount(db)).toBe(expected);
    };
    await expectKept(2);
    const added = await makeBinLocation(db);
    await expectKept(2);
    await flag(added.id, 'YES');
    await expectKept(3);
    await flag(added.id, 'PARTIAL');
    await expectKept(3);
    await flag(before[0]!.id, 'NO');
    await expectKept(2);
    await db
      .updateTable('bin_location')
      .set({ requires_counting: 'YES' })
      .where(
        'id',
        'in',
        before.map((l) => l.id),
      )
      .execute();
    await expectKept(4);
    await db.deleteFrom('bin_location').where('id', '=', before[2]!.id).execute();
    await expectKept(3);
    await db.deleteFrom('bin_location').where('id', '=', before[0]!.id).execute();
    await expectKept(2);
  });
});
