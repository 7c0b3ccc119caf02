import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedTestDatabase } from '../../test/test-database.js';
import { runCompiled, sendCompiled } from './compiled-query.js';
import type { Db, DatabaseHandle } from './database.js';

describe.runIf(process.env.WMS_TEST_DATABASE === 'postgres')(
  'PostgreSQL: prepared statements and pipelined transactions (pg-pool.ts)',
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

    const warehouseCodes = (db: Db) =>
      db
        .selectFrom('warehouse')
        .select('code')
        .orderBy('code')
        .execute()
        .then((rows) => rows.map((r) => r.code));
    const insertWarehouse = (db: Db, code: string) =>
      db
        .insertInto('warehouse')
        .values({ code, code_lower: code.toLowerCase(), visual_code: code, name: code, active: 1 })
        .execute();
    /** A held insert of a warehouse (its answer is not read): fails when the code exists. */
    const sendWarehouse = async (tx: Db, code: string) => {
      await sendCompiled(
        tx,
        'test.sendWarehouse',
        (slot) =>
          tx
            .insertInto('warehouse')
            .values({ code: slot(0), code_lower: slot(1), visual_code: slot(0), name: slot(0), active: 1 }),
        [code, code.toLowerCase()],
      );
    };
    const findWarehouse = (tx: Db, code: string) =>
      runCompiled(
        tx,
        'test.findWarehouse',
        (slot) => tx.selectFrom('warehouse').select('code').where('code_lower', '=', slot(0)),
        [code.toLowerCase()],
      ).then((r) => r.rows);

    it('writes a held lock before the read sent with it, and the read sees what was committed while it waited', async () => {
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select pg_advisory_xact_lock(4242)');
        await other.query(
          `insert into warehouse (code, code_lower, visual_code, name, active) values ('LATE', 'late', 'LATE', 'Late', 1)`,
        );
        let committedAt = 0;
        const commitLater = new Promise<void>((resolve) =>
          setTimeout(() => {
            committedAt = Date.now();
            void other.query('commit').then(() => resolve());
          }, 150),
        );
        const seen = await handle.db.transaction().execute(async (tx) => {
          await sendCompiled(tx, 'test.lock', (slot) => sql`select pg_advisory_xact_lock(${slot(0)})`, [4242]);
          const rows = await findWarehouse(tx, 'LATE');
          return { rows, at: Date.now() };
        });
        await commitLater;
        expect(seen.at).toBeGreaterThanOrEqual(committedAt);
        expect(seen.rows).toEqual([{ code: 'LATE' }]);
      } finally {
        await other.end();
      }
    });

    it("throws a held statement's error from the next statement awaited and commits nothing", async () => {
      const attempt = handle.db.transaction().execute(async (tx) => {
        await insertWarehouse(tx, 'FIRST1');
        await sendWarehouse(tx, 'P'); // exists: a unique violation
        await findWarehouse(tx, 'FIRST1');
        return 'not reached';
      });
      await expect(attempt).rejects.toMatchObject({ code: '23505' });
      expect(await warehouseCodes(handle.db)).not.toContain('FIRST1');
    });

    it('sends held statements with the COMMIT: written when they succeed, and commit throws when one fails', async () => {
      await handle.db.transaction().execute(async (tx) => {
        await sendWarehouse(tx, 'HELD1'); // only held statements, then COMMIT
      });
      expect(await warehouseCodes(handle.db)).toContain('HELD1');

      const attempt = handle.db.transaction().execute(async (tx) => {
        await insertWarehouse(tx, 'FIRST2');
        await sendWarehouse(tx, 'HELD1'); // exists now
      });
      await expect(attempt).rejects.toMatchObject({ code: '23505' });
      expect(await warehouseCodes(handle.db)).not.toContain('FIRST2');
    });

    it('drops held statements on rollback, also before anything went out, and the connection works on', async () => {
      const failing = (work: (tx: Db) => Promise<void>) =>
        handle.db.transaction().execute(async (tx) => {
          await work(tx);
          throw new Error('refused');
        });
      await expect(failing((tx) => sendWarehouse(tx, 'DROP1'))).rejects.toThrow('refused');
      await expect(failing(async () => undefined)).rejects.toThrow('refused');
      await expect(
        failing(async (tx) => {
          await findWarehouse(tx, 'P');
          await sendWarehouse(tx, 'DROP2');
        }),
      ).rejects.toThrow('refused');
      await handle.db.transaction().execute(async () => undefined); // an empty transaction
      const codes = await warehouseCodes(handle.db);
      expect(codes).not.toContain('DROP1');
      expect(codes).not.toContain('DROP2');
      // Every pooled connection is still usable, in and out of transactions.
      const found = await Promise.all(
        Array.from({ length: 12 }, () => handle.db.transaction().execute((tx) => findWarehouse(tx, 'P'))),
      );
      expect(found.every((rows) => rows.length === 1)).toBe(true);
    });

    it('holds back only sendCompiled statements: a plain query of the same SQL gets its real answer', async () => {
      const select = (db: Db) => db.selectFrom('warehouse').select('name').where('code_lower', '=', 'p');
      await handle.db.transaction().execute(async (tx) => {
        await sendCompiled(tx, 'test.sentSelect', () => select(tx), []);
        // Kysely compiles the same text; without the mark it would be held and answer no rows.
        expect(await select(tx).execute()).toEqual([{ name: 'Prepared' }]);
        expect((await runCompiled(tx, 'test.readSelect', () => select(tx), [])).rows).toEqual([{ name: 'Prepared' }]);
      });
    });

    it('refuses a query sent unread and then read, so a caller never gets an empty answer by mistake', async () => {
      await expect(
        runCompiled(handle.db, 'test.sendWarehouse', () => handle.db.selectFrom('warehouse').select('code'), []),
      ).rejects.toThrow('read and sent unread');
    });
  },
);
