import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedTestDatabase } from '../../../test/test-database.js';
import { autocompleteByContains } from '../../features/items/items.repository.js';
import type { DatabaseHandle } from '../database.js';
import { generateLargeData, largeBinCode, largeItemBarcode, largeItemCode } from './large-data.js';

describe('large data generator', () => {
  let database: Awaited<ReturnType<typeof openMigratedTestDatabase>>;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await openMigratedTestDatabase();
    handle = database.handle;
  });
  afterAll(async () => database.close());

  it('fills items, bin locations and stock rows with deterministic codes, once', async () => {
    const result = await generateLargeData(handle, { items: 50, locations: 20, stock: 700 });
    expect(result).toMatchObject({ items: 50, locations: 20, stock: 700, skipped: false });
    const count = async (table: 'item' | 'bin_location' | 'stock') =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([await count('item'), await count('bin_location'), await count('stock')]).toEqual([50, 20, 700]);
    const item = await handle.db
      .selectFrom('item')
      .selectAll()
      .where('code_lower', '=', largeItemCode(7).toLowerCase())
      .executeTakeFirstOrThrow();
    expect(item.barcode3).toBe(largeItemBarcode(7, 3));
    const bin = await handle.db
      .selectFrom('bin_location')
      .select('id')
      .where('code', '=', largeBinCode(20))
      .executeTakeFirst();
    expect(bin).toBeDefined();
    // The contains search's trigram index (0006-search-index) covers the items inserted in bulk.
    const found = await autocompleteByContains(handle.db, handle.dialect, 'i000000', 20, []);
    expect(found.map((row) => row.code).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map(largeItemCode));
    if (handle.dialect === 'sqlite') {
      await sql`insert into item_search (item_search, rank) values ('integrity-check', 1)`.execute(handle.db);
    }
    expect((await generateLargeData(handle, { items: 50, locations: 20, stock: 700 })).skipped).toBe(true);
    // Ids continue after the explicit ones (the PostgreSQL sequences were moved on).
    const next = await handle.db
      .insertInto('warehouse')
      .values({ code: 'X', code_lower: 'x', visual_code: 'X', name: 'X', active: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(2);
  });
});
