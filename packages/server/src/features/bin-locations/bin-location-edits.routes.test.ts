import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { binLocationSchema, topics } from '@wms/contract';
import { buildLiveTestApp, TestStompClient, type LiveTestApp } from '../../live/live.test-helper.js';
import type { HttpClient } from '../../../test/http-client.js';
import { errorOf, signedInUserWithRoles } from '../../../test/user-helper.js';

describe('bin location edits and labels', () => {
  let t: LiveTestApp;
  let admin: HttpClient;
  let manager: HttpClient;
  let informationOnly: HttpClient;
  let listener: TestStompClient;

  const stored = (code: string) =>
    t.app.ctx.db.selectFrom('bin_location').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  const printerId = async (name: string) =>
    (await t.app.ctx.db.selectFrom('printer').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const changes = () => listener.messages(topics.binLocations());
  /** Waits for the message of an edit, then checks that nothing else was published. */
  const expectPublished = async (codes: string[][]) => {
    await listener.waitForMessages(codes.length, topics.binLocations());
    expect(changes()).toEqual(codes.map((c) => ({ what: 'BIN_LOCATION_CHANGED', payload: { codes: c } })));
  };

  /** Publishes a marker and waits for it: anything an edit published would have arrived before it. */
  const expectNothingPublished = async () => {
    t.app.ctx.live.publish(topics.binLocations(), 'BIN_LOCATION_CHANGED', { codes: ['(marker)'] });
    await listener.waitForMessages(1, topics.binLocations());
    expect(changes()).toEqual([{ what: 'BIN_LOCATION_CHANGED', payload: { codes: ['(marker)'] } }]);
  };

  beforeAll(async () => {
    t = await buildLiveTestApp();
    [admin, manager] = await Promise.all([t.httpClientFor('admin'), t.httpClientFor('manager')]);
    informationOnly = await signedInUserWithRoles(admin, 'infoonly', ['information']);
    const { cookie } = await t.cookieFor('operator');
    listener = await new TestStompClient(t.wsUrl, { version: t.version, cookie }).connect();
    await listener.subscribed(topics.binLocations());
  });
  beforeEach(() => {
    listener.received.length = 0;
  });
  afterAll(async () => {
    await listener.close();
    await t.close();
  });

  const edits = [
    ['/api/v1/bin_location/01-A01-01/preferredOrder', { orderCode: 'SO-2002' }],
    ['/api/v1/bin_location/CART-01/readyForProcessing/true', {}],
    ['/api/v1/bin_location/01-A01-01/set_counting', { countingState: 'YES' }],
    ['/api/v1/bin_location/01-A01-01/barcode', { barcode: 'X-1' }],
    ['/api/v1/bin_location/01-A01-01/type/PICK', {}],
    ['/api/v1/bin_location/01-A01-01/physical_type/KARDEX', {}],
  ] as const;

  it.each(edits)('POST %s: 401 without a session, 403 with information alone; nothing changes', async (url, body) => {
    const before = await stored(url.split('/')[4] ?? '');
    expect(errorOf(await t.client().post(url, body))).toMatchObject({ status: 401 });
    expect(errorOf(await informationOnly.post(url, body))).toMatchObject({ status: 403, key: 'requestForbidden' });
    expect(await stored(before.code)).toEqual(before);
    await expectNothingPublished();
  });

  it('labels need the information role', async () => {
    const translator = await t.httpClientFor('translator');
    const body = { printer: 1, locations: [{ code: '01-A01-01' }] };
    for (const url of ['/api/v1/bin_location/label', '/api/v1/bin_location/large_label']) {
      expect(errorOf(await t.client().post(url, body))).toMatchObject({ status: 401 });
      expect(errorOf(await translator.post(url, body))).toMatchObject({ status: 403, key: 'requestForbidden' });
    }
  });

  describe('POST {code}/preferredOrder', () => {
    it('sets an existing order by its stored code, bumps the version and publishes', async () => {
      const answer = await admin.post('/api/v1/bin_location/01-a01-01/preferredOrder', { orderCode: 'so-2002' });
      expect(answer.status).toBe(200);
      expect(binLocationSchema.strict().parse(answer.json)).toMatchObject({
        code: '01-A01-01',
        preferredOrderCode: 'SO-2002',
        version: 2,
        attributes: [
          { name: 'temperature', value: 'ambient' },
          { name: 'zone', value: 'A' },
        ],
      });
      const purchase = await admin.post('/api/v1/bin_location/01-A01-01/preferredOrder', { orderCode: 'PO-1001' });
      expect(purchase.json).toMatchObject({ preferredOrderCode: 'PO-1001', version: 3 });
      await expectPublished([['01-A01-01'], ['01-A01-01']]);
    });
    it('clears with null', async () => {
      const answer = await admin.post('/api/v1/bin_location/01-P01-01/preferredOrder', { orderCode: null });
      expect(answer.json).toMatchObject({ preferredOrderCode: null, version: 2 });
      expect((await stored('01-P01-01')).preferred_order_code).toBeNull();
    });
    it('refuses an unknown order (404 unknownOrder), a non-order document and bad input; nothing changes', async () => {
      const before = await stored('01-A01-02');
      expect(errorOf(await admin.post('/api/v1/bin_location/01-A01-02/preferredOrder', { orderCode: 'NOPE' }))).toEqual(
        { status: 404, key: 'unknownOrder', args: { code: 'NOPE' } },
      );
      await t.app.ctx.db
        .insertInto('document')
        .values({
          type: 'PICK_LIST',
          code: 'PL-7000',
          code_lower: 'pl-7000',
          visual_code: 'PL-7000',
          status: 'OPEN',
          created_at: before.updated_at,
          updated_at: before.updated_at,
        })
        .execute();
      expect(
        errorOf(await admin.post('/api/v1/bin_location/01-A01-02/preferredOrder', { orderCode: 'PL-7000' })),
      ).toMatchObject({ status: 404, key: 'unknownOrder' });
      for (const body of [{}, { orderCode: '' }, { orderCode: 12 }, { orderCode: 'x'.repeat(101) }]) {
        expect(errorOf(await admin.post('/api/v1/bin_location/01-A01-02/preferredOrder', body))).toMatchObject({
          status: 400,
          key: 'invalidInput',
        });
      }
      expect(errorOf(await admin.post('/api/v1/bin_location/NOPE/preferredOrder', { orderCode: 'SO-2001' }))).toEqual({
        status: 404,
        key: 'unknownLocation',
        args: { code: 'NOPE' },
      });
      expect(await stored('01-A01-02')).toEqual(before);
      await expectNothingPublished();
    });
  });

  describe('POST {code}/readyForProcessing/{bool}', () => {
    it('toggles a mobile location and publishes', async () => {
      const ready = await admin.post('/api/v1/bin_location/CART-01/readyForProcessing/true');
      expect(ready.status).toBe(200);
      expect(ready.json).toMatchObject({ code: 'CART-01', readyForProcessing: true, version: 2 });
      const processed = await admin.post('/api/v1/bin_location/cart-01/readyForProcessing/false');
      expect(processed.json).toMatchObject({ readyForProcessing: false, version: 3 });
      await expectPublished([['CART-01'], ['CART-01']]);
    });
    it('refuses a location that is not mobile (422 locationIsNotMobile) and a bad flag (400); nothing changes', async () => {
      const before = await stored('01-P01-02');
      expect(errorOf(await admin.post('/api/v1/bin_location/01-p01-02/readyForProcessing/true'))).toEqual({
        status: 422,
        key: 'locationIsNotMobile',
        args: { code: '01-P01-02' },
      });
      expect((await admin.post('/api/v1/bin_location/CART-02/readyForProcessing/yes')).status).toBe(400);
      expect((await admin.post('/api/v1/bin_location/NOPE/readyForProcessing/true')).status).toBe(404);
      expect(await stored('01-P01-02')).toEqual(before);
      await expectNothingPublished();
    });
  });

  describe('POST {code}/barcode', () => {
    it('sets a barcode a scan then finds, keeps the own barcode, clears with null or empty', async () => {
      const answer = await manager.post('/api/v1/bin_location/01-UNKNOWN/barcode', { barcode: ' NewBC-1 ' });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ code: '01-UNKNOWN', barcode: 'NewBC-1', version: 2 });
      expect((await manager.get('/api/v1/bin_location/find/newbc-1')).json).toMatchObject({ code: '01-UNKNOWN' });
      expect((await manager.post('/api/v1/bin_location/01-UNKNOWN/barcode', { barcode: 'NEWBC-1' })).status).toBe(200);
      const cleared = await manager.post('/api/v1/bin_location/01-UNKNOWN/barcode', { barcode: null });
      expect(cleared.json).toMatchObject({ barcode: null, version: 4 });
      expect(await stored('01-UNKNOWN')).toMatchObject({ barcode: null, barcode_lower: null });
      await manager.post('/api/v1/bin_location/01-UNKNOWN/barcode', { barcode: 'B' });
      expect((await manager.post('/api/v1/bin_location/01-UNKNOWN/barcode', { barcode: '' })).json).toMatchObject({
        barcode: null,
      });
      await expectPublished(Array.from({ length: 5 }, () => ['01-UNKNOWN']));
    });
    it("refuses another location's barcode or code (422 barcodeInUse {barcode, owner}) and bad input; nothing changes", async () => {
      const before = await stored('01-DIV-01');
      expect(errorOf(await manager.post('/api/v1/bin_location/01-DIV-01/barcode', { barcode: 'loc0101' }))).toEqual({
        status: 422,
        key: 'barcodeInUse',
        args: { barcode: 'loc0101', owner: '01-A01-01' },
      });
      expect(errorOf(await manager.post('/api/v1/bin_location/01-DIV-01/barcode', { barcode: '01-qc' }))).toEqual({
        status: 422,
        key: 'barcodeInUse',
        args: { barcode: '01-qc', owner: '01-QC' },
      });
      for (const body of [{}, { barcode: 5 }, { barcode: 'x'.repeat(201) }]) {
        expect((await manager.post('/api/v1/bin_location/01-DIV-01/barcode', body)).status).toBe(400);
      }
      expect(await stored('01-DIV-01')).toEqual(before);
      await expectNothingPublished();
    });
    it('the database refuses a duplicate barcode that slips past the check', async () => {
      const row = await stored('02-A01-01');
      await expect(
        t.app.ctx.db.updateTable('bin_location').set({ barcode_lower: 'loc0211' }).where('id', '=', row.id).execute(),
      ).rejects.toThrow();
    });
  });

  describe('POST {code}/type/{type} and physical_type/{type}', () => {
    it('sets the location type and the physical type', async () => {
      const type = await manager.post('/api/v1/bin_location/02-A01-01/type/PICK');
      expect(type.status).toBe(200);
      expect(type.json).toMatchObject({ locationType: 'PICK', version: 2 });
      const physical = await manager.post('/api/v1/bin_location/02-A01-01/physical_type/SINGLE_ITEM_LOCATION');
      expect(physical.json).toMatchObject({ physicalLocationType: 'SINGLE_ITEM_LOCATION', version: 3 });
      await expectPublished([['02-A01-01'], ['02-A01-01']]);
    });
    it('refuses unknown types (400) and locations (404); nothing changes', async () => {
      const before = await stored('02-P01-01');
      expect((await manager.post('/api/v1/bin_location/02-P01-01/type/SHELF')).status).toBe(400);
      expect((await manager.post('/api/v1/bin_location/02-P01-01/type/pick')).status).toBe(400);
      expect((await manager.post('/api/v1/bin_location/02-P01-01/physical_type/ROUND')).status).toBe(400);
      expect(errorOf(await manager.post('/api/v1/bin_location/NOPE/physical_type/DIV'))).toMatchObject({
        status: 404,
        key: 'unknownLocation',
      });
      expect(await stored('02-P01-01')).toEqual(before);
      await expectNothingPublished();
    });
  });

  describe('POST label and large_label', () => {
    it('prints quantity labels of each location on the VOID printer', async () => {
      const printer = await printerId('Test printer');
      const operator = await t.httpClientFor('operator');
      const answer = await operator.post('/api/v1/bin_location/label', {
        printer,
        locations: [{ code: '01-a01-01', quantity: 2 }, { code: 'CART-01' }, { code: '01-QC', quantity: 0 }],
      });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ printed: 3, printer: 'Test printer' });
      const large = await operator.post('/api/v1/bin_location/large_label', {
        printer,
        locations: [{ code: '01-QC', quantity: 4 }],
      });
      expect(large.json).toEqual({ printed: 4, printer: 'Test printer' });
    });
    it('writes the location code, barcode and warehouse into a ZPL file', async () => {
      const folder = path.join(t.app.ctx.config.dataDir, 'printer_output', 'zpl');
      const before = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
      const answer = await admin.post('/api/v1/bin_location/large_label', {
        printer: await printerId('ZPL files'),
        locations: [{ code: '01-TANK-01', quantity: 1 }],
      });
      expect(answer.json).toEqual({ printed: 1, printer: 'ZPL files' });
      const written = fs.readdirSync(folder).filter((name) => !before.includes(name));
      expect(written).toHaveLength(1);
      const zpl = fs.readFileSync(path.join(folder, written[0] ?? ''), 'utf8');
      expect(zpl).toContain('01-TANK-01');
      expect(zpl).toContain('LOC01TK1');
      expect(zpl).toContain('01');
    });
    it('prints nothing when a location is unknown (404) or no printer is chosen (422); 400 for bad input', async () => {
      const folder = path.join(t.app.ctx.config.dataDir, 'printer_output', 'zpl');
      const before = fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
      const printer = await printerId('ZPL files');
      expect(
        errorOf(
          await admin.post('/api/v1/bin_location/label', {
            printer,
            locations: [{ code: '01-A01-01' }, { code: 'NOPE-2' }],
          }),
        ),
      ).toEqual({ status: 404, key: 'unknownLocation', args: { code: 'NOPE-2' } });
      expect(
        errorOf(await admin.post('/api/v1/bin_location/label', { printer: null, locations: [{ code: '01-A01-01' }] })),
      ).toMatchObject({ status: 422, key: 'noPrinterSelected' });
      expect(
        errorOf(await admin.post('/api/v1/bin_location/label', { printer: 9999, locations: [{ code: '01-A01-01' }] })),
      ).toMatchObject({ status: 404, key: 'unknownPrinter' });
      for (const body of [
        { printer },
        { printer, locations: [] },
        { printer, locations: [{ code: '' }] },
        { printer, locations: [{ code: '01-A01-01', quantity: -1 }] },
        { printer, locations: [{ code: '01-A01-01', quantity: 1.5 }] },
        { printer: 'ZPL files', locations: [{ code: '01-A01-01' }] },
      ]) {
        expect((await admin.post('/api/v1/bin_location/large_label', body)).status).toBe(400);
      }
      expect(fs.existsSync(folder) ? fs.readdirSync(folder).length : 0).toBe(before);
    });
  });
});
