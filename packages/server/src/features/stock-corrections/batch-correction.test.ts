import { toThousandths, type BatchCorrectionAnswer, type BatchCorrectionRequest } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeBatch,
  makeBinLocation,
  makeDocument,
  makeItem,
  makeStock,
  uniqueCode,
  type BinLocation,
  type Item,
} from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { expectStockInvariants } from '../../../test/stock-invariants.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { newKey, wholeState } from '../stock-transfer/stock-transfer.test-helper.js';

const path = '/api/v1/stock_corrections/batch_correction';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** POST batch_correction (PROCESSES.md 4.5; decision 0190), on SQLite and PostgreSQL. */
describe('batch correction', () => {
  let t: TestApp;
  let db: Db;
  let corrector: HttpClient;
  let outsider: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    // The demo manager holds stockCorrections; the demo translator does not.
    [corrector, outsider] = await Promise.all([signIn(t, 'manager'), signIn(t, 'translator')]);
  });
  afterAll(async () => t.close());

  /** A batch item with `onHand` of batch A at a location (buckets as given). */
  async function scene(
    stock: { onHand?: number; released?: number; qcPending?: number; aQcApproved?: boolean } = {},
    item: { scanExpirationDate?: boolean } = {},
  ) {
    const made = await makeItem(db, { managedBy: 'BATCH_NUMBER', ...item });
    const location = await makeBinLocation(db);
    const a = await makeBatch(db, {
      item: made,
      code: uniqueCode('A-'),
      expirationDate: inDays(300),
      qcApproved: stock.aQcApproved ?? true,
    });
    await makeStock(db, {
      item: made,
      location,
      batch: a,
      onHand: stock.onHand ?? 30,
      released: stock.released ?? 0,
      qcPending: stock.qcPending ?? 0,
    });
    return { item: made, location, a };
  }

  const request = (
    s: { item: Item; location: BinLocation; a: { code: string } },
    extra: Partial<BatchCorrectionRequest> = {},
  ): BatchCorrectionRequest => ({
    idempotencyKey: newKey('correction'),
    location: s.location.code,
    item: s.item.code,
    fromBatch: s.a.code,
    toBatch: uniqueCode('B-'),
    toBatchExpiry: inDays(400),
    quantity: 12,
    reason: 'WRONG_BATCH_RECEIVED',
    ...extra,
  });

  const correct = (body: BatchCorrectionRequest, client = corrector) => client.post(path, body);

  async function rowsOf(itemId: number) {
    const rows = await db
      .selectFrom('stock as s')
      .innerJoin('batch as b', 'b.id', 's.batch_id')
      .select(['b.code', 's.bin_location_id', 's.on_hand_qty', 's.released_qty', 's.pick_qty', 's.qc_pending_qty'])
      .where('s.item_id', '=', itemId)
      .orderBy('b.code')
      .execute();
    return Object.fromEntries(
      rows.map((r) => [
        r.code,
        {
          onHand: Number(r.on_hand_qty) / 1000,
          released: Number(r.released_qty) / 1000,
          pick: Number(r.pick_qty) / 1000,
          qcPending: Number(r.qc_pending_qty) / 1000,
        },
      ]),
    );
  }

  it('moves the quantity from batch A to a new batch B at the location: one BATCH_CORRECTION, two ledger rows, one reference', async () => {
    const s = await scene();
    const body = request(s);
    const answer = await correct(body);
    expect(answer.status).toBe(200);
    const json = answer.json as BatchCorrectionAnswer;
    expect(json).toMatchObject({
      location: s.location.code,
      item: s.item.code,
      fromBatch: s.a.code,
      toBatch: body.toBatch,
      toBatchExpiry: body.toBatchExpiry,
      toBatchCreated: true,
      quantity: 12,
      releasedCarried: 0,
      replayed: false,
      username: 'manager',
    });
    expect(await rowsOf(s.item.id)).toEqual({
      [s.a.code]: { onHand: 18, released: 0, pick: 0, qcPending: 0 },
      [body.toBatch]: { onHand: 12, released: 0, pick: 0, qcPending: 0 },
    });
    const ledger = await db
      .selectFrom('stock_ledger')
      .select(['transaction_type', 'document_type', 'document_code', 'quantity', 'bin_location_id', 'username'])
      .where('item_id', '=', s.item.id)
      .where('transaction_type', '=', 'BATCH_CORRECTION')
      .orderBy('quantity')
      .execute();
    expect(ledger.map((r) => ({ ...r, quantity: Number(r.quantity) }))).toEqual([
      {
        transaction_type: 'BATCH_CORRECTION',
        document_type: 'BATCH_CORRECTION',
        document_code: json.code,
        quantity: -12_000,
        bin_location_id: s.location.id,
        username: 'manager',
      },
      {
        transaction_type: 'BATCH_CORRECTION',
        document_type: 'BATCH_CORRECTION',
        document_code: json.code,
        quantity: 12_000,
        bin_location_id: s.location.id,
        username: 'manager',
      },
    ]);
    const log = await db
      .selectFrom('batch_correction')
      .selectAll()
      .where('code', '=', json.code)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      kind: 'BATCH',
      reason: 'WRONG_BATCH_RECEIVED',
      to_batch_created: 1,
      username: 'manager',
    });
    expect(Number(log.quantity)).toBe(12_000);
    await expectStockInvariants(db, [s.item.id], 30_000);
  });

  it('moves onto a known batch B, which keeps its expiry; another expiry for it is refused', async () => {
    const s = await scene();
    const b = await makeBatch(db, { item: s.item, code: uniqueCode('B-'), expirationDate: inDays(500) });
    await makeStock(db, { item: s.item, location: s.location, batch: b, onHand: 5 });
    const before = await wholeState(db);
    const conflict = await correct(request(s, { toBatch: b.code, toBatchExpiry: inDays(10) }));
    expect(errorOf(conflict)).toEqual({
      status: 422,
      key: 'batchExistsWithOtherExpiry',
      args: { batch: b.code, expirationDate: inDays(10), knownExpirationDate: inDays(500) },
    });
    expect(await wholeState(db)).toEqual(before);

    const answer = await correct(request(s, { toBatch: b.code.toLowerCase(), toBatchExpiry: null, quantity: 30 }));
    expect(answer.json).toMatchObject({ toBatch: b.code, toBatchCreated: false, toBatchExpiry: inDays(500) });
    expect(await rowsOf(s.item.id)).toEqual({ [b.code]: { onHand: 35, released: 0, pick: 0, qcPending: 0 } });
    await expectStockInvariants(db, [s.item.id], 35_000);
  });

  it('carries released stock and its allocation rows over to B as far as the quantity needs them', async () => {
    const s = await scene({ onHand: 10, released: 8 });
    const list = await makeDocument(db, {
      type: 'PICK_LIST',
      status: 'RELEASED',
      lines: [{ item: s.item, quantity: 8 }],
    });
    const lineId = list.lines[0]!.id;
    await db
      .insertInto('stock_allocation')
      .values({
        document_line_id: lineId,
        item_id: s.item.id,
        batch_id: s.a.id,
        serial_id: null,
        bin_location_id: s.location.id,
        quantity: 8_000,
      })
      .execute();
    const body = request(s, { quantity: 5 });
    const answer = await correct(body);
    expect(answer.json).toMatchObject({ quantity: 5, releasedCarried: 3, pickedCarried: 0 });
    expect(await rowsOf(s.item.id)).toEqual({
      [s.a.code]: { onHand: 5, released: 5, pick: 0, qcPending: 0 },
      [body.toBatch]: { onHand: 5, released: 3, pick: 0, qcPending: 0 },
    });
    const allocations = await db
      .selectFrom('stock_allocation as a')
      .innerJoin('batch as b', 'b.id', 'a.batch_id')
      .select(['b.code', 'a.quantity', 'a.document_line_id'])
      .where('a.item_id', '=', s.item.id)
      .orderBy('b.code')
      .execute();
    expect(allocations.map((a) => ({ ...a, quantity: Number(a.quantity) }))).toEqual([
      { code: s.a.code, quantity: 5_000, document_line_id: lineId },
      { code: body.toBatch, quantity: 3_000, document_line_id: lineId },
    ]);
    await expectStockInvariants(db, [s.item.id], 10_000);
  });

  it('carries picked stock in a container over to B with its pick entries', async () => {
    const item = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
    const cart = await makeBinLocation(db, { locationType: 'MOBILE' });
    const a = await makeBatch(db, { item, code: uniqueCode('A-') });
    await makeStock(db, { item, location: cart, batch: a, onHand: 6, pick: 6 });
    const list = await makeDocument(db, { type: 'PICK_LIST', status: 'PICKED', lines: [{ item, quantity: 6 }] });
    const container = await db
      .insertInto('shipping_container')
      .values({
        code: cart.code,
        code_lower: cart.code.toLowerCase(),
        sscc: 0,
        bin_location_id: cart.id,
        type: 'TOTE',
        box_type: null,
        status: 'OPEN',
        pick_list_id: list.id,
        delivery_id: null,
        weight_mg: null,
        length_mm: null,
        width_mm: null,
        height_mm: null,
        created_by: 'test',
        created_at: new Date().toISOString(),
        closed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const source = await makeBinLocation(db);
    await db
      .insertInto('pick_entry')
      .values({
        document_line_id: list.lines[0]!.id,
        document_id: list.id,
        item_id: item.id,
        batch_id: a.id,
        serial_id: null,
        from_bin_location_id: source.id,
        container_id: container.id,
        quantity: 6_000,
        user_id: null,
        username: 'picker',
        at: new Date().toISOString(),
        idempotency_key: null,
      })
      .execute();
    const body = request({ item, location: cart, a }, { quantity: 4 });
    expect((await correct(body)).json).toMatchObject({ pickedCarried: 4, releasedCarried: 0 });
    expect(await rowsOf(item.id)).toEqual({
      [a.code]: { onHand: 2, released: 0, pick: 2, qcPending: 0 },
      [body.toBatch]: { onHand: 4, released: 0, pick: 4, qcPending: 0 },
    });
    const entries = await db
      .selectFrom('pick_entry as e')
      .innerJoin('batch as b', 'b.id', 'e.batch_id')
      .select(['b.code', (eb) => eb.fn.sum<string | number>('e.quantity').as('quantity')])
      .where('e.document_id', '=', list.id)
      .groupBy('b.code')
      .orderBy('b.code')
      .execute();
    expect(entries.map((e) => [e.code, Number(e.quantity)])).toEqual([
      [a.code, 2_000],
      [body.toBatch, 4_000],
    ]);
    await expectStockInvariants(db, [item.id], 6_000);
  });

  it('refuses to carry released stock to a batch that may not be picked (expired), changing nothing', async () => {
    const s = await scene({ onHand: 10, released: 8 });
    const expired = await makeBatch(db, { item: s.item, code: uniqueCode('OLD-'), expirationDate: inDays(-3) });
    const before = await wholeState(db);
    const refused = await correct(request(s, { toBatch: expired.code, toBatchExpiry: null, quantity: 5 }));
    expect(errorOf(refused)).toEqual({
      status: 422,
      key: 'allocatedStockNeedsPickableBatch',
      args: { batch: expired.code },
    });
    expect(await wholeState(db)).toEqual(before);
    // Within the free stock nothing allocated moves, so the expired batch may take it.
    const free = await correct(request(s, { toBatch: expired.code, toBatchExpiry: null, quantity: 2 }));
    expect(free.json).toMatchObject({ releasedCarried: 0, quantity: 2 });
    await expectStockInvariants(db, [s.item.id], 10_000);
  });

  it('refuses to merge QC-pending stock with approved stock either way (cannotMixQcStatusInCorrection)', async () => {
    const pending = await scene({ onHand: 10, qcPending: 10, aQcApproved: false });
    const approved = await makeBatch(db, { item: pending.item, code: uniqueCode('OK-'), expirationDate: inDays(90) });
    const before = await wholeState(db);
    const refused = await correct(request(pending, { toBatch: approved.code, toBatchExpiry: null, quantity: 4 }));
    expect(errorOf(refused)).toEqual({
      status: 422,
      key: 'cannotMixQcStatusInCorrection',
      args: { fromBatch: pending.a.code, toBatch: approved.code },
    });

    const ok = await scene();
    const blocked = await makeBatch(db, { item: ok.item, code: uniqueCode('QC-'), qcApproved: false });
    const refusedToo = await correct(request(ok, { toBatch: blocked.code, toBatchExpiry: null }));
    expect(errorOf(refusedToo).key).toBe('cannotMixQcStatusInCorrection');
    expect((await wholeState(db)).ledger).toBe(before.ledger + 1);

    // QC-pending onto a new batch: the new batch is QC-pending too, and the stock stays QC-pending.
    const body = request(pending, { quantity: 4 });
    expect((await correct(body)).status).toBe(200);
    expect(await rowsOf(pending.item.id)).toEqual({
      [pending.a.code]: { onHand: 6, released: 0, pick: 0, qcPending: 6 },
      [body.toBatch]: { onHand: 4, released: 0, pick: 0, qcPending: 4 },
    });
    const created = await db
      .selectFrom('batch')
      .select('quality_control_approved_or_not_required as approved')
      .where('item_id', '=', pending.item.id)
      .where('code', '=', body.toBatch)
      .executeTakeFirstOrThrow();
    expect(created.approved).toBe(0);
    await expectStockInvariants(db, [pending.item.id], 10_000);
  });

  it('a replayed idempotency key answers the first answer and moves nothing again', async () => {
    const s = await scene();
    const body = request(s);
    const first = (await correct(body)).json as BatchCorrectionAnswer;
    const after = await wholeState(db);
    const again = await correct(body);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ ...first, replayed: true });
    expect(await wholeState(db)).toEqual(after);
    await expectStockInvariants(db, [s.item.id], 30_000);
  });

  it('needs the stockCorrections role (403), changing nothing', async () => {
    const s = await scene();
    const before = await wholeState(db);
    const refused = await correct(request(s), outsider);
    expect(errorOf(refused).status).toBe(403);
    expect(await wholeState(db)).toEqual(before);
  });

  it('refuses bad input with its key and changes nothing', async () => {
    const s = await scene({}, { scanExpirationDate: true });
    const normal = await makeItem(db);
    const before = await wholeState(db);
    const cases: [Partial<BatchCorrectionRequest>, number, string, Record<string, unknown> | undefined][] = [
      [{ location: 'NO-SUCH-LOC' }, 404, 'unknownLocation', { code: 'NO-SUCH-LOC' }],
      [{ item: 'NO-SUCH-ITEM' }, 404, 'unknownItemForCode', { code: 'NO-SUCH-ITEM' }],
      [{ fromBatch: 'NO-SUCH-BATCH' }, 404, 'unknownBatch', { code: 'NO-SUCH-BATCH' }],
      [{ item: normal.code }, 422, 'batchNotAllowedForItem', { item: normal.code }],
      [{ toBatch: s.a.code }, 422, 'sameBatchInCorrection', { batch: s.a.code }],
      [{ toBatchExpiry: null }, 422, 'expirationDateRequired', { item: s.item.code }],
      [
        { quantity: 31 },
        422,
        'notEnoughAvailableStock',
        {
          itemCode: s.item.code,
          binCode: s.location.code,
          batch: s.a.code,
          serial: null,
          available: 30,
          requested: 31,
        },
      ],
      [{ quantity: 0 }, 400, 'invalidInput', undefined],
      [{ quantity: -2 }, 400, 'invalidInput', undefined],
      [{ reason: 'BECAUSE' as 'OTHER' }, 400, 'invalidInput', undefined],
    ];
    for (const [change, status, key, args] of cases) {
      const refused = errorOf(await correct(request(s, change)));
      expect({ status: refused.status, key: refused.key }).toEqual({ status, key });
      if (args) expect(refused.args).toEqual(args);
    }
    // A batch of the item that is not at this location: nothing of it to move.
    const elsewhere = await makeBatch(db, { item: s.item, code: uniqueCode('X-') });
    const notHere = errorOf(await correct(request(s, { fromBatch: elsewhere.code })));
    expect(notHere).toMatchObject({ status: 422, key: 'notEnoughAvailableStock' });
    expect(await wholeState(db)).toEqual(before);
    expect(await db.selectFrom('batch').select('id').where('item_id', '=', s.item.id).execute()).toHaveLength(2);
    await expectStockInvariants(db, [s.item.id], toThousandths(30));
  });
});
