import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { itemSchema, topics } from '@wms/contract';
import { makeBinLocation, makeItem, makeStock, uniqueCode } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';

/** Every test makes its own items (test/factories.ts), so each runs alone and in any order. */
describe('master data: items (/api/v1/master_data/items)', () => {
  let t: TestApp;
  let admin: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, operator] = await Promise.all([signIn(t, 'admin'), signIn(t, 'operator')]);
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const base = '/api/v1/master_data/items';
  const create = (body: Record<string, unknown>, client = admin) => client.post(base, body);
  const update = (code: string, body: Record<string, unknown>, client = admin) =>
    client.request('PATCH', `${base}/${encodeURIComponent(code)}`, body);

  it('creates an item with every field, answers 201 with it, and the item lookups find it at once', async () => {
    const code = uniqueCode('MD-ITEM-');
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const answer = await create({
      code,
      name: 'Hex bolt M10',
      secondName: 'Zeskantbout',
      visualCode: `V-${code}`,
      barcode: `871${code}`,
      barcodeInvQty: 1,
      barcode2: `BOX-${code}`,
      barcode2InvQty: 12.5,
      units: 'pcs',
      groupName: 'Bolts',
      managedBy: 'BATCH_NUMBER',
      serialManagedByDispatch: false,
      avgPrice: 0.125,
      isSalesBomItem: true,
      weightInMg: 12_500,
      productionIssueMethod: 'BACKFLUSH',
      productionMaterialToleranceValue: 2.5,
      productionMaterialToleranceType: 'PERCENTAGE',
      blockForQcType: 'PURCHASE_RECEIPT',
      receiptScanPreferences: { scanExpirationDate: true },
    });
    expect(answer.status).toBe(201);
    expect(itemSchema.strict().parse(answer.json)).toMatchObject({
      code,
      name: 'Hex bolt M10',
      visualCode: `V-${code}`,
      barcode2InvQty: 12.5,
      managedBy: 'BATCH_NUMBER',
      hasBatch: true,
      serial: false,
      avgPrice: 0.125,
      active: true,
      isStockItem: true,
      isSalesBomItem: true,
      weightInMg: 12_500,
      productionMaterialToleranceValue: 2.5,
      blockForQcType: 'PURCHASE_RECEIPT',
      receiptScanPreferences: { scanExpirationDate: true, scanManufacturingDate: false },
      version: 1,
    });
    expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: [code] });
    expect((await operator.get(`/api/v1/item/find/box-${code.toLowerCase()}`)).json).toMatchObject({
      matchedBy: 'BARCODE2',
      quantity: 12.5,
      item: { code },
    });
    expect((await admin.get(`${base}/${code.toLowerCase()}`)).json).toEqual(answer.json);
  });

  it('refuses a code that exists without regard to case with 409 codeAlreadyExists, writing nothing', async () => {
    const item = await makeItem(t.app.ctx.db);
    const answer = await create({ code: ` ${item.code.toLowerCase()} `, name: 'Other' });
    expect(errorOf(answer)).toEqual({
      status: 409,
      key: 'codeAlreadyExists',
      args: { code: item.code, field: 'code' },
    });
    expect((await admin.get(`${base}/${item.code}`)).json).toMatchObject({ name: item.name, version: 1 });
  });

  it('updates only the fields sent with the version read; a stale version is 412 and the cached find follows', async () => {
    const item = await makeItem(t.app.ctx.db, { name: 'Before' });
    const before = (await operator.get(`/api/v1/item/find/${item.code}`)).json;
    expect(before.item.name).toBe('Before');
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const answer = await update(item.code.toLowerCase(), { version: 1, name: 'After', units: 'box', weightInMg: null });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ code: item.code, name: 'After', units: 'box', weightInMg: null, version: 2 });
    expect(publish).toHaveBeenCalledWith(topics.items(), 'ITEM_CHANGED', { codes: [item.code] });
    expect((await operator.get(`/api/v1/item/find/${item.code}`)).json.item).toMatchObject({
      name: 'After',
      version: 2,
    });
    expect((await operator.get(`/api/v1/item/autocomplete/${encodeURIComponent('after')}`)).json).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: item.code })]),
    );

    const stale = await update(item.code, { version: 1, name: 'Lost' });
    expect(stale.status).toBe(412);
    expect((await admin.get(`${base}/${item.code}`)).json).toMatchObject({ name: 'After', version: 2 });
  });

  it('keeps the management type: an update cannot set it (the managed-by conversion does)', async () => {
    const item = await makeItem(t.app.ctx.db);
    const answer = await update(item.code, { version: 1, managedBy: 'SERIAL_NUMBER', groupName: 'G' });
    expect(answer.json).toMatchObject({ managedBy: 'NORMAL', serial: false, groupName: 'G', version: 2 });
  });

  it('keeps barcodes unique across items, their slots and location barcodes (barcodeAlreadyAssigned)', async () => {
    const owner = await makeItem(t.app.ctx.db, { barcodes: [uniqueCode('871'), null, uniqueCode('BOX')] });
    const [ownerRow] = await t.app.ctx.db.selectFrom('item').selectAll().where('id', '=', owner.id).execute();
    const location = await makeBinLocation(t.app.ctx.db, { barcode: uniqueCode('LOC-BC-') });
    const [locationRow] = await t.app.ctx.db
      .selectFrom('bin_location')
      .selectAll()
      .where('id', '=', location.id)
      .execute();
    const code = uniqueCode('MD-ITEM-');
    const byItem = await create({ code, name: 'x', barcode2: ownerRow!.barcode3!.toLowerCase() });
    expect(errorOf(byItem)).toMatchObject({
      status: 422,
      key: 'barcodeAlreadyAssigned',
      args: { owner: owner.code, itemCode: owner.code, field: 'barcode2' },
    });
    const byCode = await create({ code, name: 'x', barcode: owner.code });
    expect(errorOf(byCode)).toMatchObject({
      status: 422,
      key: 'barcodeAlreadyAssigned',
      args: { itemCode: owner.code },
    });
    const byLocation = await create({ code, name: 'x', barcode3: locationRow!.barcode });
    expect(errorOf(byLocation)).toMatchObject({
      status: 422,
      key: 'barcodeAlreadyAssigned',
      args: { owner: location.code, locationCode: location.code },
    });
    const twice = await create({ code, name: 'x', barcode: 'SAME-1', barcode2: 'same-1' });
    expect(errorOf(twice)).toMatchObject({ status: 422, key: 'barcodeAlreadyAssigned', args: { field: 'barcode2' } });
    expect((await admin.get(`${base}/${code}`)).status).toBe(404);
    // The item keeps its own barcodes when another field changes, and may move one to another slot.
    const moved = await update(owner.code, { version: 1, barcode: null, barcode2: ownerRow!.barcode });
    expect(moved.json).toMatchObject({ barcode: null, barcode2: ownerRow!.barcode, barcode3: ownerRow!.barcode3 });
  });

  it('deactivates an item without stock; one holding stock stays active (422 masterDataHoldsStock)', async () => {
    const [free, stocked] = [await makeItem(t.app.ctx.db), await makeItem(t.app.ctx.db)];
    await makeStock(t.app.ctx.db, { item: stocked, location: await makeBinLocation(t.app.ctx.db), onHand: 2 });
    expect((await update(free.code, { version: 1, active: false })).json).toMatchObject({ active: false, version: 2 });
    expect(errorOf(await update(stocked.code, { version: 1, active: false }))).toMatchObject({
      status: 422,
      key: 'masterDataHoldsStock',
      args: { code: stocked.code },
    });
    const page = (await admin.get(`${base}?active=false&text=${encodeURIComponent(free.code)}`)).json;
    expect(page).toMatchObject({ rows: [{ code: free.code, active: false }], hasMore: false });
  });

  it('lists items in code order, bounded and paged, filtered by text and active', async () => {
    const prefix = uniqueCode('MD-LIST-');
    for (const n of [3, 1, 2]) await makeItem(t.app.ctx.db, { code: `${prefix}-${n}` });
    const first = (await admin.get(`${base}?text=${prefix.toLowerCase()}&limit=2`)).json;
    expect(first).toMatchObject({ offset: 0, limit: 2, hasMore: true });
    expect(first.rows.map((r: { code: string }) => r.code)).toEqual([`${prefix}-1`, `${prefix}-2`]);
    const second = (await admin.get(`${base}?text=${prefix}&limit=2&offset=2`)).json;
    expect(second.rows.map((r: { code: string }) => r.code)).toEqual([`${prefix}-3`]);
    expect(second.hasMore).toBe(false);
    expect((await admin.get(`${base}?limit=501`)).status).toBe(400);
  });

  it('answers 404 for an unknown item and 400 for bad fields', async () => {
    expect(errorOf(await admin.get(`${base}/NOPE-${uniqueCode('X')}`))).toMatchObject({
      status: 404,
      key: 'unknownItemForCode',
    });
    expect(errorOf(await update(`NOPE-${uniqueCode('X')}`, { version: 1, name: 'x' }))).toMatchObject({
      status: 404,
      key: 'unknownItemForCode',
    });
    for (const body of [
      { code: 'X', name: '' },
      { code: 'X', name: 'x', managedBy: 'LOT' },
      { code: 'X', name: 'x', blockForQcType: 'SOMETIMES' },
      { code: 'X', name: 'x', barcodeInvQty: 0 },
      { code: 'X\u0001', name: 'x' },
    ]) {
      expect((await create(body)).status).toBe(400);
    }
    expect((await update('X', { name: 'x' })).status).toBe(400);
  });

  it('refuses callers without masterDataManager with 403', async () => {
    const item = await makeItem(t.app.ctx.db);
    expect((await create({ code: uniqueCode('MD-'), name: 'x' }, operator)).status).toBe(403);
    expect((await update(item.code, { version: 1, name: 'x' }, operator)).status).toBe(403);
    expect((await operator.get(`${base}/${item.code}`)).status).toBe(403);
    expect((await operator.get(base)).status).toBe(403);
  });

  it('refuses every write with 409 masterDataOwnedByErp while an ERP owns master data; reads still answer', async () => {
    const item = await makeItem(t.app.ctx.db);
    const { version } = await t.app.ctx.settings.get();
    await t.app.ctx.settings.update(version, { erpType: 'SAP' });
    try {
      expect(errorOf(await create({ code: uniqueCode('MD-'), name: 'x' }))).toEqual({
        status: 409,
        key: 'masterDataOwnedByErp',
        args: { erpType: 'SAP' },
      });
      expect(errorOf(await update(item.code, { version: 1, name: 'x' }))).toMatchObject({
        status: 409,
        key: 'masterDataOwnedByErp',
      });
      expect((await admin.get(`${base}/${item.code}`)).json).toMatchObject({ name: item.name, version: 1 });
    } finally {
      const current = await t.app.ctx.settings.get();
      await t.app.ctx.settings.update(current.version, { erpType: 'NONE' });
    }
  });
});
