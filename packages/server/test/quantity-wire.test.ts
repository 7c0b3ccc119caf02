import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeKey, fromThousandths } from '@wms/contract';
import { ledgerOf, itemIdOf } from '../src/features/stock/stock.test-helper.js';
import {
  addLocation,
  line,
  newKey,
  transferLines,
  validateTransfer,
  wholeState,
} from '../src/features/stock-transfer/stock-transfer.test-helper.js';
import type { HttpAnswer, HttpClient } from './http-client.js';
import { signIn } from './session-helper.js';
import { buildTestApp, type TestApp } from './test-app.js';
import { errorOf } from './user-helper.js';
import { makeBinLocation, makeItem, makeStock, makeUser, makeWarehouse, type BinLocation } from './factories.js';
import { move as sortingMove } from '../src/features/goods-sorting/goods-sorting.test-helper.js';
import {
  openedReceipt,
  progress as receiptProgress,
  receiptScene,
} from '../src/features/goods-receipt/goods-receipt.test-helper.js';
import {
  claim as claimReturn,
  detail as returnDetail,
  progress as returnProgress,
  returnScene,
} from '../src/features/goods-returns/goods-returns.test-helper.js';
import {
  getOrder as finishedGoodsOrder,
  makeWorkOrder,
  receive as finishedGoodsReceive,
} from '../src/features/production/finished-goods-receipt.test-helper.js';

/**
 * Quantities on the wire (docs/quantities.md): every quantity that enters the API travels as a
 * JSON number and is stored as integer thousandths, converted with toThousandths at the server's
 * edge (rounded half away from zero at the 4th decimal) and answered with fromThousandths.
 * Each quantity field of a request is listed in `quantityFields` below: a float artefact sent
 * through it over HTTP must store the exact integer and read back as the short decimal, and a
 * value that rounds to 0 thousandths is refused where the field must be positive.
 * A new quantity field of a request must be added to that list.
 */

/** What a client may send (float artefacts), the integer the table must hold, the number the API answers. */
const roundTrips = [
  { sent: 0.1 + 0.2, stored: 300, answered: 0.3 },
  { sent: 1.23456789, stored: 1235, answered: 1.235 },
  { sent: 2.0005, stored: 2001, answered: 2.001 },
  // 4.0005 * 1000 is 4000.4999999999995: Math.round(value * 1000) would store 4000, toThousandths 4001.
  { sent: 4.0005, stored: 4001, answered: 4.001 },
];
/** Fields that take corrections (work time produced and scrap) round negatives half away from zero too. */
const negativeRoundTrips = [
  { sent: -(0.1 + 0.2), stored: -300, answered: -0.3 },
  { sent: -1.23456789, stored: -1235, answered: -1.235 },
  { sent: -2.0005, stored: -2001, answered: -2.001 },
  { sent: -4.0005, stored: -4001, answered: -4.001 },
];
/** Rounds to 0 thousandths: refused where the field must be positive, stored as 0 where 0 is allowed. */
const belowOneThousandth = 0.0004;

interface QuantityField {
  /** The route and the body field. */
  name: string;
  /** The status of a successful send. */
  okStatus: 200 | 201;
  /** The field takes negative values (a correction). */
  signed?: boolean;
  /** Sends the value through the field over HTTP (each send on fresh data where it matters). */
  send(value: number): Promise<HttpAnswer>;
  /** The quantity the answer of a successful send carries. */
  answered(answer: HttpAnswer): number;
  /** Every stored integer the send wrote for the field, read from the tables. */
  stored(answer: HttpAnswer): Promise<number[]>;
  /** What later reads of the API answer for it. */
  readBack(answer: HttpAnswer): Promise<number[]>;
  /**
   * A field that must be positive: how a value that rounds to 0 thousandths is refused (status,
   * key and a part of the args). Absent: the field allows 0, so such a value stores 0.
   */
  refusal?: { status: 400 | 422; key: string; args: Record<string, unknown> };
  /** What a refused send must leave alone. */
  state(): Promise<unknown>;
}

const invalidBodyField = (field: string) => ({ fields: [expect.objectContaining({ field })] });

describe('quantities on the wire: float artefacts are stored as exact thousandths', () => {
  let t: TestApp;
  let manager: HttpClient;
  let sent = 0;
  const db = () => t.app.ctx.db;
  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signIn(t, 'manager');
  });
  afterAll(async () => t.close());

  const warehouseId = async (code: string) =>
    (await db().selectFrom('warehouse').select('id').where('code_lower', '=', codeKey(code)).executeTakeFirstOrThrow())
      .id;
  const hourAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  const counts = async () => {
    const count = async (table: 'document' | 'document_line' | 'work_order' | 'idempotency_record') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      documents: await count('document'),
      lines: await count('document_line'),
      workOrders: await count('work_order'),
      idempotency: await count('idempotency_record'),
    };
  };

  /** Stock transfer: one line of ITEM-002 (1000 on hand at 01-P01-02) to a fresh empty location. */
  const transferField: QuantityField = {
    name: 'POST /api/v1/operations/stock_transfer/lines: lines[].quantity',
    okStatus: 200,
    async send(value) {
      const target = `QW-TARGET-${++sent}`;
      await addLocation(db(), { code: target, locationType: 'BULK' });
      return transferLines(manager, [line('01-P01-02', 'ITEM-002', value)], target);
    },
    answered: (answer) => {
      expect(answer.json.lines).toHaveLength(1);
      return answer.json.lines[0].quantity;
    },
    async stored(answer) {
      const target = answer.json.lines[0].toLocation as string;
      const ledger = (await ledgerOf(db(), 'ITEM-002')).filter((r) => r.documentCode === answer.json.transferId);
      expect(ledger.map((r) => r.bin)).toEqual(['01-P01-02', target]);
      const stock = await db()
        .selectFrom('stock')
        .select('on_hand_qty')
        .where('item_id', '=', await itemIdOf(db(), 'ITEM-002'))
        .where('bin_location_id', '=', (eb) =>
          eb.selectFrom('bin_location').select('id').where('code_lower', '=', codeKey(target)),
        )
        .execute();
      expect(stock).toHaveLength(1);
      // Out of the source exactly what went into the target.
      return [-(ledger[0]?.quantity ?? 0), ledger[1]?.quantity ?? 0, Number(stock[0]?.on_hand_qty)];
    },
    async readBack(answer) {
      const target = answer.json.lines[0].toLocation as string;
      const rows = (await manager.get('/api/v1/item/ITEM-002/bin_locations')).json as {
        binLocation: { code: string };
        onHandQty: number;
        freeToMoveQty: number;
      }[];
      const row = rows.find((r) => r.binLocation.code === target);
      const history = (await manager.get('/api/v1/item/ITEM-002/history')).json.rows as {
        documentCode: string;
        bin: string;
        quantity: number;
      }[];
      const moved = history.find((r) => r.documentCode === answer.json.transferId && r.bin === target);
      return [row?.onHandQty ?? NaN, row?.freeToMoveQty ?? NaN, moved?.quantity ?? NaN];
    },
    refusal: { status: 422, key: 'invalidInput', args: { field: 'lines.0.quantity', reason: 'quantityTooSmall' } },
    state: () => wholeState(db()),
  };

  /** Goods sorting: 100 of a fresh item in a fresh staging location, moved to a fresh location (no proposal). */
  let sorter: HttpClient | undefined;
  const sortingSources = new Map<string, { item: string; dock: BinLocation }>();
  const sortingField: QuantityField = {
    name: 'POST /api/v1/goods_sorting/move: quantity',
    okStatus: 200,
    async send(value) {
      if (!sorter) {
        const user = await makeUser(db(), { roles: ['goodsSorting', 'information'] });
        sorter = await signIn(t, user.username, user.password);
      }
      const item = await makeItem(db());
      const dock = await makeBinLocation(db(), { locationType: 'RECEIVE' });
      const target = await makeBinLocation(db(), { warehouse: dock.warehouseId });
      await makeStock(db(), { item, location: dock, onHand: 100 });
      sortingSources.set(target.code, { item: item.code, dock });
      return sortingMove(sorter, { from: dock.code, to: target.code, item: item.code, quantity: value });
    },
    answered: (answer) => answer.json.lines[0].quantity,
    async stored(answer) {
      const target = answer.json.lines[0].toLocation as string;
      const { item } = sortingSources.get(target) ?? { item: '' };
      const ledger = (await ledgerOf(db(), item)).filter((r) => r.documentCode === answer.json.sortingId);
      return [-(ledger[0]?.quantity ?? 0), ledger[1]?.quantity ?? 0];
    },
    async readBack(answer) {
      const target = answer.json.lines[0].toLocation as string;
      const { item } = sortingSources.get(target) ?? { item: '' };
      const rows = (await manager.get(`/api/v1/item/${item}/bin_locations`)).json as {
        binLocation: { code: string };
        onHandQty: number;
      }[];
      return [rows.find((r) => r.binLocation.code === target)?.onHandQty ?? NaN];
    },
    refusal: { status: 422, key: 'invalidInput', args: { field: 'lines.0.quantity', reason: 'quantityTooSmall' } },
    // send() makes its own stock first: what a refused move must leave alone is the moves and keys.
    state: async () => ({
      moves: await db().selectFrom('stock_ledger').select('id').where('document_type', '=', 'GOODS_SORTING').execute(),
      idempotency: (await wholeState(db())).idempotency,
    }),
  };

  /** Item barcode: slot BARCODE3 of ITEM-002 (empty in the demo data) with a fresh barcode each time. */
  const barcodeField: QuantityField = {
    name: 'POST /api/v1/item/{code}/barcode: quantity',
    okStatus: 200,
    send: (value) =>
      manager.post('/api/v1/item/ITEM-002/barcode', { slot: 'BARCODE3', barcode: `QW-BC-${++sent}`, quantity: value }),
    answered: (answer) => answer.json.barcode3InvQty,
    async stored() {
      const row = await db()
        .selectFrom('item')
        .select('barcode3_inv_qty')
        .where('code_lower', '=', 'item-002')
        .executeTakeFirstOrThrow();
      return [Number(row.barcode3_inv_qty)];
    },
    async readBack(answer) {
      const item = (await manager.get('/api/v1/item/ITEM-002')).json;
      const found = (await manager.get(`/api/v1/item/find/${answer.json.barcode3 as string}`)).json;
      expect(found).toMatchObject({ matchedBy: 'BARCODE3', item: { code: 'ITEM-002' } });
      return [item.barcode3InvQty, found.quantity];
    },
    refusal: { status: 400, key: 'invalidInput', args: invalidBodyField('body.quantity') },
    state: () => db().selectFrom('item').selectAll().where('code_lower', '=', 'item-002').executeTakeFirstOrThrow(),
  };

  /** Default location of ITEM-002 in warehouse 01 (bin 01-P01-02): minStock or maxStock, the other null. */
  const stockLevelField = (level: 'minStock' | 'maxStock'): QuantityField => ({
    name: `POST /api/v1/item/{code}/default_bin_locations/{whsCode}: ${level}`,
    okStatus: 200,
    send: (value) =>
      manager.post('/api/v1/item/ITEM-002/default_bin_locations/01', {
        locationCode: '01-P01-02',
        minStock: null,
        maxStock: null,
        [level]: value,
      }),
    answered: (answer) => answer.json[level],
    async stored() {
      const row = await db()
        .selectFrom('default_item_location')
        .select(['min_stock', 'max_stock'])
        .where('item_id', '=', await itemIdOf(db(), 'ITEM-002'))
        .where('warehouse_id', '=', await warehouseId('01'))
        .executeTakeFirstOrThrow();
      return [Number(level === 'minStock' ? row.min_stock : row.max_stock)];
    },
    async readBack() {
      const all = (await manager.get('/api/v1/item/ITEM-002/default_bin_locations?filter=all')).json;
      const forLocation = (await manager.get('/api/v1/bin_location/01-P01-02/default_for')).json;
      return [
        all.find((r: { whs: { code: string } }) => r.whs.code === '01')?.[level],
        forLocation.find((r: { item: { code: string } }) => r.item.code === 'ITEM-002')?.[level],
      ];
    },
    state: () => db().selectFrom('default_item_location').selectAll().orderBy('id').execute(),
  });

  /** A finished WORK entry of the manager on WO-3001 step MILL: produced or scrap, the other 0. */
  const workTimeField = (quantity: 'produced' | 'scrap'): QuantityField => ({
    name: `POST /api/v1/production/work_times: ${quantity}`,
    okStatus: 200,
    signed: true,
    send: (value) =>
      manager.post('/api/v1/production/work_times', {
        workOrderCode: 'WO-3001',
        workOrderStep: 'MILL',
        workTimeType: 'WORK',
        produced: 0,
        scrap: 0,
        [quantity]: value,
        startTime: hourAgo(2),
        endTime: hourAgo(1),
      }),
    answered: (answer) => answer.json[quantity],
    async stored(answer) {
      const row = await db()
        .selectFrom('work_time_entry')
        .select(['produced', 'scrap'])
        .where('id', '=', answer.json.id as number)
        .executeTakeFirstOrThrow();
      return [Number(row[quantity])];
    },
    async readBack(answer) {
      const entries = (await manager.get('/api/v1/production/work_times')).json as { id: number }[];
      const entry = entries.find((e) => e.id === answer.json.id) as Record<string, number> | undefined;
      return [entry?.[quantity] ?? NaN];
    },
    state: () => db().selectFrom('work_time_entry').selectAll().orderBy('id').execute(),
  });

  /** A production order of PROD-001 (plan PLAN-BRACKET) in warehouse 01, with a fresh Idempotency-Key. */
  const targetQuantityField: QuantityField = {
    name: 'POST /api/v1/production/orders: targetQuantity',
    okStatus: 201,
    send: (value) =>
      manager.post(
        '/api/v1/production/orders',
        { warehouseCode: '01', itemCode: 'PROD-001', workOrderPlanCode: 'PLAN-BRACKET', targetQuantity: value },
        { 'Idempotency-Key': newKey('quantity-wire') },
      ),
    answered: (answer) => answer.json.targetQuantity,
    async stored(answer) {
      const code = codeKey(answer.json.code as string);
      const documentLine = await db()
        .selectFrom('document_line as l')
        .innerJoin('document as d', 'd.id', 'l.document_id')
        .select(['l.quantity', 'l.open_quantity'])
        .where('d.code_lower', '=', code)
        .executeTakeFirstOrThrow();
      const workOrder = await db()
        .selectFrom('work_order')
        .select('planned_qty')
        .where('code_lower', '=', code)
        .executeTakeFirstOrThrow();
      return [documentLine.quantity, documentLine.open_quantity, workOrder.planned_qty].map(Number);
    },
    async readBack(answer) {
      const code = answer.json.code as string;
      const documents = (await manager.get('/api/v1/item/PROD-001/open_documents')).json as {
        code: string;
        quantity: number;
        openQuantity: number;
      }[];
      const document = documents.find((d) => d.code === code);
      const workOrders = (await manager.get(`/api/v1/production/work_orders/autocomplete/${code}`)).json as {
        code: string;
        plannedQuantity: number;
      }[];
      const workOrder = workOrders.find((o) => o.code === code);
      return [document?.quantity ?? NaN, document?.openQuantity ?? NaN, workOrder?.plannedQuantity ?? NaN];
    },
    refusal: { status: 400, key: 'invalidInput', args: invalidBodyField('body.targetQuantity') },
    state: counts,
  };

  /** Finished goods receipt: a fresh work order of a fresh item with 10 reported, received into a fresh location. */
  let finishedGoodsReceiver: HttpClient | undefined;
  const finishedGoodsField: QuantityField = {
    name: 'POST /api/v1/production/finished_goods_receipt/{order}/receive: quantity',
    okStatus: 200,
    async send(value) {
      if (!finishedGoodsReceiver) {
        const user = await makeUser(db(), { roles: ['goodsReceipt', 'information'] });
        finishedGoodsReceiver = await signIn(t, user.username, user.password);
      }
      const warehouse = await makeWarehouse(db());
      const item = await makeItem(db());
      const target = await makeBinLocation(db(), { warehouse });
      const order = await makeWorkOrder(db(), { item, warehouse, reported: 10 });
      return finishedGoodsReceive(finishedGoodsReceiver, order.code, { quantity: value, targetLocation: target.code });
    },
    answered: (answer) => answer.json.quantity,
    async stored(answer) {
      const order = await db()
        .selectFrom('work_order')
        .select('received_qty')
        .where('code_lower', '=', codeKey(answer.json.order as string))
        .executeTakeFirstOrThrow();
      const ledger = await ledgerOf(db(), answer.json.item as string);
      return [Number(order.received_qty), ...ledger.map((r) => r.quantity)];
    },
    async readBack(answer) {
      const order = (await finishedGoodsOrder(manager, answer.json.order as string)).json as {
        receivedQuantity: number;
      };
      const rows = (await manager.get(`/api/v1/item/${answer.json.item as string}/bin_locations`)).json as {
        onHandQty: number;
      }[];
      return [order.receivedQuantity, ...rows.map((r) => r.onHandQty)];
    },
    refusal: { status: 400, key: 'invalidInput', args: invalidBodyField('body.quantity') },
    state: async () => ({
      receipts: await db()
        .selectFrom('stock_ledger')
        .select('id')
        .where('transaction_type', '=', 'PRODUCTION_RECEIPT')
        .execute(),
      received: await db()
        .selectFrom('work_order')
        .select(['id', 'received_qty'])
        .where('received_qty', '>', 0)
        .execute(),
    }),
  };

  /** Customer returns: an entry of a normal item on a claimed return (5 delivered to the customer). */
  let returnsClerk: HttpClient | undefined;
  const returnEntryField: QuantityField = {
    name: 'POST /api/v1/sales/returns/{code}/update_progress_line: quantity',
    okStatus: 200,
    async send(value) {
      if (!returnsClerk) {
        const user = await makeUser(db(), { roles: ['salesReturns'] });
        returnsClerk = await signIn(t, user.username, user.password);
      }
      const s = await returnScene(db());
      await claimReturn(returnsClerk, s.code);
      return returnProgress(returnsClerk, s.code, { line: 2, quantity: value, condition: 'RESELLABLE' });
    },
    answered: (answer) => answer.json.return.entries[0].quantity,
    async stored(answer) {
      const rows = await db()
        .selectFrom('sales_return_entry')
        .select('quantity')
        .where('id', '=', answer.json.entryId as number)
        .execute();
      return rows.map((r) => Number(r.quantity));
    },
    async readBack(answer) {
      const read = await returnDetail(returnsClerk as HttpClient, answer.json.return.code as string);
      return [
        ...(read.json.entries as { quantity: number }[]).map((e) => e.quantity),
        (read.json.lines as { returnedQuantity: number }[])[2]?.returnedQuantity ?? -1,
      ];
    },
    refusal: { status: 400, key: 'invalidInput', args: invalidBodyField('body.quantity') },
    state: async () => db().selectFrom('sales_return_entry').select(['id', 'quantity']).execute(),
  };

  /** Every quantity field of a request. A new quantity field of the API must be added here. */

  let receiver: HttpClient | undefined;
  const receiptField: QuantityField = {
    name: 'POST /api/v1/goods_receipt/{receipt}/line/{n}/progress: quantity',
    okStatus: 200,
    async send(value) {
      if (!receiver) {
        const user = await makeUser(db(), { roles: ['goodsReceipt'] });
        receiver = await signIn(t, user.username, user.password);
      }
      const scene = await receiptScene(db(), { quantities: [100] });
      return receiptProgress(receiver, await openedReceipt(receiver, scene), 0, { quantity: value });
    },
    answered: (answer) => answer.json.entries[0].quantity,
    async stored(answer) {
      const rows = await db()
        .selectFrom('goods_receipt_entry')
        .select('quantity')
        .where('id', '=', answer.json.entries[0].id as number)
        .execute();
      return rows.map((r) => Number(r.quantity));
    },
    async readBack(answer) {
      const code = answer.json.code as string;
      const read = await (receiver as HttpClient).get(`/api/v1/goods_receipt/${code}`);
      return [read.json.receipt.entries[0].quantity as number, read.json.receipt.lines[0].progress as number];
    },
    refusal: { status: 400, key: 'invalidInput', args: invalidBodyField('body.quantity') },
    state: () => db().selectFrom('goods_receipt_entry').select('id').execute(),
  };

  /** Item price lists: a price's quantity break (minQuantity), written by pricelists/update and read back per list. */
  let priceUploader: HttpClient | undefined;
  const priceBreakField: QuantityField = {
    name: 'POST /api/v1/item/pricelists/update: rows[].minQuantity',
    okStatus: 200,
    async send(value) {
      if (!priceUploader) {
        const user = await makeUser(db(), { roles: ['priceListUpload', 'information'] });
        priceUploader = await signIn(t, user.username, user.password);
      }
      const priceList = `QW-PRICES-${++sent}`;
      const row = { priceList, itemCode: 'ITEM-002', price: '1', currency: 'EUR', minQuantity: value };
      const written = await priceUploader.post('/api/v1/item/pricelists/update', { rows: [row] });
      if (written.status !== 200) return written;
      // The update answers counts: the list's prices answer the quantity.
      return priceUploader.get(`/api/v1/item/pricelists/${priceList}`);
    },
    answered: (answer) => answer.json.rows[0].minQuantity,
    async stored(answer) {
      const rows = await db()
        .selectFrom('item_price')
        .innerJoin('price_list', 'price_list.id', 'item_price.price_list_id')
        .select('item_price.min_quantity')
        .where('price_list.code_lower', '=', codeKey(answer.json.priceList.code as string))
        .execute();
      return rows.map((r) => Number(r.min_quantity));
    },
    async readBack(answer) {
      const code = answer.json.priceList.code as string;
      const lookup = await (priceUploader as HttpClient).get(
        `/api/v1/item/ITEM-002/itemPrice?priceList=${code}&quantity=1000`,
      );
      return [lookup.json.price.minQuantity as number];
    },
    state: () => db().selectFrom('item_price').select('id').execute(),
  };

  const quantityFields: QuantityField[] = [
    transferField,
    sortingField,
    barcodeField,
    stockLevelField('minStock'),
    stockLevelField('maxStock'),
    workTimeField('produced'),
    workTimeField('scrap'),
    targetQuantityField,
    finishedGoodsField,
    returnEntryField,
    receiptField,
    priceBreakField,
  ];

  it('sends the float artefacts as they are: 0.1 + 0.2 is not 0.3 on the wire', () => {
    expect(JSON.stringify({ quantity: 0.1 + 0.2 })).toBe('{"quantity":0.30000000000000004}');
    expect(JSON.stringify({ quantity: 1.23456789 })).toBe('{"quantity":1.23456789}');
  });

  for (const field of quantityFields) {
    describe(field.name, () => {
      for (const trip of [...roundTrips, ...(field.signed ? negativeRoundTrips : [])]) {
        it(`stores ${trip.sent} as ${trip.stored} thousandths and answers ${trip.answered}`, async () => {
          const answer = await field.send(trip.sent);
          expect(answer.status, answer.text).toBe(field.okStatus);
          expect(field.answered(answer)).toBe(trip.answered);
          const stored = await field.stored(answer);
          expect(stored.length).toBeGreaterThan(0);
          expect(stored).toEqual(stored.map(() => trip.stored));
          const read = await field.readBack(answer);
          expect(read.length).toBeGreaterThan(0);
          expect(read).toEqual(read.map(() => trip.answered));
        });
      }

      const { refusal } = field;
      if (refusal) {
        it(`refuses ${belowOneThousandth} (0 thousandths) with ${refusal.status} ${refusal.key}, changing nothing`, async () => {
          const before = await field.state();
          const answer = await field.send(belowOneThousandth);
          expect(errorOf(answer)).toMatchObject({ status: refusal.status, key: refusal.key, args: refusal.args });
          expect(await field.state()).toEqual(before);
        });
      } else {
        it(`stores ${belowOneThousandth} as 0 thousandths (0 is allowed) and answers 0`, async () => {
          const answer = await field.send(belowOneThousandth);
          expect(answer.status, answer.text).toBe(field.okStatus);
          expect(field.answered(answer)).toBe(0);
          const stored = await field.stored(answer);
          expect(stored).toEqual(stored.map(() => 0));
          const read = await field.readBack(answer);
          expect(read.length).toBeGreaterThan(0);
          expect(read).toEqual(read.map(() => 0));
        });
      }
    });
  }

  describe('stock transfer: the checks compare thousandths, not floats', () => {
    const onHandAt = async (item: string, bin: string) =>
      Number(
        (
          await db()
            .selectFrom('stock as s')
            .innerJoin('item as i', 'i.id', 's.item_id')
            .innerJoin('bin_location as b', 'b.id', 's.bin_location_id')
            .select((eb) => eb.fn.sum<string | number>('s.on_hand_qty').as('n'))
            .where('i.code_lower', '=', codeKey(item))
            .where('b.code_lower', '=', codeKey(bin))
            .executeTakeFirstOrThrow()
        ).n ?? 0,
      );

    it('takes exactly the stock a float sum put there: 0.3005 is too much, 0.1 + 0.2 empties it', async () => {
      await addLocation(db(), { code: 'QW-EXACT', locationType: 'BULK' });
      expect((await transferLines(manager, [line('01-P01-02', 'ITEM-002', 0.1 + 0.2)], 'QW-EXACT')).status).toBe(200);
      expect(await onHandAt('ITEM-002', 'QW-EXACT')).toBe(300);

      const before = await wholeState(db());
      const tooMuch = await transferLines(manager, [line('QW-EXACT', 'ITEM-002', 0.3005)], '01-P01-02');
      expect(errorOf(tooMuch)).toMatchObject({
        status: 422,
        key: 'notEnoughAvailableStock',
        args: { binCode: 'QW-EXACT', available: 0.3, requested: 0.301 },
      });
      const rounded = await validateTransfer(manager, [line('QW-EXACT', 'ITEM-002', 0.3004)], '01-P01-02');
      expect(rounded.status, rounded.text).toBe(200);
      expect(await wholeState(db())).toEqual(before);

      const back = await transferLines(manager, [line('QW-EXACT', 'ITEM-002', 0.1 + 0.2)], '01-P01-02');
      expect(back.status, back.text).toBe(200);
      expect(back.json.lines[0].quantity).toBe(0.3);
      expect(await onHandAt('ITEM-002', 'QW-EXACT')).toBe(0);
    });

    it('validateRequest refuses a quantity that rounds to 0 thousandths and moves nothing', async () => {
      const before = await wholeState(db());
      const answer = await validateTransfer(manager, [line('01-P01-02', 'ITEM-002', belowOneThousandth)], '02-P01-01');
      expect(errorOf(answer)).toEqual({
        status: 422,
        key: 'invalidInput',
        args: { field: 'lines.0.quantity', reason: 'quantityTooSmall' },
      });
      expect(await wholeState(db())).toEqual(before);
    });

    it('moves a serial (quantity one) and whole units of a lot named with float artefacts of 1', async () => {
      const nearlyOneBelow = 0.9999999999999999;
      const nearlyOneAbove = (0.1 * 3) / 0.3; // 1.0000000000000002
      expect([nearlyOneBelow, nearlyOneAbove]).not.toContain(1);
      const serial = await transferLines(
        manager,
        [line('01-A01-02', 'SERIAL-001', nearlyOneBelow, { serial: 'SN-0002' })],
        '02-P01-01',
      );
      expect(serial.status, serial.text).toBe(200);
      expect(serial.json.lines).toMatchObject([{ serial: 'SN-0002', quantity: 1 }]);
      const byLot = await transferLines(
        manager,
        [line('01-P01-01', 'SERIAL-001', nearlyOneAbove, { lot: 'LOT-A' })],
        '02-P01-01',
      );
      expect(byLot.status, byLot.text).toBe(200);
      expect(byLot.json.lines).toMatchObject([{ serial: 'SN-0001', quantity: 1 }]);
      const ledger = (await ledgerOf(db(), 'SERIAL-001')).filter((r) =>
        [serial.json.transferId, byLot.json.transferId].includes(r.documentCode),
      );
      expect(ledger.map((r) => r.quantity)).toEqual([-1000, 1000, -1000, 1000]);

      const before = await wholeState(db());
      const tooSmall = await transferLines(
        manager,
        [line('02-P01-01', 'SERIAL-001', belowOneThousandth, { lot: 'LOT-A' })],
        '01-P01-01',
      );
      expect(errorOf(tooSmall)).toEqual({
        status: 422,
        key: 'invalidInput',
        args: { field: 'lines.0.quantity', reason: 'wholeUnitsOnly' },
      });
      expect(await wholeState(db())).toEqual(before);
    });
  });

  it('default location: minStock and maxStock are compared as stored, in thousandths', async () => {
    // 1.0004 and 1.0001 are both stored as 1000: equal, not min above max.
    const equal = await manager.post('/api/v1/item/ITEM-002/default_bin_locations/01', {
      locationCode: '01-P01-02',
      minStock: 1.0004,
      maxStock: 1.0001,
    });
    expect(equal.status, equal.text).toBe(200);
    expect(equal.json).toMatchObject({ minStock: 1, maxStock: 1 });
    const before = await db().selectFrom('default_item_location').selectAll().orderBy('id').execute();
    // 1.0005 is stored as 1001, 1.0004 as 1000: min above max.
    const above = await manager.post('/api/v1/item/ITEM-002/default_bin_locations/01', {
      locationCode: '01-P01-02',
      minStock: 1.0005,
      maxStock: 1.0004,
    });
    expect(errorOf(above)).toMatchObject({ status: 422, key: 'minStockGreaterThanMaxStock' });
    expect(await db().selectFrom('default_item_location').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('work time: a flush adds the stored thousandths to the work order, never a float sum', async () => {
    const totals = async () => {
      const row = await db()
        .selectFrom('work_order')
        .select(['completed_qty', 'scrap_qty'])
        .where('code_lower', '=', 'wo-3001')
        .executeTakeFirstOrThrow();
      return { completed: Number(row.completed_qty), scrap: Number(row.scrap_qty) };
    };
    const before = await totals();
    const save = (body: Record<string, unknown>) =>
      manager.post('/api/v1/production/work_times', {
        workOrderCode: 'WO-3001',
        workOrderStep: 'MILL',
        workTimeType: 'WORK',
        startTime: hourAgo(2),
        endTime: hourAgo(1),
        ...body,
      });
    const first = await save({ produced: 0.1, scrap: 0.2 });
    const second = await save({ produced: 0.2, scrap: 0 });
    expect([first.status, second.status]).toEqual([200, 200]);
    // An update (id and version) goes through the same conversion.
    const updated = await save({ id: second.json.id, version: second.json.version, produced: 0.1 + 0.2, scrap: 0 });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.produced).toBe(0.3);
    expect(
      Number(
        (
          await db()
            .selectFrom('work_time_entry')
            .select('produced')
            .where('id', '=', second.json.id as number)
            .executeTakeFirstOrThrow()
        ).produced,
      ),
    ).toBe(300);

    const flushed = await manager.post('/api/v1/production/work_times/flush', {
      ids: [first.json.id, second.json.id],
    });
    expect(flushed.json).toEqual({ flushed: [first.json.id, second.json.id], failed: [] });
    expect(await totals()).toEqual({ completed: before.completed + 400, scrap: before.scrap + 200 });
    const orders = (await manager.get('/api/v1/production/work_orders/autocomplete/WO-3001')).json;
    expect(orders.find((o: { code: string }) => o.code === 'WO-3001')).toMatchObject({
      code: 'WO-3001',
      completedQuantity: fromThousandths(before.completed + 400),
      scrapQuantity: fromThousandths(before.scrap + 200),
    });
  });
});
