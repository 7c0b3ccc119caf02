import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCompiled, runKeyLookup } from './compiled-query.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';

describe('queries compiled once', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openDatabase('sqlite::memory:');
    await migrateToLatest(handle);
    await handle.db
      .insertInto('warehouse')
      .values([
        { code: 'A', code_lower: 'a', visual_code: 'A', name: 'First', active: 1 },
        { code: 'B', code_lower: 'b', visual_code: 'B', name: 'Second', active: 0 },
      ])
      .execute();
  });
  afterAll(async () => handle.close());

  it('builds a name once, puts the arguments into its slots, keeps compiled-in values, and reuses it in transactions', async () => {
    let builds = 0;
    const find = (db: typeof handle.db, code: string) =>
      runCompiled(
        db,
        'test.warehouseByCode',
        (slot) => {
          builds++;
          return db
            .selectFrom('warehouse')
            .select(['code', 'name'])
            .where('code_lower', '=', slot(0))
            .where('active', '=', 1);
        },
        [code],
      );
    expect((await find(handle.db, 'a')).rows).toEqual([{ code: 'A', name: 'First' }]);
    // 'b' is inactive: the compiled-in active = 1 still applies.
    expect((await find(handle.db, 'b')).rows).toEqual([]);
    await handle.db.transaction().execute(async (tx) => {
      expect((await find(tx, 'a')).rows).toEqual([{ code: 'A', name: 'First' }]);
    });
    expect(builds).toBe(1);
  });

  it('compiles raw sql with the database, and answers updates with their affected rows', async () => {
    const raw = await runCompiled(
      handle.db,
      'test.raw',
      (slot) => sql<{ n: number }>`select ${slot(0)} + 1 as n`,
      [41],
    );
    expect(raw.rows).toEqual([{ n: 42 }]);
    const update = await runCompiled(
      handle.db,
      'test.rename',
      (slot) =>
        handle.db
          .updateTable('warehouse')
          .set({ name: slot(0) })
          .where('code_lower', '=', slot(1)),
      ['Renamed', 'b'],
    );
    expect(update.numAffectedRows).toBe(1n);
  });

  it('runKeyLookup puts the key into every slot', async () => {
    const rows = await runKeyLookup(
      handle.db,
      'test.codeOrName',
      (k) =>
        handle.db
          .selectFrom('warehouse')
          .select('code')
          .where((eb) => eb.or([eb('code_lower', '=', k), eb('name', '=', k)])),
      'Renamed',
    );
    expect(rows).toEqual([{ code: 'B' }]);
  });
});
