import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentLineDirection, itemBinLocationsAnswerSchema } from '@wms/contract';
import type { Db } from '../src/db/database.js';
import { verifyPassword } from '../src/features/auth/secrets.js';
import { applyStockMovement } from '../src/features/stock/stock.service.js';
import { ledgerOf, stockOf } from '../src/features/stock/stock.test-helper.js';
import {
  makeBatch,
  makeBinLocation,
  makeDocument,
  makeItem,
  makeSerial,
  makeStock,
  makeUser,
  makeWarehouse,
} from './factories.js';
import { signIn } from './session-helper.js';
import { buildTestApp, type TestApp } from './test-app.js';

/** Each factory writes what it says, on SQLite and PostgreSQL, and two calls never collide. */
describe('test factories', () => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
  });
  afterAll(async () => t.close());

  it('makeWarehouse: an active warehouse with a unique code, or the code, name and state given', async () => {
    const [a, b] = [await makeWarehouse(db), await makeWarehouse(db)];
    expect(a.code).not.toBe(b.code);
    expect(a.id).not.toBe(b.id);
    const rows = await db.selectFrom('warehouse').selectAll().where('id', 'in', [a.id, b.id]).orderBy('id').execute();
    expect(rows).toEqual([
      expect.objectContaining({ code: a.code, code_lower: a.code.toLowerCase(), name: a.name, active: 1 }),
      expect.objectContaining({ code: b.code, name: b.name, active: 1 }),
    ]);
    const closed = await makeWarehouse(db, { code: 'Wh-Closed', name: 'Closed', active: false });
    expect(await db.selectFrom('warehouse').selectAll().where('id', '=', closed.id).executeTakeFirst()).toMatchObject({
      code: 'Wh-Closed',
      code_lower: 'wh-closed',
      name: 'Closed',
      active: 0,
    });
  });

  it('makeItem: each management type with its flags; other item fields pass through', async () => {
    const items = {
      NORMAL: await makeItem(db),
      BATCH_NUMBER: await makeItem(db, { managedBy: 'BATCH_NUMBER' }),
      SERIAL_NUMBER: await makeItem(db, { managedBy: 'SERIAL_NUMBER', serialManagedByDispatch: true }),
    };
    expect(new Set(Object.values(items).map((i) => i.code)).size).toBe(3);
    for (const [managedBy, item] of Object.entries(items)) {
      const row = await db.selectFrom('item').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
      expect(item.managedBy).toBe(managedBy);
      expect(row).toMatchObject({
        code: item.code,
        code_lower: item.code.toLowerCase(),
        name: item.name,
        managed_by: managedBy,
        has_batch: managedBy === 'BATCH_NUMBER' ? 1 : 0,
        serial: managedBy === 'SERIAL_NUMBER' ? 1 : 0,
        serial_managed_by_dispatch: managedBy === 'SERIAL_NUMBER' ? 1 : 0,
        active: 1,
        is_stock_item: 1,
      });
    }
    const special = await makeItem(db, {
      code: 'F-SPECIAL',
      barcodes: ['F-BC-1', null, null],
      blockForQcType: 'ALWAYS',
      active: false,
    });
    const row = await db.selectFrom('item').selectAll().where('id', '=', special.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ code: 'F-SPECIAL', barcode_lower: 'f-bc-1', block_for_qc_type: 'ALWAYS', active: 0 });
    // The API reads it like any other item.
    const operator = await signIn(t, 'operator');
    expect((await operator.get(`/api/v1/item/find/${items.BATCH_NUMBER.code}`)).json).toMatchObject({
      item: { code: items.BATCH_NUMBER.code, managedBy: 'BATCH_NUMBER', hasBatch: true },
    });
  });

  it('makeBinLocation: every location type and physical type, restricted and blocked, in its warehouse', async () => {
    const warehouse = await makeWarehouse(db);
    const kinds = [
      { locationType: 'PICK', physicalLocationType: 'KARDEX' },
      { locationType: 'MOBILE', physicalLocationType: 'NORMAL' },
      { locationType: 'QC', physicalLocationType: 'NORMAL' },
      { locationType: 'BULK', physicalLocationType: 'LIQUID_CONTAINER' },
      { locationType: 'PICK', physicalLocationType: 'SINGLE_ITEM_LOCATION' },
      { locationType: 'RECEIVE', physicalLocationType: 'DIV' },
    ] as const;
    for (const kind of kinds) {
      const bin = await makeBinLocation(db, { warehouse, ...kind });
      const row = await db.selectFrom('bin_location').selectAll().where('id', '=', bin.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        code: bin.code,
        warehouse_id: warehouse.id,
        location_type: kind.locationType,
        physical_location_type: kind.physicalLocationType,
        stock_movement_restricted: 0,
        block_stock_movements: 0,
      });
    }
    const restricted = await makeBinLocation(db, { restricted: true });
    const blocked = await makeBinLocation(db, { blocked: 'Damaged' });
    const both = await makeBinLocation(db, { restricted: true, blocked: true });
    const flags = async (id: number) =>
      db
        .selectFrom('bin_location')
        .select(['location_type', 'stock_movement_restricted', 'block_stock_movements', 'block_stock_movements_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await flags(restricted.id)).toEqual({
      location_type: 'BULK',
      stock_movement_restricted: 1,
      block_stock_movements: 0,
      block_stock_movements_reason: null,
    });
    expect(await flags(blocked.id)).toMatchObject({
      block_stock_movements: 1,
      block_stock_movements_reason: 'Damaged',
    });
    expect(await flags(both.id)).toMatchObject({ stock_movement_restricted: 1, block_stock_movements: 1 });
    // Without a warehouse, every location goes into the factories' one warehouse.
    expect(new Set([restricted.warehouseId, blocked.warehouseId, both.warehouseId]).size).toBe(1);
    expect(restricted.warehouseId).not.toBe(warehouse.id);
  });

  it('makeBatch and makeSerial: codes unique per call, of their item, QC approval as told', async () => {
    const item = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
    const [b1, b2] = [
      await makeBatch(db, { item }),
      await makeBatch(db, { item: item.id, expirationDate: '2030-01-31' }),
    ];
    expect(b1.code).not.toBe(b2.code);
    const pending = await makeBatch(db, { item, qcApproved: false });
    const batches = await db
      .selectFrom('batch')
      .select(['id', 'item_id', 'code', 'expiration_date', 'quality_control_approved_or_not_required as approved'])
      .where('item_id', '=', item.id)
      .orderBy('id')
      .execute();
    expect(batches).toEqual([
      { id: b1.id, item_id: item.id, code: b1.code, expiration_date: null, approved: 1 },
      { id: b2.id, item_id: item.id, code: b2.code, expiration_date: '2030-01-31', approved: 1 },
      { id: pending.id, item_id: item.id, code: pending.code, expiration_date: null, approved: 0 },
    ]);

    const serialItem = await makeItem(db, { managedBy: 'SERIAL_NUMBER' });
    const [s1, s2] = [
      await makeSerial(db, { item: serialItem, lotCode: 'LOT-F' }),
      await makeSerial(db, { item: serialItem }),
    ];
    expect(s1.code).not.toBe(s2.code);
    const serials = await db
      .selectFrom('serial')
      .select(['id', 'item_id', 'code', 'lot_code'])
      .where('item_id', '=', serialItem.id)
      .orderBy('id')
      .execute();
    expect(serials).toEqual([
      { id: s1.id, item_id: serialItem.id, code: s1.code, lot_code: 'LOT-F' },
      { id: s2.id, item_id: serialItem.id, code: s2.code, lot_code: null },
    ]);
  });

  it('makeStock: thousandths in every bucket, a RECEIPT ledger row, a second call adds to the row', async () => {
    const item = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
    const batch = await makeBatch(db, { item });
    const [bin, other] = [await makeBinLocation(db), await makeBinLocation(db)];
    const row = await makeStock(db, {
      item,
      location: bin,
      batch,
      onHand: 10.5,
      released: 2,
      pick: 1.25,
      qcPending: 3,
    });
    const plain = await makeStock(db, { item, location: bin, onHand: 0.001 });
    expect(plain.id).not.toBe(row.id);
    await makeStock(db, { item, location: other, onHand: 4, ledger: false });
    expect(await stockOf(db, item.code)).toEqual([
      expect.objectContaining({ bin: bin.code, batch: null, onHand: 1 }),
      {
        bin: bin.code,
        batch: batch.code,
        serial: null,
        lot: null,
        onHand: 10_500,
        released: 2_000,
        pick: 1_250,
        qcPending: 1,
        qcPendingQty: 3_000,
      },
      expect.objectContaining({ bin: other.code, onHand: 4_000, qcPending: 0 }),
    ]);
    expect((await ledgerOf(db, item.code)).map((r) => [r.type, r.bin, r.batch, r.quantity])).toEqual([
      ['RECEIPT', bin.code, batch.code, 10_500],
      ['RECEIPT', bin.code, null, 1],
    ]);
    const again = await makeStock(db, { item, location: bin, batch, onHand: 1 });
    expect(again.id).toBe(row.id);
    expect((await stockOf(db, item.code))[1]).toMatchObject({ onHand: 11_500, released: 2_000 });

    // The API and the stock service take it as real stock: free to move 11.5 - 2 - 1.25 - 3.
    const operator = await signIn(t, 'operator');
    const rows = itemBinLocationsAnswerSchema.parse(
      (await operator.get(`/api/v1/item/${item.code}/bin_locations`)).json,
    );
    expect(rows.find((r) => r.batch?.code === batch.code)).toMatchObject({ onHandQty: 11.5, freeToMoveQty: 5.25 });
    const scrap = (onHandDelta: number) =>
      db.transaction().execute((tx) =>
        applyStockMovement(tx, t.app.ctx, {
          type: 'SCRAP',
          user: null,
          lines: [{ itemId: item.id, binLocationId: bin.id, batchId: batch.id, serialId: null, onHandDelta }],
        }),
      );
    await expect(scrap(-5_251)).rejects.toMatchObject({ key: 'notEnoughAvailableStock', args: { available: 5.25 } });
    await scrap(-5_250);
  });

  it('makeStock of a serial: one unit of the serial at the location', async () => {
    const item = await makeItem(db, { managedBy: 'SERIAL_NUMBER' });
    const serial = await makeSerial(db, { item, lotCode: 'L1' });
    const bin = await makeBinLocation(db, { locationType: 'MOBILE' });
    await makeStock(db, { item, location: bin, serial, onHand: 1, pick: 1 });
    expect(await stockOf(db, item.code)).toEqual([
      expect.objectContaining({ bin: bin.code, serial: serial.code, lot: 'L1', onHand: 1_000, pick: 1_000 }),
    ]);
  });

  it('makeUser: exactly the roles, a password hashed like the seed, signs in over HTTP', async () => {
    const [a, b] = [await makeUser(db, { roles: ['stockTransfer', 'information'] }), await makeUser(db, { roles: [] })];
    expect(a.username).not.toBe(b.username);
    const row = await db.selectFrom('app_user').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ username: a.username, username_lower: a.username.toLowerCase(), active: 1 });
    expect(JSON.parse(row.roles)).toEqual(['stockTransfer', 'information']);
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword(a.password, row.password_hash)).toBe(true);
    const client = await signIn(t, a.username, a.password);
    const me = await client.get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      user: { id: a.id, username: a.username, roles: ['stockTransfer', 'information'] },
    });
    expect(me.json.expandedRoles).toEqual(['information', 'stockTransfer']);
    const inactive = await makeUser(db, { roles: ['information'], active: false });
    const refused = await t
      .client()
      .post('/api/v1/auth/signin', { username: inactive.username, password: inactive.password });
    expect(refused.status).not.toBe(200);
  });

  it('makeDocument: the document and its numbered lines, direction from the type, open quantity in thousandths', async () => {
    const [item, product] = [await makeItem(db), await makeItem(db)];
    const warehouse = await makeWarehouse(db);
    const [from, to] = [await makeBinLocation(db, { warehouse }), await makeBinLocation(db, { warehouse })];
    const order = await makeDocument(db, {
      type: 'PRODUCTION_ORDER',
      warehouse,
      lines: [
        { item: product, quantity: 25, product: true },
        { item, quantity: 100.5, open: 40.25, from, to },
      ],
    });
    const other = await makeDocument(db, { type: 'PRODUCTION_ORDER', status: 'RELEASED', lines: [] });
    expect(other.code).not.toBe(order.code);
    const document = await db.selectFrom('document').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(document).toMatchObject({
      type: 'PRODUCTION_ORDER',
      code: order.code,
      status: 'OPEN',
      version: 1,
      warehouse_id: warehouse.id,
    });
    const lines = await db
      .selectFrom('document_line')
      .selectAll()
      .where('document_id', '=', order.id)
      .orderBy('line_number')
      .execute();
    expect(lines.map((l) => l.id)).toEqual(order.lines.map((l) => l.id));
    expect(lines).toEqual([
      expect.objectContaining({
        line_number: 0,
        item_id: product.id,
        direction: 'IN',
        quantity: 25_000,
        open_quantity: 25_000,
      }),
      expect.objectContaining({
        line_number: 1,
        item_id: item.id,
        direction: 'OUT',
        quantity: 100_500,
        open_quantity: 40_250,
        from_bin_location_id: from.id,
        to_bin_location_id: to.id,
      }),
    ]);
    const sales = await makeDocument(db, { type: 'SALES_ORDER', lines: [{ item, quantity: 3 }] });
    const counting = await makeDocument(db, { type: 'COUNTING_LIST', lines: [{ item, quantity: 1 }] });
    for (const [doc, type] of [
      [sales, 'SALES_ORDER'],
      [counting, 'COUNTING_LIST'],
    ] as const) {
      const line = await db
        .selectFrom('document_line')
        .select('direction')
        .where('id', '=', doc.lines[0]?.id ?? 0)
        .executeTakeFirstOrThrow();
      expect(line.direction).toBe(documentLineDirection(type));
    }
    // The item's open documents (read from this store) list the open lines.
    const operator = await signIn(t, 'operator');
    const open = (await operator.get(`/api/v1/item/${item.code}/open_documents`)).json;
    expect(open.map((r: { code: string; direction: string }) => `${r.code} ${r.direction}`).sort()).toEqual(
      [`${order.code} OUT`, `${sales.code} OUT`].sort(),
    );
  });
});
