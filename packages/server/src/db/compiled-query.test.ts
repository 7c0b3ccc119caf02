import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

  const nameOf = (db: typeof handle.db, code: string) =>
    runCompiled(
      db,
      'test.nameOf',
      (slot) => db.selectFrom('warehouse').select('name').where('code_lower', '=', slot(0)),
      [code],
    );

  it('runs straight on the connection inside a SQLite transaction, with the same answers as Kysely', async () => {
    await handle.db.transaction().execute(async (tx) => {
      const viaKysely = vi.spyOn(tx, 'executeQuery');
      const update = await runCompiled(
        tx,
        'test.rename',
        (slot) =>
          tx
            .updateTable('warehouse')
            .set({ name: slot(0) })
            .where('code_lower', '=', slot(1)),
        ['Renamed inside', 'b'],
      );
      expect(update.numAffectedRows).toBe(1n);
      expect((await nameOf(tx, 'b')).rows).toEqual([{ name: 'Renamed inside' }]);
      expect(viaKysely).not.toHaveBeenCalled();
    });
    expect((await nameOf(handle.db, 'b')).rows).toEqual([{ name: 'Renamed inside' }]);
  });

  it('outside a transaction waits for the open one instead of running inside it', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const open = handle.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('warehouse')
        .values({ code: 'C', code_lower: 'c', visual_code: 'C', name: 'Uncommitted', active: 1 })
        .execute();
      await gate;
      throw new Error('roll back');
    });
    await new Promise((resolve) => setImmediate(resolve));
    let seen: unknown;
    const reading = nameOf(handle.db, 'c').then((result) => (seen = result.rows));
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toBeUndefined();
    release();
    await expect(open).rejects.toThrow('roll back');
    expect(await reading).toEqual([]);
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
      'Renamed inside',
    );
    expect(rows).toEqual([{ code: 'B' }]);
  });
});
