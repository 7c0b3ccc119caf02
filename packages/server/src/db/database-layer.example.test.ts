import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedTestDatabase } from '../../test/test-database.js';
import { runCompiled, sendCompiled } from './compiled-query.js';
import type { DbOrTx, DatabaseHandle } from './database.js';

/*
 * The example of docs/database-layer.md, run on both databases: the three ways to query.
 */

// 1. Plain Kysely: everything that is not on a hot path (admin screens, imports, reports).
export function warehousesByName(db: DbOrTx) {
  return db.selectFrom('warehouse').select(['code', 'name']).orderBy('name').execute();
}

// 2. runCompiled: a hot read, compiled once under its name; slot(i) marks where argument i goes.
export async function warehouseNameOf(db: DbOrTx, code: string): Promise<string | undefined> {
  const { rows } = await runCompiled(
    db,
    'example.warehouseName',
    (slot) => db.selectFrom('warehouse').select('name').where('code_lower', '=', slot(0)),
    [code.toLowerCase()],
  );
  return rows[0]?.name;
}

// 3. sendCompiled: a statement whose answer nobody reads (a lock, a write whose row count does
// not matter). On PostgreSQL inside a transaction it goes out with the next statement awaited.
export async function renameWarehouse(tx: DbOrTx, code: string, name: string): Promise<void> {
  await sendCompiled(
    tx,
    'example.renameWarehouse',
    (slot) =>
      tx
        .updateTable('warehouse')
        .set({ name: slot(0) })
        .where('code_lower', '=', slot(1)),
    [name, code.toLowerCase()],
  );
}

describe('the database layer example (docs/database-layer.md)', () => {
  let database: Awaited<ReturnType<typeof openMigratedTestDatabase>>;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await openMigratedTestDatabase();
    handle = database.handle;
    await handle.db
      .insertInto('warehouse')
      .values([
        { code: 'EX1', code_lower: 'ex1', visual_code: 'EX1', name: 'Example one', active: 1 },
        { code: 'EX2', code_lower: 'ex2', visual_code: 'EX2', name: 'Example two', active: 1 },
      ])
      .execute();
  });
  afterAll(async () => database.close());

  it('reads with plain Kysely and with a compiled query, in and out of a transaction', async () => {
    expect((await warehousesByName(handle.db)).filter((w) => w.code.startsWith('EX'))).toEqual([
      { code: 'EX1', name: 'Example one' },
      { code: 'EX2', name: 'Example two' },
    ]);
    expect(await warehouseNameOf(handle.db, 'ex1')).toBe('Example one');
    expect(await handle.db.transaction().execute((tx) => warehouseNameOf(tx, 'EX2'))).toBe('Example two');
  });

  it('sends a write unread; the next statement awaited in the transaction sees it, and it commits', async () => {
    const seen = await handle.db.transaction().execute(async (tx) => {
      await renameWarehouse(tx, 'EX1', 'Renamed');
      return warehouseNameOf(tx, 'EX1');
    });
    expect(seen).toBe('Renamed');
    expect(await warehouseNameOf(handle.db, 'EX1')).toBe('Renamed');
  });

  it('a sent statement that fails fails the transaction at the next statement, and nothing is written', async () => {
    const failing = handle.db.transaction().execute(async (tx) => {
      await renameWarehouse(tx, 'EX2', 'Never');
      await sendCompiled(tx, 'example.failing', () => sql`select 1 / (select count(*) - count(*) from warehouse)`, []);
      await warehouseNameOf(tx, 'EX2');
    });
    // SQLite divides by zero to null; PostgreSQL refuses it.
    if (handle.dialect === 'postgres') await expect(failing).rejects.toThrow(/division by zero/);
    else await failing;
    expect(await warehouseNameOf(handle.db, 'EX2')).toBe(handle.dialect === 'postgres' ? 'Example two' : 'Never');
  });
});
