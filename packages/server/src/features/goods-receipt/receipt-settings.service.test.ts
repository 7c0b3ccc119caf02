import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBinLocation, makeItem, makeWarehouse } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import {
  overReceiptRuleFor,
  setItemOverReceiptSetting,
  setWarehouseReceiptSettings,
  warehouseReceiptSettings,
} from './receipt-settings.service.js';

/**
 * The receipt settings of migration 0019 on the migrated database (SQLite and PostgreSQL). No
 * route answers them yet, so the service is called on the app's database; every test makes its
 * own warehouse, locations and items (test/factories.ts).
 */
describe('goods receipt settings', () => {
  let t: TestApp;
  let db: Db;

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
  });
  afterAll(() => t.close());

  it('a new warehouse has no staging location and BLOCK with a zero tolerance; an item follows it', async () => {
    const warehouse = await makeWarehouse(db);
    const item = await makeItem(db);
    expect(await warehouseReceiptSettings(db, warehouse.id)).toEqual({
      warehouseCode: warehouse.code,
      receiptStagingLocation: null,
      overReceipt: { mode: 'BLOCK', tolerancePercent: 0 },
    });
    expect(await overReceiptRuleFor(db, warehouse.id, item.id)).toEqual({ mode: 'BLOCK', tolerancePercent: 0 });
  });

  it('sets the staging location, mode and tolerance exactly (2.5% is 2500 thousandths)', async () => {
    const warehouse = await makeWarehouse(db);
    const staging = await makeBinLocation(db, { warehouse, locationType: 'RECEIVE' });
    const settings = await setWarehouseReceiptSettings(db, warehouse.code.toLowerCase(), {
      receiptStagingLocationCode: staging.code.toLowerCase(),
      overReceiptMode: 'CONFIRM',
      overReceiptTolerancePercent: 2.5,
    });
    expect(settings).toEqual({
      warehouseCode: warehouse.code,
      receiptStagingLocation: { id: staging.id, code: staging.code },
      overReceipt: { mode: 'CONFIRM', tolerancePercent: 2_500 },
    });
    const row = await db
      .selectFrom('warehouse')
      .select(['over_receipt_tolerance_percent', 'receipt_staging_location_id'])
      .where('id', '=', warehouse.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ over_receipt_tolerance_percent: 2_500, receipt_staging_location_id: staging.id });

    const cleared = await setWarehouseReceiptSettings(db, warehouse.code, {
      receiptStagingLocationCode: null,
      overReceiptMode: 'MANAGER',
      overReceiptTolerancePercent: 0.1 + 0.2,
    });
    expect(cleared).toMatchObject({ receiptStagingLocation: null, overReceipt: { tolerancePercent: 300 } });
  });

  it('refuses a staging location of another warehouse, an unknown one and a tolerance out of range', async () => {
    const warehouse = await makeWarehouse(db);
    const elsewhere = await makeBinLocation(db, { warehouse: await makeWarehouse(db) });
    const settings = { overReceiptMode: 'CONFIRM' as const, overReceiptTolerancePercent: 5 };
    await expect(
      setWarehouseReceiptSettings(db, warehouse.code, { ...settings, receiptStagingLocationCode: elsewhere.code }),
    ).rejects.toMatchObject({
      status: 422,
      key: 'stagingLocationOutsideWarehouse',
      args: { location: elsewhere.code, warehouse: warehouse.code },
    });
    await expect(
      setWarehouseReceiptSettings(db, warehouse.code, { ...settings, receiptStagingLocationCode: 'NO-SUCH-BIN' }),
    ).rejects.toMatchObject({ status: 404, key: 'unknownLocation' });
    await expect(
      setWarehouseReceiptSettings(db, 'NO-SUCH-WH', { ...settings, receiptStagingLocationCode: null }),
    ).rejects.toMatchObject({ status: 404, key: 'unknownWarehouse' });
    for (const bad of [-0.001, 1000.001, Number.NaN]) {
      await expect(
        setWarehouseReceiptSettings(db, warehouse.code, {
          ...settings,
          receiptStagingLocationCode: null,
          overReceiptTolerancePercent: bad,
        }),
      ).rejects.toMatchObject({ status: 400, key: 'invalidInput' });
    }
    expect(await warehouseReceiptSettings(db, warehouse.id)).toMatchObject({ overReceipt: { mode: 'BLOCK' } });
  });

  it("an item's override wins per field, and clearing it falls back to the warehouse", async () => {
    const warehouse = await makeWarehouse(db);
    const item = await makeItem(db);
    await setWarehouseReceiptSettings(db, warehouse.code, {
      receiptStagingLocationCode: null,
      overReceiptMode: 'CONFIRM',
      overReceiptTolerancePercent: 5,
    });
    await setItemOverReceiptSetting(db, item.code, { overReceiptMode: 'MANAGER', overReceiptTolerancePercent: null });
    expect(await overReceiptRuleFor(db, warehouse.id, item.id)).toEqual({ mode: 'MANAGER', tolerancePercent: 5_000 });
    await setItemOverReceiptSetting(db, item.code, { overReceiptMode: null, overReceiptTolerancePercent: 0 });
    expect(await overReceiptRuleFor(db, warehouse.id, item.id)).toEqual({ mode: 'CONFIRM', tolerancePercent: 0 });
    await setItemOverReceiptSetting(db, item.code, { overReceiptMode: null, overReceiptTolerancePercent: null });
    expect(await overReceiptRuleFor(db, warehouse.id, item.id)).toEqual({ mode: 'CONFIRM', tolerancePercent: 5_000 });
    await expect(
      setItemOverReceiptSetting(db, 'NO-SUCH-ITEM', { overReceiptMode: null, overReceiptTolerancePercent: null }),
    ).rejects.toMatchObject({ status: 404, key: 'unknownItemForCode' });
  });

  it('the database refuses a mode outside BLOCK, CONFIRM and MANAGER and a negative tolerance', async () => {
    const warehouse = await makeWarehouse(db);
    const item = await makeItem(db);
    await expect(
      sql`update warehouse set over_receipt_mode = 'MAYBE' where id = ${warehouse.id}`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`update item set over_receipt_tolerance_percent = -1 where id = ${item.id}`.execute(db),
    ).rejects.toThrow();
  });
});
