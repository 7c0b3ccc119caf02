import type { BatchExpiryAnswer, BatchExpiryRequest } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBatch, makeItem, uniqueCode } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { newKey, wholeState } from '../stock-transfer/stock-transfer.test-helper.js';

const path = '/api/v1/stock_corrections/batch_expiry';

/** POST batch_expiry: the expiry-only fix of a batch, logged with old and new values (decision 0190). */
describe('batch expiry correction', () => {
  let t: TestApp;
  let db: Db;
  let corrector: HttpClient;
  let outsider: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    [corrector, outsider] = await Promise.all([signIn(t, 'manager'), signIn(t, 'translator')]);
  });
  afterAll(async () => t.close());

  async function batchOf(scanExpirationDate = false) {
    const item = await makeItem(db, { managedBy: 'BATCH_NUMBER', scanExpirationDate });
    const batch = await makeBatch(db, { item, code: uniqueCode('E-'), expirationDate: '2027-03-01' });
    return { item, batch };
  }
  const body = (
    s: Awaited<ReturnType<typeof batchOf>>,
    extra: Partial<BatchExpiryRequest> = {},
  ): BatchExpiryRequest => ({
    idempotencyKey: newKey('expiry'),
    item: s.item.code,
    batch: s.batch.code,
    expiry: '2027-09-30',
    reason: 'WRONG_DATE_ENTERED',
    ...extra,
  });
  const expiryOf = async (id: number) =>
    (await db.selectFrom('batch').select('expiration_date').where('id', '=', id).executeTakeFirstOrThrow())
      .expiration_date;

  it('changes the expiry and logs the old and the new value; a replay changes nothing again', async () => {
    const s = await batchOf();
    const request = body(s);
    const answer = await corrector.post(path, request);
    expect(answer.status).toBe(200);
    const json = answer.json as BatchExpiryAnswer;
    expect(json).toMatchObject({
      item: s.item.code,
      batch: s.batch.code,
      oldExpiry: '2027-03-01',
      newExpiry: '2027-09-30',
      reason: 'WRONG_DATE_ENTERED',
      username: 'manager',
      replayed: false,
    });
    expect(await expiryOf(s.batch.id)).toBe('2027-09-30');
    const log = await db
      .selectFrom('batch_correction')
      .selectAll()
      .where('code', '=', json.code)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      kind: 'EXPIRY',
      batch_id: s.batch.id,
      old_expiry: '2027-03-01',
      new_expiry: '2027-09-30',
    });
    const after = await wholeState(db);
    const replay = await corrector.post(path, request);
    expect(replay.json).toEqual({ ...json, replayed: true });
    expect(await wholeState(db)).toEqual(after);
    expect(
      await db.selectFrom('batch_correction').select('id').where('batch_id', '=', s.batch.id).execute(),
    ).toHaveLength(1);
  });

  it('refuses bad input and a caller without stockCorrections, changing nothing', async () => {
    const s = await batchOf(true);
    const cases: [Partial<BatchExpiryRequest>, number, string][] = [
      [{ item: 'NO-SUCH-ITEM' }, 404, 'unknownItemForCode'],
      [{ batch: 'NO-SUCH-BATCH' }, 404, 'unknownBatch'],
      [{ expiry: '2027-03-01' }, 422, 'batchExpiryUnchanged'],
      [{ expiry: null }, 422, 'expirationDateRequired'],
      [{ expiry: '2027-02-30' }, 400, 'invalidInput'],
    ];
    for (const [change, status, key] of cases) {
      const refused = errorOf(await corrector.post(path, body(s, change)));
      expect({ status: refused.status, key: refused.key }).toEqual({ status, key });
    }
    expect(errorOf(await outsider.post(path, body(s))).status).toBe(403);
    expect(await expiryOf(s.batch.id)).toBe('2027-03-01');
    expect(
      await db.selectFrom('batch_correction').select('id').where('batch_id', '=', s.batch.id).execute(),
    ).toHaveLength(0);
  });
});
