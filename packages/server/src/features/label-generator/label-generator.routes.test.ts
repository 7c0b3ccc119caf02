import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';
import { parsePdf } from '../labels/pdf.test-helper.js';
import { printerOutputRoot } from '../printers/printers.service.js';

const pdfPath = '/api/v1/label_generator/action_barcodes/pdf';
const printPath = '/api/v1/label_generator/action_barcodes/print';

const sheet = [
  { command: { kind: 'redirect', path: '/item/item_info' }, caption: 'Open item information' },
  { command: { kind: 'logout' }, caption: 'Sign out' },
  { command: { kind: 'quantity', sign: 'PLUS', amount: '5' }, caption: 'Plus five' },
  {
    command: { kind: 'overrideDeviceSettings', settings: '{ "useVirtualKeyboard": false, "TTSRate": 1.5 }' },
    caption: 'Keyboard off',
  },
  {
    command: {
      kind: 'callUserApi',
      url: '/api/v1/user_api/run/{param1}',
      method: 'POST',
      payload: '{"note": "{param2}"}',
      confirm: true,
      params: [{ label: 'Order' }, { label: 'Note', defaultValue: 'none' }],
    },
    caption: 'Run the order script',
  },
];

describe('action barcodes under /api/v1/label_generator/', () => {
  let t: TestApp;
  let admin: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, operator] = await Promise.all([signIn(t, 'admin'), signIn(t, 'operator')]);
  });
  afterAll(async () => t.close());

  /** The PDF answer's bytes (the test client reads text). */
  const pdf = async (body: unknown) => {
    const response = await fetch(t.baseUrl + pdfPath, {
      method: 'POST',
      headers: { ...admin.headers, cookie: admin.cookieHeader, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };

  it('answers the sheet as an A4 PDF with a label per barcode', async () => {
    const answer = await pdf({ barcodes: [...sheet, ...sheet, ...sheet] });
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/pdf');
    const parsed = await parsePdf(answer.bytes);
    // 15 labels of 4 x 2 inch: 10 on a page.
    expect(parsed.pages).toBe(2);
    expect(parsed.text.match(/Open item information/g)).toHaveLength(3);
    expect(parsed.text).toContain('Run the order script');

    const large = await parsePdf((await pdf({ barcodes: sheet.slice(0, 3), size: 'large' })).bytes);
    expect(large.pages).toBe(2);
  });

  it('prints the contents the scanner bar reads, Code 128 or QR, through the printer', async () => {
    const printers = (await admin.get('/api/v1/printer/available')).json as { id: number; name: string }[];
    const zplFiles = printers.find((printer) => printer.name === 'ZPL files')!;
    const answer = await admin.post(printPath, { barcodes: sheet, printer: zplFiles.id });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ printed: 5, printer: 'ZPL files' });
    const folder = path.join(printerOutputRoot(t.config.dataDir), 'zpl');
    const [file] = await fs.readdir(folder);
    const zpl = await fs.readFile(path.join(folder, file!), 'utf8');
    expect(zpl.match(/\^XA/g)).toHaveLength(5);
    // Underscores travel as _5F (^FH), so the data can never start a command.
    const field = (value: string) => value.replace(/_/g, '_5F');
    expect(zpl).toContain(`^BCN,160,Y,N,N,A^FH_^FD${field('_be_redirect_/item/item_info')}^FS`);
    expect(zpl).toContain(`^FD${field('_be_logout_')}^FS`);
    expect(zpl).toContain('^FD[PLUS5]^FS');
    expect(zpl).toMatch(
      /\^BQN,2,\d+\^FH_\^FDMA,_5Fbe_5Foverride_5Fdevice_5Fsettings_5F\{"useVirtualKeyboard":false,"TTSRate":1.5\}\^FS/,
    );
    expect(zpl).toContain(
      `^FDMA,${field('_be_call_user_api_')}{"url":"/api/v1/user${'_5F'}api/run/{param1}","method":"POST","payload":{"note":"{param2}"},"confirm":true,"params":["Order",{"label":"Note","defaultValue":"none"}]}^FS`,
    );
    expect(zpl).toContain('^FDRun the order script^FS');
  });

  it('refuses users without labelGenerator', async () => {
    expect((await operator.post(pdfPath, { barcodes: sheet })).status).toBe(403);
    expect((await operator.post(printPath, { barcodes: sheet, printer: 1 })).status).toBe(403);
    expect((await t.client().post(pdfPath, { barcodes: sheet })).status).toBe(401);
  });

  it('refuses a redirect to no app, JSON that does not parse or validate, and content too long (422)', async () => {
    const refused = async (command: unknown) => {
      const answer = await admin.post(pdfPath, { barcodes: [sheet[1], { command, caption: 'x' }] });
      expect(answer.status).toBe(422);
      return answer.json as { key: string; args: Record<string, unknown> };
    };
    expect(await refused({ kind: 'redirect', path: '/no/such_app' })).toMatchObject({
      key: 'unknownAppPath',
      args: { path: '/no/such_app', position: 2 },
    });
    // A sub-path of an app is an app path.
    expect((await pdf({ barcodes: [{ command: { kind: 'redirect', path: '/item/item_info/ITEM-1' } }] })).status).toBe(
      200,
    );
    const broken = await refused({ kind: 'overrideDeviceSettings', settings: '{"useVirtualKeyboard": tru' });
    expect(broken).toMatchObject({ key: 'invalidJson', args: { position: 2 } });
    expect(String(broken.args.message)).not.toBe('');
    expect(await refused({ kind: 'overrideDeviceSettings', settings: '{"noSuchSetting": 1}' })).toMatchObject({
      key: 'invalidJson',
    });
    expect(await refused({ kind: 'overrideDeviceSettings', settings: '{"TTSRate": 99}' })).toMatchObject({
      key: 'invalidJson',
      args: { message: expect.stringContaining('TTSRate') },
    });
    expect(await refused({ kind: 'callUserApi', url: '/api/v1/x', payload: '{nope' })).toMatchObject({
      key: 'invalidJson',
    });
    const long = JSON.stringify({ note: 'x'.repeat(1100) });
    expect(await refused({ kind: 'callUserApi', url: '/api/v1/x', payload: long })).toMatchObject({
      key: 'barcodeContentTooLong',
      args: { max: 1000, position: 2 },
    });
  });

  it('refuses bad shapes with 400: no barcodes, too many, a path out of the app, a quantity of 0', async () => {
    const status = async (body: unknown) => (await admin.post(pdfPath, body)).status;
    expect(await status({ barcodes: [] })).toBe(400);
    expect(await status({ barcodes: Array.from({ length: 101 }, () => sheet[1]) })).toBe(400);
    expect(await status({ barcodes: [{ command: { kind: 'redirect', path: 'https://evil.example' } }] })).toBe(400);
    expect(await status({ barcodes: [{ command: { kind: 'redirect', path: '//evil.example' } }] })).toBe(400);
    expect(await status({ barcodes: [{ command: { kind: 'quantity', sign: 'MIN', amount: '0' } }] })).toBe(400);
    expect(await status({ barcodes: [{ command: { kind: 'deviceIdentification', deviceName: 'a/b' } }] })).toBe(400);
    expect(await status({ barcodes: [{ command: { kind: 'nothing' } }] })).toBe(400);
    expect(await status({ barcodes: [{ command: sheet[1]!.command, caption: 'x'.repeat(101) }] })).toBe(400);
    // 100 barcodes are allowed.
    expect(await status({ barcodes: Array.from({ length: 100 }, () => sheet[1]) })).toBe(200);
  });

  it('answers a printer problem as the printers feature does', async () => {
    const answer = await admin.post(printPath, { barcodes: sheet, printer: -1 });
    expect(answer.status).toBe(422);
    expect(answer.json.key).toBe('noPrinterSelected');
    expect((await admin.post(printPath, { barcodes: sheet, printer: 99999 })).json.key).toBe('unknownPrinter');
  });
});
