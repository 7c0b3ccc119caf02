import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedTestDatabase } from '../../test/test-database.js';
import { runCompiled } from './compiled-query.js';
import type { DatabaseHandle } from './database.js';

describe.runIf(process.env.WMS_TEST_DATABASE === 'postgres')(
  'PostgreSQL: compiled queries as prepared statements',
  () => {
    let database: Awaited<ReturnType<typeof openMigratedTestDatabase>>;
    let handle: DatabaseHandle;
    beforeAll(async () => {
      database = await openMigratedTestDatabase();
      handle = database.handle;
      await handle.db
        .insertInto('warehouse')
        .values({ code: 'P', code_lower: 'p', visual_code: 'P', name: 'Prepared', active: 1 })
        .execute();
    });
    afterAll(async () => database.close());

    const prepared = (db: typeof handle.db) =>
      sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`
        .execute(db)
        .then((r) => r.rows);

    it('runs a compiled query as a named statement on its connection, and other queries unnamed', async () => {
      await handle.db.transaction().execute(async (tx) => {
        const find = () =>
          runCompiled(
            tx,
            'test.preparedWarehouse',
            (slot) => tx.selectFrom('warehouse').select('name').where('code_lower', '=', slot(0)),
            ['p'],
          );
        expect((await find()).rows).toEqual([{ name: 'Prepared' }]);
        expect((await find()).rows).toEqual([{ name: 'Prepared' }]);
        const statements = await prepared(tx);
        const ours = statements.filter((s) => s.statement.includes('"warehouse"'));
        expect(ours).toHaveLength(1);
        expect(ours[0]?.name).toMatch(/^wms_\d+$/);
        expect(statements.some((s) => s.statement.includes('pg_prepared_statements'))).toBe(false);
      });
    });

    it('answers the same on every connection of the pool', async () => {
      const names = await Promise.all(
        Array.from({ length: 4 }, () =>
          handle.db.transaction().execute(async (tx) => {
            const { rows } = await runCompiled(
              tx,
              'test.preparedWarehouse',
              (slot) => tx.selectFrom('warehouse').select('name').where('code_lower', '=', slot(0)),
              ['p'],
            );
            await sql`select pg_sleep(0.05)`.execute(tx);
            return rows[0]?.name;
          }),
        ),
      );
      expect(names).toEqual(['Prepared', 'Prepared', 'Prepared', 'Prepared']);
    });
  },
);
