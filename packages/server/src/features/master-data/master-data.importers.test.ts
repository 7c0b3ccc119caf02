import { codeKey, paddedCodeKey } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBinLocation, makeItem, makeWarehouse, uniqueCode } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { importBase } from '../importers/importers.test-helper.js';
import { commitImport, messagesByRow, validatedImport } from './master-data.test-helper.js';

/** The master-data importers through the import framework's routes; every test makes its own codes. */
describe('master-data importers', () => {
  let t: TestApp;
  let admin: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, operator] = await Promise.all([signIn(t, 'admin'), signIn(t, 'operator')]);
  });
  afterAll(async () => t.close());

  const itemRow = (code: string) =>
    t.app.ctx.db.selectFrom('item').selectAll().where('code_lower', '=', codeKey(code)).executeTakeFirst();

  it('items: creates and updates by code, reports each bad row with its column, key and args', async () => {
    const known = await makeItem(t.app.ctx.db, { name: 'Known', barcodes: [uniqueCode('KB-'), null, null] });
    const knownRow = await itemRow(known.code);
    const [a, b, c] = [uniqueCode('IMP-A-'), uniqueCode('IMP-B-'), uniqueCode('IMP-C-')];
    const { session, rows } = await validatedImport(t, admin, 'items', [
      ['Item code', 'Name', 'Barcode', 'Barcode 2 quantity', 'Managed by', 'Weight (kg)', 'Block for QC', 'Active'],
      [a, 'Bolt', `EAN-${a}`, '12.5', 'batch number', '1.25', 'purchase receipt', 'yes'],
      [known.code.toLowerCase(), 'Renamed', '', '', 'SERIAL_NUMBER', '', '', ''],
      [b, 'Nut', knownRow!.barcode, '', '', '', '', ''],
      [c, '', '', '', 'LOT', 'heavy', '', 'maybe'],
      [a, 'Bolt again', '', '', '', '', '', ''],
    ]);
    expect(session.counts).toEqual({ valid: 0, warning: 2, error: 3 });
    expect(messagesByRow(rows)).toEqual({
      // Row 6 repeats row 2's code: one group, skipped whole by a valid-rows-only commit.
      2: [{ severity: 'WARNING', column: null, key: 'importGroupHasErrors', args: { rows: '6' } }],
      3: [
        {
          severity: 'WARNING',
          column: 'managedBy',
          key: 'managedByChangeNotAllowed',
          args: { code: known.code, managedBy: 'NORMAL' },
        },
      ],
      4: [
        {
          severity: 'ERROR',
          column: 'barcode',
          key: 'barcodeAlreadyAssigned',
          args: { barcode: knownRow!.barcode, owner: known.code, itemCode: known.code },
        },
      ],
      5: [
        { severity: 'ERROR', column: 'weightKg', key: 'notANumber', args: { value: 'heavy' } },
        {
          severity: 'ERROR',
          column: 'managedBy',
          key: 'valueNotAllowed',
          args: { value: 'LOT', allowed: 'SERIAL_NUMBER, BATCH_NUMBER, NORMAL' },
        },
        { severity: 'ERROR', column: 'active', key: 'valueNotAllowed', args: { value: 'maybe', allowed: 'yes, no' } },
        { severity: 'ERROR', column: 'name', key: 'importValueRequired', args: {} },
      ],
      6: [{ severity: 'ERROR', column: 'code', key: 'duplicateInFile', args: { value: a, rows: 2 } }],
    });

    const refused = await commitImport(admin, 'items', session.id, 'ALL_OR_NOTHING');
    expect(refused.status).toBe(422);
    expect(refused.json.key).toBe('importHasErrors');
    expect(await itemRow(b)).toBeUndefined();

    const committed = await commitImport(admin, 'items', session.id, 'VALID_ROWS_ONLY');
    expect(committed.status, committed.text).toBe(200);
    // Row 2 (a) and row 6 (a again) are one group: the duplicate's error skips both.
    expect(committed.json.result).toMatchObject({ committedRows: 1, skippedRows: 4 });
    expect(await itemRow(a)).toBeUndefined();
    expect(await itemRow(known.code)).toMatchObject({ name: 'Renamed', managed_by: 'NORMAL', version: 2 });
  });

  it('items: a valid file creates every field, in the caller-independent form (dot decimals of an XLSX)', async () => {
    const code = uniqueCode('IMP-');
    const { session, rows } = await validatedImport(t, admin, 'items', [
      [
        'code',
        'name',
        'barcode',
        'barcodeInvQty',
        'managedBy',
        'weightKg',
        'blockForQcType',
        'scanExpirationDate',
        'avgPrice',
      ],
      [code, 'Bolt', `EAN-${code}`, 6, 'BATCH_NUMBER', 1.25, 'PURCHASE_RECEIPT', 'ja', 0.5],
    ]);
    expect(messagesByRow(rows)).toEqual({});
    expect((await commitImport(admin, 'items', session.id, 'ALL_OR_NOTHING')).status).toBe(200);
    expect(await itemRow(code)).toMatchObject({
      name: 'Bolt',
      barcode_lower: codeKey(`EAN-${code}`),
      managed_by: 'BATCH_NUMBER',
      has_batch: 1,
      weight_in_mg: 1_250_000,
      block_for_qc_type: 'PURCHASE_RECEIPT',
      scan_expiration_date: 1,
      avg_price: '0.5',
      version: 1,
    });
    expect(Number((await itemRow(code))!.barcode_inv_qty)).toBe(6000);
    expect((await operator.get(`/api/v1/item/find/ean-${code.toLowerCase()}`)).json).toMatchObject({ item: { code } });
  });

  it('warehouses and bin locations: create and update by code with the API rules', async () => {
    const [whs, inactive] = [uniqueCode('IW'), await makeWarehouse(t.app.ctx.db, { active: false })];
    const warehouses = await validatedImport(t, admin, 'warehouses', [
      ['Warehouse code', 'Name', 'Active'],
      [whs, 'Imported warehouse', 'ja'],
    ]);
    expect(messagesByRow(warehouses.rows)).toEqual({});
    expect((await commitImport(admin, 'warehouses', warehouses.session.id, 'ALL_OR_NOTHING')).status).toBe(200);

    const existing = await makeBinLocation(t.app.ctx.db, { barcode: uniqueCode('LBC-') });
    const [l1, l2, l3, l4] = [uniqueCode('IL-'), uniqueCode('IL-'), uniqueCode('IL-'), uniqueCode('IL-')];
    const { session, rows } = await validatedImport(t, admin, 'bin_locations', [
      [
        'code',
        'warehouseCode',
        'locationType',
        'physicalLocationType',
        'minimalStockLevel',
        'maximalStockLevel',
        'attributes',
        'pickingStrategy',
      ],
      [l1, whs.toLowerCase(), 'pick', 'single item location', '1', '10', 'zone=A; temp = cold', 'fefo'],
      [l2, 'NOPE', '', '', '', '', '', ''],
      [l3, whs, '', '', '20', '10', 'broken', 'RANDOM'],
      [l4, inactive.code, 'SHELF', '', '', '', '', ''],
      [existing.code, whs, '', '', '', '', '', ''],
    ]);
    expect(messagesByRow(rows)).toEqual({
      3: [{ severity: 'ERROR', column: 'warehouseCode', key: 'unknownWarehouse', args: { code: 'NOPE' } }],
      4: [
        {
          severity: 'ERROR',
          column: 'attributes',
          key: 'valueNotAllowed',
          args: { value: 'broken', allowed: 'name=value;name=value' },
        },
        {
          severity: 'ERROR',
          column: 'pickingStrategy',
          key: 'valueNotAllowed',
          args: { value: 'RANDOM', allowed: 'FIFO, FEFO, LIFO' },
        },
        {
          severity: 'ERROR',
          column: 'maximalStockLevel',
          key: 'minStockGreaterThanMaxStock',
          args: { minStock: 20, maxStock: 10 },
        },
      ],
      5: [
        {
          severity: 'ERROR',
          column: 'locationType',
          key: 'valueNotAllowed',
          args: expect.objectContaining({ value: 'SHELF' }),
        },
        { severity: 'ERROR', column: 'warehouseCode', key: 'warehouseInactive', args: { code: inactive.code } },
      ],
      6: [
        {
          severity: 'ERROR',
          column: 'warehouseCode',
          key: 'locationNotInWarehouse',
          args: { location: existing.code, warehouse: whs },
        },
      ],
    });
    expect((await commitImport(admin, 'bin_locations', session.id, 'VALID_ROWS_ONLY')).json.result).toMatchObject({
      committedRows: 1,
    });
    expect((await admin.get(`/api/v1/master_data/bin_locations/${l1}`)).json).toMatchObject({
      warehouseCode: whs,
      locationType: 'PICK',
      physicalLocationType: 'SINGLE_ITEM_LOCATION',
      pickingStrategy: 'FEFO',
      minimalStockLevel: 1,
      maximalStockLevel: 10,
      attributes: [
        { name: 'temp', value: 'cold' },
        { name: 'zone', value: 'A' },
      ],
    });
  });

  it('business partners: rows of one partner are its addresses; partner fields must agree', async () => {
    const [p1, p2] = [uniqueCode('BP'), uniqueCode('BP')];
    const { session, rows } = await validatedImport(t, admin, 'business_partners', [
      ['Business partner code', 'Name', 'Type', 'Address code', 'Street', 'City', 'Country', 'Default ship-to'],
      [p1, 'Bakker', 'customer', 'MAIN', 'Dorpsstraat 1', 'Utrecht', 'nl', 'yes'],
      [p1, 'Bakker', '', 'DEPOT', 'Haven 2', 'Rotterdam', 'NL', 'no'],
      [p2, 'Müller', 'SUPPLIER', 'HQ', '', 'Köln', 'Germany', ''],
      [p2, 'Mueller', '', 'WH', '', '', '', ''],
    ]);
    expect(messagesByRow(rows)).toMatchObject({
      4: [{ severity: 'ERROR', column: 'countryCode', key: 'invalidCountryCode', args: { value: 'Germany' } }],
      5: [{ severity: 'ERROR', column: 'name', key: 'rowConflictsWithGroup', args: { column: 'name' } }],
    });
    expect((await commitImport(admin, 'business_partners', session.id, 'VALID_ROWS_ONLY')).json.result).toMatchObject({
      committedRows: 2,
    });
    const partner = (await admin.get(`/api/v1/master_data/business_partners/${p1}`)).json;
    expect(partner).toMatchObject({
      code: p1,
      name: 'Bakker',
      type: 'CUSTOMER',
      addresses: [
        { code: 'DEPOT', city: 'Rotterdam', countryCode: 'NL', isDefaultShipTo: false },
        { code: 'MAIN', street: 'Dorpsstraat 1', countryCode: 'NL', isDefaultShipTo: true },
      ],
    });
    const stored = await t.app.ctx.db
      .selectFrom('business_partner')
      .select('id')
      .where('code_key', '=', paddedCodeKey(p2))
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('default item locations: the default-location rules per row', async () => {
    const warehouse = await makeWarehouse(t.app.ctx.db);
    const other = await makeWarehouse(t.app.ctx.db);
    const [item, item2] = [await makeItem(t.app.ctx.db), await makeItem(t.app.ctx.db)];
    const bin = await makeBinLocation(t.app.ctx.db, { warehouse });
    const restricted = await makeBinLocation(t.app.ctx.db, { warehouse, restricted: true });
    const elsewhere = await makeBinLocation(t.app.ctx.db, { warehouse: other });
    const { session, rows } = await validatedImport(t, admin, 'default_item_locations', [
      ['Item code', 'Warehouse', 'Location', 'Enforced', 'Minimum stock', 'Maximum stock'],
      [item.code, warehouse.code, bin.code, 'yes', '2', '8'],
      [item2.code, warehouse.code, restricted.code, '', '', ''],
      [item2.code, other.code, bin.code, '', '', ''],
      ['NOPE-ITEM', warehouse.code, '', '', '', ''],
      [item2.code, warehouse.code.toLowerCase(), elsewhere.code, '', '9', '3'],
    ]);
    expect(messagesByRow(rows)).toMatchObject({
      3: [{ column: 'binLocationCode', key: 'restrictedLocationAsDefault', args: { location: restricted.code } }],
      4: [
        {
          column: 'binLocationCode',
          key: 'locationNotInWarehouse',
          args: { location: bin.code, warehouse: other.code },
        },
      ],
      5: [{ column: 'itemCode', key: 'unknownItemForCode', args: { code: 'NOPE-ITEM' } }],
      6: [
        { column: 'itemCode', key: 'duplicateInFile', args: { rows: 3 } },
        { column: 'binLocationCode', key: 'locationNotInWarehouse' },
        { column: 'maxStock', key: 'minStockGreaterThanMaxStock', args: { minStock: 9, maxStock: 3 } },
      ],
    });
    expect((await commitImport(admin, 'default_item_locations', session.id, 'VALID_ROWS_ONLY')).status).toBe(200);
    const defaults = (await operator.get(`/api/v1/item/${item.code}/default_bin_locations?filter=present`)).json;
    expect(defaults).toEqual([
      expect.objectContaining({
        whs: expect.objectContaining({ code: warehouse.code }),
        binLocation: expect.objectContaining({ code: bin.code }),
        enforced: true,
        minStock: 2,
        maxStock: 8,
      }),
    ]);
  });

  it('refuses callers without masterDataManager (403) and is switched off while an ERP owns master data (409)', async () => {
    expect((await operator.get(importBase('items'))).status).toBe(403);
    const { version } = await t.app.ctx.settings.get();
    await t.app.ctx.settings.update(version, { erpType: 'EXACT_ONLINE' });
    try {
      expect((await admin.get(importBase('opening_stock'))).json).toMatchObject({ enabled: false });
      const created = await admin.post(`${importBase('warehouses')}/sessions`);
      expect(created.status).toBe(409);
      expect(created.json).toMatchObject({ key: 'importerDisabledWithErp', args: { erpType: 'EXACT_ONLINE' } });
    } finally {
      const current = await t.app.ctx.settings.get();
      await t.app.ctx.settings.update(current.version, { erpType: 'NONE' });
    }
  });
});
