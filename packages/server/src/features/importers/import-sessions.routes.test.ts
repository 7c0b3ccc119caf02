import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { pruneImportSessions } from './import-pruning.js';
import {
  deflatedFill,
  importBase,
  partnerCode,
  registerTestImporter,
  upload,
  workbookOf,
  zipOf,
  type TestImporterLog,
} from './importers.test-helper.js';

/** The framework through HTTP: upload, mapping, dry run, rows, report, template, access, refusals, expiry. */
describe('import sessions', () => {
  let t: TestApp;
  let db: Db;
  let log: TestImporterLog;
  let buyer: HttpClient;
  let dutchBuyer: HttpClient;
  let colleague: HttpClient;
  let seller: HttpClient;
  let nobody: HttpClient;
  const base = importBase();
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    log = registerTestImporter('purchase_orders');
    const user = async (roles: Parameters<typeof makeUser>[1]['roles'], language = 'en') => {
      const made = await makeUser(db, { roles, language });
      return signIn(t, made.username, made.password);
    };
    buyer = await user(['purchasing']);
    dutchBuyer = await user(['purchasing'], 'nl');
    colleague = await user(['purchasing']);
    seller = await user(['sales']);
    nobody = await user(['goodsReceipt']);
  });
  afterAll(async () => t.close());

  const header = ['Partner code', 'Name', 'Quantity', 'Due date', 'Order reference'];
  const partnersNamed = async (codes: string[]) =>
    (await db.selectFrom('business_partner').select('code').where('code', 'in', codes).execute()).map((r) => r.code);
  const storedCounts = async () => ({
    sessions: Number(
      (
        await db
          .selectFrom('import_session')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    rows: Number(
      (
        await db
          .selectFrom('import_session_row')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it('uploads an XLSX, maps it by header, validates, lists its rows and commits it', async () => {
    const codes = [partnerCode(), partnerCode(), partnerCode()];
    const file = await workbookOf([
      header,
      [codes[0], 'First', 12.5, new Date(Date.UTC(2025, 5, 1)), 'PO-1'],
      [codes[1], 'Second', -1, null, 'PO-1'],
      [codes[2], 'Third'],
    ]);
    const created = await upload(t, buyer, file);
    expect(created.status, created.text).toBe(201);
    const session = created.json;
    expect(session).toMatchObject({
      kind: 'purchase_orders',
      status: 'MAPPED',
      fileName: 'orders.xlsx',
      sheet: 'Orders',
      sheets: ['Orders'],
      headers: header,
      mapping: { partnerCode: 0, name: 1, quantity: 2, dueDate: 3, orderReference: 4 },
      rowCount: 3,
      counts: null,
      result: null,
    });
    expect((await buyer.get(`${base}/sessions/${session.id}`)).json).toEqual(session);
    expect((await buyer.get(`${base}/sessions`)).json.map((s: { id: string }) => s.id)).toContain(session.id);
    expect((await colleague.get(`${base}/sessions`)).json.map((s: { id: string }) => s.id)).not.toContain(session.id);

    const validated = await buyer.post(`${base}/sessions/${session.id}/validate`);
    expect(validated.status, validated.text).toBe(200);
    expect(validated.json).toMatchObject({ status: 'VALIDATED', counts: { valid: 2, warning: 1, error: 0 } });
    const rows = await buyer.get(`${base}/sessions/${session.id}/rows?status=WARNING`);
    expect(rows.json).toEqual({
      total: 1,
      rows: [
        {
          rowNumber: 3,
          status: 'WARNING',
          group: 'PO-1',
          values: { partnerCode: codes[1], name: 'Second', quantity: '-1', dueDate: '', orderReference: 'PO-1' },
          messages: [{ severity: 'WARNING', column: 'quantity', key: 'quantityLooksWrong', args: { quantity: -1 } }],
        },
      ],
    });
    expect((await buyer.get(`${base}/sessions/${session.id}/rows?offset=1&limit=1`)).json).toMatchObject({
      total: 3,
      rows: [{ rowNumber: 3 }],
    });

    const committed = await buyer.post(`${base}/sessions/${session.id}/commit`, {});
    expect(committed.status, committed.text).toBe(200);
    expect(committed.json).toMatchObject({
      status: 'COMMITTED',
      commitMode: 'ALL_OR_NOTHING',
      result: {
        committedRows: 3,
        skippedRows: 0,
        created: codes.map((code) => ({ type: 'BUSINESS_PARTNER', code })),
      },
    });
    expect((await partnersNamed(codes)).sort()).toEqual([...codes].sort());
    expect(log.afterCommits.at(-1)).toHaveLength(3);
    // The session is the idempotency key: a replay answers the same and writes nothing.
    const commits = log.commits;
    const replay = await buyer.post(`${base}/sessions/${session.id}/commit`, { mode: 'VALID_ROWS_ONLY' });
    expect(replay.json).toEqual(committed.json);
    expect(log.commits).toBe(commits);
    expect(errorOf(await buyer.post(`${base}/sessions/${session.id}/validate`))).toMatchObject({
      status: 422,
      key: 'importSessionAlreadyCommitted',
    });
  });

  it('reads a CSV with semicolons and numbers in the Dutch user’s locale', async () => {
    const code = partnerCode();
    const csv = `\ufeffRelatiecode;Naam;Aantal;Leverdatum\r\n${code};"Groot; BV";1.234,5;31-12-2025\r\nBAD-1;Slecht;12,5x;2025-02-30\r\n`;
    const created = await upload(t, dutchBuyer, csv, { name: 'orders.csv' });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ status: 'MAPPED', sheet: null, sheets: [], rowCount: 2 });
    const id = created.json.id as string;
    expect((await dutchBuyer.post(`${base}/sessions/${id}/validate`)).json.counts).toEqual({
      valid: 1,
      warning: 0,
      error: 1,
    });
    const rows = (await dutchBuyer.get(`${base}/sessions/${id}/rows`)).json.rows;
    expect(rows[0]).toMatchObject({
      rowNumber: 2,
      status: 'VALID',
      values: { name: 'Groot; BV', quantity: '1.234,5' },
    });
    expect(rows[1].messages.map((m: { key: string }) => m.key)).toEqual([
      'unknownItemForCode',
      'notANumber',
      'testWrongDate',
    ]);
  });

  it('maps Dutch, German and Polish headers automatically (case, accents and punctuation aside)', async () => {
    const cases = [
      [['RELATIECODE', 'naam', 'Aan-tal'], { partnerCode: 0, name: 1, quantity: 2, dueDate: null }],
      [['Bezeichnung', 'Partnernummer', 'Menge', 'Liefertermin'], { partnerCode: 1, name: 0, quantity: 2, dueDate: 3 }],
      [['Kod partnera', 'Nazwa', 'ILOSC', 'termin_dostawy'], { partnerCode: 0, name: 1, quantity: 2, dueDate: 3 }],
      [['partner_code', 'NAME'], { partnerCode: 0, name: 1, orderReference: null }],
    ] as const;
    for (const [headers, mapping] of cases) {
      const answer = await upload(t, colleague, await workbookOf([[...headers], headers.map(() => 'x')]));
      expect(answer.json, headers.join()).toMatchObject({ status: 'MAPPED', mapping });
    }
  });

  it('asks for a mapping the file does not give, checks it, and remembers it for the user', async () => {
    const user = await makeUser(db, { roles: ['purchasing'] });
    const client = await signIn(t, user.username, user.password);
    const file = await workbookOf([
      ['Code X', 'Naam', 'Remark'],
      [partnerCode(), 'One', 'r'],
    ]);
    const first = (await upload(t, client, file)).json;
    expect(first).toMatchObject({ status: 'UPLOADED', mapping: { partnerCode: null, name: 1 } });
    const path = `${base}/sessions/${first.id}`;
    expect(errorOf(await client.post(`${path}/validate`))).toEqual({
      status: 422,
      key: 'importMappingMissingColumn',
      args: { column: 'partnerCode' },
    });
    expect((await client.put(`${path}/mapping`, { mapping: { partnerCode: 0, nonsense: 1 } })).status).toBe(400);
    expect((await client.put(`${path}/mapping`, { mapping: { partnerCode: 3, name: 1 } })).status).toBe(400);
    expect((await client.put(`${path}/mapping`, { mapping: { partnerCode: 1, name: 1 } })).status).toBe(400);
    expect(errorOf(await client.put(`${path}/mapping`, { mapping: { partnerCode: 0, name: null } }))).toEqual({
      status: 422,
      key: 'importMappingMissingColumn',
      args: { column: 'name' },
    });
    const mapped = await client.put(`${path}/mapping`, { mapping: { partnerCode: 0, name: 1 } });
    expect(mapped.json).toMatchObject({
      status: 'MAPPED',
      mapping: { partnerCode: 0, name: 1, quantity: null, dueDate: null, orderReference: null },
    });
    expect((await client.get(base)).json).toMatchObject({
      kind: 'purchase_orders',
      enabled: true,
      maxRows: 20_000,
      rememberedMapping: { partnerCode: 'Code X', name: 'Naam' },
      columns: expect.arrayContaining([expect.objectContaining({ name: 'partnerCode', required: true })]),
    });
    // The next file with those headers (elsewhere) is mapped by the remembered texts.
    const again = await upload(
      t,
      client,
      await workbookOf([
        ['Remark', 'code x', 'Naam'],
        ['r', partnerCode(), 'Two'],
      ]),
    );
    expect(again.json).toMatchObject({ status: 'MAPPED', mapping: { partnerCode: 1, name: 2 } });
    // A mapping change after the dry run needs a new one.
    expect((await client.post(`${path}/validate`)).json.status).toBe('VALIDATED');
    expect((await client.put(`${path}/mapping`, { mapping: { partnerCode: 0, name: 1 } })).json).toMatchObject({
      status: 'MAPPED',
      counts: null,
    });
    expect((await client.get(`${path}/rows`)).json.rows[0]).toMatchObject({ status: null, messages: [] });
    expect(errorOf(await client.post(`${path}/commit`, {}))).toMatchObject({
      status: 422,
      key: 'importSessionNotValidated',
    });
  });

  it('reports a bad row 7 with its number, column, key and arguments, in the report too', async () => {
    const codes = Array.from({ length: 6 }, () => partnerCode());
    const rows = codes.map((code, n) => [code, `Partner ${n}`]);
    rows.splice(5, 0, ['BAD-7', 'Bad partner']);
    const created = await upload(t, dutchBuyer, await workbookOf([['Partner code', 'Name'], ...rows]));
    const id = created.json.id as string;
    expect((await dutchBuyer.post(`${base}/sessions/${id}/validate`)).json.counts).toEqual({
      valid: 6,
      warning: 0,
      error: 1,
    });
    expect((await dutchBuyer.get(`${base}/sessions/${id}/rows?status=ERROR`)).json.rows).toEqual([
      {
        rowNumber: 7,
        status: 'ERROR',
        group: null,
        values: { partnerCode: 'BAD-7', name: 'Bad partner' },
        messages: [{ severity: 'ERROR', column: 'partnerCode', key: 'unknownItemForCode', args: { code: 'BAD-7' } }],
      },
    ]);
    const response = await fetch(`${t.baseUrl}${base}/sessions/${id}/report.xlsx`, {
      headers: { ...dutchBuyer.headers, cookie: dutchBuyer.cookieHeader },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Partner code', 'Name', 'Status', 'Meldingen']);
    expect(sheet.rowCount).toBe(8);
    expect(sheet.getRow(7).values).toEqual([
      undefined,
      'BAD-7',
      'Bad partner',
      'Fout',
      'Partner code: Geen artikel gevonden voor code BAD-7.',
    ]);
    expect(sheet.getRow(2).getCell(3).value).toBe('Geldig');
  });

  it('downloads a template with the header in the caller’s language', async () => {
    const response = await fetch(`${t.baseUrl}${base}/template.xlsx`, {
      headers: { ...dutchBuyer.headers, cookie: dutchBuyer.cookieHeader },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    expect(workbook.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      'Relatiecode',
      'Naam',
      'Aantal',
      'Leverdatum',
      'Orderreferentie',
    ]);
  });

  it('refuses callers without the kind’s role (403) and another user’s session (404)', async () => {
    const id = (await upload(t, buyer, await workbookOf([header, [partnerCode(), 'x']]))).json.id as string;
    for (const client of [seller, nobody]) {
      expect((await client.get(base)).status).toBe(403);
      expect((await client.get(`${base}/template.xlsx`)).status).toBe(403);
      expect((await upload(t, client, await workbookOf([header, ['a', 'b']]))).status).toBe(403);
      expect((await client.get(`${base}/sessions/${id}`)).status).toBe(403);
      expect((await client.post(`${base}/sessions/${id}/commit`, {})).status).toBe(403);
    }
    const path = `${base}/sessions/${id}`;
    for (const answer of [
      await colleague.get(path),
      await colleague.put(`${path}/mapping`, { mapping: { partnerCode: 0, name: 1 } }),
      await colleague.post(`${path}/validate`),
      await colleague.get(`${path}/rows`),
      await colleague.get(`${path}/report.xlsx`),
      await colleague.post(`${path}/commit`, {}),
    ]) {
      expect(errorOf(answer)).toMatchObject({ status: 404, key: 'unknownImportSession' });
    }
    // Nor is it found under another kind.
    const otherKind = await buyer.get(`${importBase('sales_orders')}/sessions/${id}`);
    expect(otherKind.status).toBe(403);
  });

  it('switches a master-data importer off while an ERP owns the data', async () => {
    registerTestImporter('items');
    const manager = await makeUser(db, { roles: ['masterDataManager'] });
    const client = await signIn(t, manager.username, manager.password);
    const items = importBase('items');
    const { version } = await t.app.ctx.settings.get();
    await t.app.ctx.settings.update(version, { erpType: 'SAP' });
    try {
      expect((await client.get(items)).json).toMatchObject({ kind: 'items', enabled: false });
      expect(errorOf(await upload(t, client, await workbookOf([header, ['a', 'b']]), { kind: 'items' }))).toEqual({
        status: 409,
        key: 'importerDisabledWithErp',
        args: { erpType: 'SAP' },
      });
      expect((await client.get(`${items}/sessions`)).status).toBe(409);
      // Orders are the warehouse's own business: not switched off.
      expect((await buyer.get(base)).json.enabled).toBe(true);
    } finally {
      const current = await t.app.ctx.settings.get();
      await t.app.ctx.settings.update(current.version, { erpType: 'NONE' });
    }
    expect((await upload(t, client, await workbookOf([header, ['a', 'b']]), { kind: 'items' })).status).toBe(201);
  });

  describe('refused files store nothing', () => {
    const refusedWith = async (bytes: Buffer | string, name = 'file.xlsx') => {
      const before = await storedCounts();
      const answer = await upload(t, colleague, bytes, { name });
      expect(await storedCounts()).toEqual(before);
      return errorOf({ status: answer.status, json: answer.json });
    };

    it('refuses malformed, password-protected and binary files', async () => {
      expect(await refusedWith(Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(100, 7)]))).toMatchObject({
        status: 422,
        key: 'importFileUnreadable',
      });
      expect(await refusedWith(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096)]))).toEqual({
        status: 422,
        key: 'importFilePasswordProtected',
        args: {},
      });
      expect((await refusedWith(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), 'photo.csv')).key).toBe(
        'importFileUnreadable',
      );
      expect((await refusedWith('Partner code;Name\r\n', 'empty.csv')).key).toBe('importNoRows');
    });

    it('refuses a file over 10 MB (413) and more rows than the kind allows', async () => {
      expect(await refusedWith(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), 'big.csv')).toEqual({
        status: 413,
        key: 'fileTooLarge',
        args: { max: 10 * 1024 * 1024, maxMb: 10 },
      });
      const csv = ['Partner code,Name', ...Array.from({ length: 20_001 }, (_, n) => `C${n},N`)].join('\n');
      expect(await refusedWith(csv, 'many.csv')).toEqual({
        status: 422,
        key: 'importTooManyRows',
        args: { max: 20_000 },
      });
    });

    it('refuses a zip bomb and an unknown sheet', async () => {
      const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', ...(await deflatedFill(210 * 1024 * 1024, '<c/>')) }]);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      expect(await refusedWith(bomb)).toMatchObject({ status: 422, key: 'importFileTooComplex' });
      const file = await workbookOf([header, ['a', 'b']], 'Orders');
      const answer = await upload(t, colleague, file, { sheet: 'Inkoop' });
      expect(errorOf(answer)).toEqual({ status: 422, key: 'importUnknownSheet', args: { sheet: 'Inkoop' } });
    });
  });

  it('reads the cached result of a formula, never evaluating it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Orders');
    sheet.addRow(['Partner code', 'Name', 'Quantity']);
    sheet.addRow([partnerCode(), 'Formula']);
    sheet.getCell('C2').value = { formula: '1/0', result: 7 };
    const created = await upload(t, colleague, Buffer.from(await workbook.xlsx.writeBuffer()));
    const rows = await colleague.get(`${base}/sessions/${created.json.id}/rows`);
    expect(rows.json.rows[0].values.quantity).toBe('7');
  });

  it('expires a session after 30 days: its rows go, and it can be neither validated nor committed', async () => {
    const created = (await upload(t, colleague, await workbookOf([header, [partnerCode(), 'Old']]))).json;
    expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(30 * 86_400_000);
    const path = `${base}/sessions/${created.id}`;
    expect((await colleague.post(`${path}/validate`)).status).toBe(200);
    await db
      .updateTable('import_session')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', created.id)
      .execute();
    expect((await colleague.get(path)).json.status).toBe('EXPIRED');
    expect(errorOf(await colleague.post(`${path}/commit`, {}))).toMatchObject({
      status: 422,
      key: 'importSessionExpired',
    });
    expect(errorOf(await colleague.post(`${path}/validate`))).toMatchObject({
      status: 422,
      key: 'importSessionExpired',
    });
    expect(await pruneImportSessions(t.app.ctx)).toBeGreaterThanOrEqual(1);
    const stored = await db
      .selectFrom('import_session')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('EXPIRED');
    expect((await colleague.get(`${path}/rows`)).json).toEqual({ total: 0, rows: [] });
  });
});
