import fc from 'fast-check';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { newItemRow } from '../../features/items/item-rows.js';
import { autocompleteByContains } from '../../features/items/items.repository.js';
import { openDatabase, type DatabaseHandle } from '../database.js';
import { migrateToLatest, migrations } from '../migrate.js';
import { searchIndexMigration } from './0006-search-index.js';

const at = '2025-01-01T00:00:00.000Z';

/** Every item id whose search_text contains the lower-cased text: what the LIKE scan answered before the index. */
async function expectedIds(handle: DatabaseHandle, text: string): Promise<number[]> {
  const rows = await handle.db.selectFrom('item').select(['id', 'search_text']).execute();
  return rows
    .filter((row) => row.search_text.includes(text))
    .map((row) => row.id)
    .sort((a, b) => a - b);
}

async function foundIds(handle: DatabaseHandle, text: string, limit = 1000, excludeIds: number[] = []) {
  const rows = await autocompleteByContains(handle.db, handle.dialect, text, limit, excludeIds);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

function insertItem(handle: DatabaseHandle, code: string, name: string, barcodes: (string | null)[] = []) {
  return handle.db
    .insertInto('item')
    .values(newItemRow({ code, name, barcodes }, at))
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('migration 0006: the trigram index of the item contains search', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    handle = openDatabase(database.url);
    // An existing installation: every migration before this one, and items already there.
    const provider = {
      getMigrations: () =>
        Promise.resolve(
          Object.fromEntries(
            migrations.map((m): [string, Migration] => [m.name, { up: (db) => m.up(db, handle.dialect) }]),
          ),
        ),
    };
    const before = migrations[migrations.indexOf(searchIndexMigration) - 1];
    if (!before) throw new Error('0006-search-index has no migration before it');
    const migrator = new Migrator({ db: handle.db, provider, migrationTableName: 'schema_migration' });
    const { error } = await migrator.migrateTo(before.name);
    if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it('indexes the items already in the database when it runs', async () => {
    await insertItem(handle, 'OLD-PART-1', 'Existing gasket 40 mm', ['4001234567890', null, null]);
    await insertItem(handle, 'OLD-PART-2', 'Existing valve', []);
    // 0006 and whatever came after it run now; the ones before it ran in beforeAll.
    const from0006 = migrations.slice(migrations.indexOf(searchIndexMigration)).map((migration) => migration.name);
    expect(await migrateToLatest(handle)).toEqual(from0006);

    expect(await foundIds(handle, 'gasket')).toEqual(await expectedIds(handle, 'gasket'));
    expect(await foundIds(handle, 'existing')).toHaveLength(2);
    expect(await foundIds(handle, '1234567')).toHaveLength(1);
    if (handle.dialect === 'sqlite') {
      const { rows } = await sql<{
        n: number;
      }>`select count(*) as n from item_search where item_search match '"existing"'`.execute(handle.db);
      expect(rows[0]?.n).toBe(2);
      // The index agrees with its content table.
      await sql`insert into item_search (item_search, rank) values ('integrity-check', 1)`.execute(handle.db);
    } else {
      const { rows } = await sql<{
        indexname: string;
      }>`select indexname from pg_indexes where tablename = 'item' and indexname = 'item_search_text_trgm_idx'`.execute(
        handle.db,
      );
      expect(rows).toHaveLength(1);
    }
  });

  it('follows inserts, updates of the search text and deletes', async () => {
    const { id } = await insertItem(handle, 'NEW-PART-1', 'Brand-new sprocket', ['ZX-555-01', null, null]);
    expect(await foundIds(handle, 'sprocket')).toEqual([id]);
    await handle.db
      .updateTable('item')
      .set({ name: 'Renamed flange', search_text: 'new-part-1\u0001renamed flange\u0001zx-555-01' })
      .where('id', '=', id)
      .execute();
    expect(await foundIds(handle, 'sprocket')).toEqual([]);
    expect(await foundIds(handle, 'flange')).toEqual([id]);
    // An update that leaves the search text alone leaves the index alone.
    await handle.db.updateTable('item').set({ units: 'pcs' }).where('id', '=', id).execute();
    expect(await foundIds(handle, 'flange')).toEqual([id]);
    await handle.db.deleteFrom('item').where('id', '=', id).execute();
    expect(await foundIds(handle, 'flange')).toEqual([]);
    expect(await foundIds(handle, 'zx-555')).toEqual([]);
    if (handle.dialect === 'sqlite') {
      await sql`insert into item_search (item_search, rank) values ('integrity-check', 1)`.execute(handle.db);
    }
  });

  it('answers exactly what the contains scan answers, for any text with special characters', async () => {
    const words = ['50%', '100_000', 'say "hi"', "o'clock", 'a*b', 'x-y', 'NEAR', 'AND', 'OR', 'NOT', '^start'];
    const more = ['(x)', 'col:on', 'back\\slash', 'Ärger', 'straße', 'İstanbul', 'emoji 🙂 ok', 'tab\tin'];
    const parts = [...words, ...more];
    for (const [index, part] of parts.entries()) {
      await insertItem(handle, `SP-${index}`, `Special ${part} end`, [`${part}-${index}`, null, null]);
    }
    const texts = [
      '%',
      '_',
      '50%',
      '0_0',
      '"',
      '"hi"',
      "'",
      "o'c",
      '*',
      'a*b',
      '-',
      'x-y',
      'near',
      'and',
      'or',
      'not',
      '^',
      '^st',
      '(x)',
      ':',
      'col:',
      '\\',
      'k\\s',
      'är',
      'ärger',
      'straße',
      'İstanbul',
      '🙂',
      '🙂 ok',
      'y 🙂',
      '\t',
      'b\tin',
      'a',
      'sp',
      'p-',
      '\u0001',
      'end\u0001',
    ].map((text) => text.toLowerCase());
    for (const text of texts) {
      expect({ text, ids: await foundIds(handle, text) }).toEqual({ text, ids: await expectedIds(handle, text) });
    }
  });

  it('answers exactly what the contains scan answers for substrings of the stored texts (property)', async () => {
    const rows = await handle.db.selectFrom('item').select('search_text').execute();
    const corpus = rows.map((row) => row.search_text);
    const substring = fc
      .tuple(fc.nat({ max: corpus.length - 1 }), fc.nat({ max: 200 }), fc.integer({ min: 1, max: 8 }))
      .map(([row, start, length]) => {
        const chars = [...(corpus[row] ?? '')];
        const from = start % chars.length;
        return chars.slice(from, from + length).join('');
      });
    const anyText = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }).map((text) => text.toLowerCase());
    await fc.assert(
      fc.asyncProperty(fc.oneof(substring, anyText), async (text) => {
        expect(await foundIds(handle, text)).toEqual(await expectedIds(handle, text));
      }),
      { numRuns: 150 },
    );
  });

  it.runIf(process.env.WMS_TEST_DATABASE === 'postgres')(
    'PostgreSQL: goes on without the index, with a warning, when pg_trgm may not be created',
    async () => {
      const role = `wms_no_ext_${Date.now()}`;
      const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
      try {
        await sql`create role ${sql.id(role)} nologin`.execute(handle.db);
        await handle.db.connection().execute(async (connection) => {
          await sql`begin`.execute(connection);
          try {
            await sql`drop extension pg_trgm cascade`.execute(connection);
            await sql`set local role ${sql.id(role)}`.execute(connection);
            await searchIndexMigration.up(connection as unknown as Kysely<unknown>, 'postgres');
            // The transaction is still usable, and the search still answers right.
            await sql`reset role`.execute(connection);
            const { rows } = await sql<{
              n: number;
            }>`select count(*)::int as n from pg_indexes where indexname = 'item_search_text_trgm_idx'`.execute(
              connection,
            );
            expect(rows[0]?.n).toBe(0);
            expect(await autocompleteByContains(connection, 'postgres', 'gasket', 20, [])).toHaveLength(1);
          } finally {
            await sql`rollback`.execute(connection);
          }
        });
        expect(warn).toHaveBeenCalledWith(expect.stringContaining('pg_trgm unavailable'));
        expect(await foundIds(handle, 'gasket')).toHaveLength(1);
      } finally {
        warn.mockRestore();
        await sql`drop role if exists ${sql.id(role)}`.execute(handle.db);
      }
    },
  );

  it('keeps the limit and leaves out the excluded ids', async () => {
    const all = await expectedIds(handle, 'special');
    expect(all.length).toBeGreaterThan(10);
    const some = await foundIds(handle, 'special', 5);
    expect(some).toHaveLength(5);
    expect(all).toEqual(expect.arrayContaining(some));
    const rest = await foundIds(handle, 'special', 1000, all.slice(0, 3));
    expect(rest).toEqual(all.slice(3));
    const shortRest = await foundIds(handle, 'sp', 1000, all.slice(0, 3));
    expect(shortRest).toEqual((await expectedIds(handle, 'sp')).filter((id) => !all.slice(0, 3).includes(id)));
  });
});
