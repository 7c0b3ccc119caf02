import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedTestDatabase } from '../../../test/test-database.js';
import type { DatabaseHandle } from '../database.js';

/** The tables each foreign key of the stock ledger and of the stock rows refers to, sorted. */
async function referencedTables(handle: DatabaseHandle, table: 'stock' | 'stock_ledger'): Promise<string[]> {
  if (handle.dialect === 'postgres') {
    const { rows } = await sql<{ target: string }>`select confrelid::regclass::text as target from pg_constraint
      where contype = 'f' and conrelid = ${table}::regclass`.execute(handle.db);
    return rows.map((r) => r.target).sort();
  }
  const { rows } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(
    handle.db,
  );
  return rows.map((r) => r.table).sort();
}

describe('0011-ledger-without-foreign-keys', () => {
  let database: Awaited<ReturnType<typeof openMigratedTestDatabase>>;
  beforeAll(async () => {
    database = await openMigratedTestDatabase();
  });
  afterAll(async () => database.close());

  it('leaves the stock ledger without foreign keys on PostgreSQL only, and the stock rows with theirs', async () => {
    const { handle } = database;
    const withKeys = ['app_user', 'batch', 'bin_location', 'item', 'serial'];
    expect(await referencedTables(handle, 'stock_ledger')).toEqual(handle.dialect === 'postgres' ? [] : withKeys);
    expect(await referencedTables(handle, 'stock')).toEqual(['batch', 'bin_location', 'item', 'serial']);
  });
});
