import type { CountRequestsAnswer, CountSaveAnswer, CountStartAnswer } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBatch, makeBinLocation, makeItem, makeSerial, makeStock } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import {
  clientWith,
  counterOf,
  countingStateOf,
  expectCountInvariants,
  flaggedLocation,
  ledgerOfKey,
  newKey,
  ok,
  saveCall,
  setRecountThreshold,
  startCall,
  w2w,
} from './counting.test-helper.js';

/** /wall_to_wall on the server (PROCESSES.md 4.1, 4.2; decision 0189). */
describe('wall to wall counting', () => {
  let t: TestApp;
  let db: Db;
  let counter: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    counter = await clientWith(t, ['counting']);
  });
  afterAll(async () => t.close());

  it('posts a surplus and a missing batch as two lines of one COUNT_ADJUSTMENT, blind, once', async () => {
    const [normal, batched] = [await makeItem(db), await makeItem(db, { managedBy: 'BATCH_NUMBER' })];
    const [a, b] = [await makeBatch(db, { item: batched }), await makeBatch(db, { item: batched })];
    const location = await flaggedLocation(t, 'YES', [], { countingSortingCode: '000-FIRST' });
    await makeStock(db, { item: normal, location, onHand: 10 });
    await makeStock(db, { item: batched, location, batch: a, onHand: 5 });
    await makeStock(db, { item: batched, location, batch: b, onHand: 3 });
    const counterBefore = (await counterOf(db)) ?? 0;

    const requests = ok(await counter.get(`${w2w}/requests`)).json as CountRequestsAnswer;
    expect(requests.locations.find((l) => l.code === location.code)).toMatchObject({
      requiresCounting: 'YES',
      countingSortingCode: '000-FIRST',
      items: [],
      lockedBy: null,
    });
    const started = ok(await startCall(counter, location.code));
    expect(started.json as CountStartAnswer).toMatchObject({ scope: 'WHOLE_LOCATION', round: 1, items: [] });
    // Blind: nothing of the stock's quantities in what the counter sees.
    // (As JSON values: the lock's expiry time or a factory code may hold the digits themselves.)
    expect(started.text).not.toMatch(/onHand|quantity|:"?5"?[,}]|:"?10"?[,}]/);

    const body = {
      idempotencyKey: newKey(),
      location: location.code,
      lines: [
        { item: normal.code, quantity: 10 },
        { item: batched.code, batch: a.code, quantity: 4 },
        { item: batched.code, batch: a.code, quantity: 3 },
      ],
    };
    const saved = ok(await counter.post(`${w2w}/save`, body)).json as CountSaveAnswer;
    expect(saved).toEqual({
      location: location.code,
      outcome: 'POSTED',
      adjustedLines: 2,
      transferredSerials: [],
      recountRequest: null,
      round: 1,
      replayed: false,
    });
    const key = `w2w:${location.code}:1`;
    expect(await ledgerOfKey(db, key)).toEqual([
      expect.objectContaining({ transaction_type: 'COUNT_ADJUSTMENT', batch_id: a.id, quantity: 2_000 }),
      expect.objectContaining({ transaction_type: 'COUNT_ADJUSTMENT', batch_id: b.id, quantity: -3_000 }),
    ]);
    expect(await countingStateOf(db, location.id)).toEqual({ state: 'NO', items: [] });
    expect(await counterOf(db)).toBe(counterBefore - 1);
    const locks = await db
      .selectFrom('location_count_lock')
      .selectAll()
      .where('bin_location_id', '=', location.id)
      .execute();
    expect(locks).toEqual([]);

    // The replay answers the first answer and posts nothing again.
    const replay = ok(await counter.post(`${w2w}/save`, body)).json as CountSaveAnswer;
    expect(replay).toEqual({ ...saved, replayed: true });
    expect(await ledgerOfKey(db, key)).toHaveLength(2);
    const history = await db
      .selectFrom('location_count_line')
      .select(['item_id', 'batch_id', 'counted', 'on_hand', 'difference'])
      .where('bin_location_id', '=', location.id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => [h.batch_id, Number(h.counted), Number(h.on_hand), Number(h.difference)])).toEqual([
      [null, 10_000, 10_000, 0],
      [a.id, 7_000, 5_000, 2_000],
      [b.id, 0, 3_000, -3_000],
    ]);
    await expectCountInvariants(db, [normal.id, batched.id]);
  });

  it('takes the difference against the stock at save time, not at start', async () => {
    const item = await makeItem(db);
    const location = await flaggedLocation(t, 'YES');
    await makeStock(db, { item, location, onHand: 4 });
    ok(await startCall(counter, location.code));
    await makeStock(db, { item, location, onHand: 2 });
    const saved = ok(await saveCall(counter, { location: location.code, lines: [{ item: item.code, quantity: 6 }] }));
    expect((saved.json as CountSaveAnswer).outcome).toBe('NO_DIFFERENCE');
    expect(await ledgerOfKey(db, `w2w:${location.code}:1`)).toEqual([]);
    await expectCountInvariants(db, [item.id]);
  });

  it('sends a difference over the threshold to a recount and posts nothing', async () => {
    const item = await makeItem(db);
    const location = await flaggedLocation(t, 'YES');
    await makeStock(db, { item, location, onHand: 10 });
    await setRecountThreshold(t, { mode: 'PERCENT', value: 20 });
    try {
      // 10 -> 9 is 10 %: posted; 9 -> 5 is 44 %: a recount.
      ok(await saveCall(counter, { location: location.code, lines: [{ item: item.code, quantity: 9 }] }));
      await db.updateTable('bin_location').set({ requires_counting: 'YES' }).where('id', '=', location.id).execute();
      const ledgerBefore = await ledgerOfKey(db, `w2w:${location.code}:2`);
      const saved = ok(await saveCall(counter, { location: location.code, lines: [{ item: item.code, quantity: 5 }] }))
        .json as CountSaveAnswer;
      expect(saved).toMatchObject({ outcome: 'RECOUNT_REQUESTED', adjustedLines: 0, round: 2 });
      expect(saved.recountRequest).toMatch(/^RC-\d{6}$/);
      expect(ledgerBefore).toEqual([]);
      expect(await ledgerOfKey(db, `w2w:${location.code}:2`)).toEqual([]);
      expect(await countingStateOf(db, location.id)).toMatchObject({ state: 'YES' });
      const lines = await db
        .selectFrom('document_line as l')
        .innerJoin('document as d', 'd.id', 'l.document_id')
        .select(['d.type', 'd.status', 'l.quantity', 'l.from_bin_location_id', 'l.extras'])
        .where('d.code', '=', saved.recountRequest)
        .execute();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ type: 'RECOUNT_REQUEST', status: 'OPEN', from_bin_location_id: location.id });
      expect(Number(lines[0]!.quantity)).toBe(5_000);
      expect(JSON.parse(lines[0]!.extras ?? '{}')).toMatchObject({ firstCount: 5_000, round: 2 });
      await expectCountInvariants(db, [item.id]);
    } finally {
      await setRecountThreshold(t, { mode: 'NONE', value: 0 });
    }
  });

  it('counts only the listed items of a PARTIAL request and clears the list', async () => {
    const [listed, other] = [await makeItem(db), await makeItem(db)];
    const location = await flaggedLocation(t, 'PARTIAL', [listed.id]);
    await makeStock(db, { item: listed, location, onHand: 3 });
    await makeStock(db, { item: other, location, onHand: 8 });
    const started = ok(await startCall(counter, location.code)).json as CountStartAnswer;
    expect(started).toMatchObject({ scope: 'ITEMS', items: [{ code: listed.code }] });
    const before = await db
      .selectFrom('stock_ledger')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(
      errorOf(await saveCall(counter, { location: location.code, lines: [{ item: other.code, quantity: 8 }] })),
    ).toEqual({ status: 422, key: 'itemNotInCountRequest', args: { item: other.code, location: location.code } });
    const after = await db
      .selectFrom('stock_ledger')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
    // The other item is not in scope: its 8 stay although it was not counted.
    ok(await saveCall(counter, { location: location.code, lines: [{ item: listed.code, quantity: 1 }] }));
    expect((await ledgerOfKey(db, `w2w:${location.code}:1`)).map((r) => [r.item_id, r.quantity])).toEqual([
      [listed.id, -2_000],
    ]);
    expect(await countingStateOf(db, location.id)).toEqual({ state: 'NO', items: [] });
    await expectCountInvariants(db, [listed.id, other.id]);
  });

  it('asks to confirm missing serials and moves a serial found here from another location', async () => {
    const item = await makeItem(db, { managedBy: 'SERIAL_NUMBER' });
    const [s1, s2, s3] = [
      await makeSerial(db, { item }),
      await makeSerial(db, { item }),
      await makeSerial(db, { item }),
    ];
    const location = await flaggedLocation(t, 'YES');
    const elsewhere = await makeBinLocation(db);
    await makeStock(db, { item, location, serial: s1, onHand: 1 });
    await makeStock(db, { item, location, serial: s2, onHand: 1 });
    await makeStock(db, { item, location: elsewhere, serial: s3, onHand: 1 });
    const body = {
      idempotencyKey: newKey(),
      location: location.code,
      lines: [
        { item: item.code, serial: s1.code },
        { item: item.code, serial: s3.code },
      ],
    };
    expect(errorOf(await counter.post(`${w2w}/save`, body))).toEqual({
      status: 422,
      key: 'serialsMissingConfirm',
      args: { serials: [s2.code] },
    });
    expect(await countingStateOf(db, location.id)).toMatchObject({ state: 'YES' });
    const saved = ok(
      await counter.post(`${w2w}/save`, { ...body, idempotencyKey: newKey(), confirmMissingSerials: true }),
    ).json as CountSaveAnswer;
    expect(saved).toMatchObject({ outcome: 'POSTED', adjustedLines: 1, transferredSerials: [s3.code] });
    expect(
      (await ledgerOfKey(db, `w2w:${location.code}:1:transfer`)).map((r) => [r.bin_location_id, r.quantity]),
    ).toEqual([
      [elsewhere.id, -1_000],
      [location.id, 1_000],
    ]);
    expect((await ledgerOfKey(db, `w2w:${location.code}:1`)).map((r) => [r.serial_id, r.quantity])).toEqual([
      [s2.id, -1_000],
    ]);
    const here = await db.selectFrom('stock').select('serial_id').where('bin_location_id', '=', location.id).execute();
    expect(here.map((r) => r.serial_id).sort()).toEqual([s1.id, s3.id].sort());
    await expectCountInvariants(db, [item.id]);
  });

  it('confirms an empty location and refuses lines that name no stock key', async () => {
    const [item, batched] = [await makeItem(db), await makeItem(db, { managedBy: 'BATCH_NUMBER' })];
    const location = await flaggedLocation(t, 'YES');
    await makeStock(db, { item, location, onHand: 2 });
    const refusals = [
      [{ item: 'NO-SUCH-ITEM', quantity: 1 }, 404, 'unknownItemForCode'],
      [{ item: batched.code, quantity: 1 }, 422, 'batchRequired'],
      [{ item: batched.code, batch: 'NO-SUCH', quantity: 1 }, 422, 'unknownBatch'],
      [{ item: item.code, batch: 'X', quantity: 1 }, 422, 'batchOrSerialNotForItem'],
    ] as const;
    for (const [line, status, key] of refusals) {
      expect(errorOf(await saveCall(counter, { location: location.code, lines: [line] }))).toMatchObject({
        status,
        key,
      });
    }
    expect(await ledgerOfKey(db, `w2w:${location.code}:1`)).toEqual([]);
    ok(await saveCall(counter, { location: location.code, empty: true }));
    expect((await ledgerOfKey(db, `w2w:${location.code}:1`)).map((r) => r.quantity)).toEqual([-2_000]);
    expect(
      errorOf(
        await saveCall(counter, { location: location.code, empty: true, lines: [{ item: item.code, quantity: 1 }] }),
      ).status,
    ).toBe(400);
    await expectCountInvariants(db, [item.id]);
  });
});
