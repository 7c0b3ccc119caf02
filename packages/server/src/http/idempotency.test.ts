import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { runIdempotent } from './idempotency.js';

describe('runIdempotent', () => {
  let t: TestApp;
  /** Adds one to the test counter inside the transaction and answers the new value. */
  const increment = async (tx: Parameters<Parameters<typeof runIdempotent>[2]>[0]) => {
    await sql`update idempotency_test_counter set n = n + 1`.execute(tx);
    const { rows } = await sql<{ n: number }>`select n from idempotency_test_counter`.execute(tx);
    return { value: Number(rows[0]!.n) };
  };
  const counter = async () =>
    Number((await sql<{ n: number }>`select n from idempotency_test_counter`.execute(t.app.ctx.db)).rows[0]!.n);

  beforeAll(async () => {
    t = await buildTestApp({ DEMO_DATA: 'false' });
    await sql`create table idempotency_test_counter (n integer not null)`.execute(t.app.ctx.db);
    await sql`insert into idempotency_test_counter (n) values (0)`.execute(t.app.ctx.db);
  });
  afterAll(async () => t.close());

  // pipelinedClaim changes how the key is claimed on PostgreSQL only; every case holds in both.
  describe.each([false, true])('with pipelinedClaim %s', (pipelinedClaim) => {
    const mode = pipelinedClaim ? 'pipelined' : 'awaited';
    it('applies the same key once and answers the same', async () => {
      const before = await counter();
      const options = {
        pipelinedClaim,
        scope: 'test',
        key: `${mode}-same-key-0001`,
        userId: 7,
        request: { add: 1 },
        status: 201,
      };
      const first = await runIdempotent(t.app.ctx.db, options, increment);
      const second = await runIdempotent(t.app.ctx.db, options, increment);
      expect(first).toEqual({ status: 201, body: { value: before + 1 }, replayed: false });
      expect(second).toEqual({ status: 201, body: { value: before + 1 }, replayed: true });
      expect(await counter()).toBe(before + 1);
    });

    it('runs concurrent duplicates once', async () => {
      const before = await counter();
      const options = {
        pipelinedClaim,
        scope: 'test',
        key: `${mode}-concurrent-0001`,
        userId: null,
        request: { add: 1 },
      };
      const answers = await Promise.all([1, 2, 3].map(() => runIdempotent(t.app.ctx.db, options, increment)));
      expect(new Set(answers.map((a) => a.body.value)).size).toBe(1);
      expect(await counter()).toBe(before + 1);
    });

    it('refuses the same key with another request or another user', async () => {
      const options = { pipelinedClaim, scope: 'test', key: `${mode}-conflict-0001`, userId: 1, request: { add: 1 } };
      await runIdempotent(t.app.ctx.db, options, increment);
      const before = await counter();
      await expect(runIdempotent(t.app.ctx.db, { ...options, request: { add: 2 } }, increment)).rejects.toMatchObject({
        status: 422,
        key: 'idempotencyKeyConflict',
      });
      await expect(runIdempotent(t.app.ctx.db, { ...options, userId: 2 }, increment)).rejects.toMatchObject({
        status: 422,
      });
      expect(await counter()).toBe(before);
    });

    it('lets a failed attempt be retried with the same key', async () => {
      const before = await counter();
      const options = { pipelinedClaim, scope: 'test', key: `${mode}-failing-0001`, userId: null, request: { add: 1 } };
      await expect(
        runIdempotent(t.app.ctx.db, options, async (tx) => {
          await increment(tx);
          throw new Error('lost connection to the printer');
        }),
      ).rejects.toThrow('lost connection');
      expect(await counter()).toBe(before);
      const retried = await runIdempotent(t.app.ctx.db, options, increment);
      expect(retried.replayed).toBe(false);
      expect(await counter()).toBe(before + 1);
    });

    it('keeps keys of different scopes apart, and runs every call without a key', async () => {
      const before = await counter();
      await runIdempotent(
        t.app.ctx.db,
        { pipelinedClaim, scope: 'other', key: `${mode}-same-key-0001`, userId: 7, request: { add: 1 } },
        increment,
      );
      await runIdempotent(
        t.app.ctx.db,
        { pipelinedClaim, scope: 'test', key: undefined, userId: 7, request: {} },
        increment,
      );
      await runIdempotent(
        t.app.ctx.db,
        { pipelinedClaim, scope: 'test', key: undefined, userId: 7, request: {} },
        increment,
      );
      expect(await counter()).toBe(before + 3);
    });
  });
});
