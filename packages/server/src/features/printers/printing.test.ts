import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { topics } from '@wms/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, userIdOf } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';
import type { Principal } from '../../http/access.js';
import type { LabelJob } from '../labels/label-types.js';
import { parsePdf } from '../labels/pdf.test-helper.js';
import { printerOutputRoot } from './printers.service.js';
import { printLabels } from './printing.service.js';

/** A local stand-in for a network label printer: collects what each connection sends. */
async function fakeRawPrinter(): Promise<{ port: number; received: Promise<string>[]; close(): Promise<void> }> {
  const received: Promise<string>[] = [];
  const server = net.createServer((socket) => {
    received.push(
      new Promise((resolve) => {
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('end', () => {
          resolve(Buffer.concat(chunks).toString('utf8'));
          socket.end();
        });
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A port on 127.0.0.1 with nothing listening. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const itemJob = (copies = 1): LabelJob => ({
  kind: 'item',
  size: 'normal',
  data: { code: 'ITEM-001', name: 'Steel bolt M8', barcode: '4006381333931', batch: 'B-7', quantity: '2.5' },
  copies,
});
const locationJob: LabelJob = {
  kind: 'location',
  size: 'large',
  data: { code: '01-A-02', visualCode: 'A02', barcode: 'LOC-A02', warehouse: 'WH01' },
};

describe('printing labels', () => {
  let t: TestApp;
  let admin: HttpClient;
  let operator: HttpClient;
  let caller: Principal;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, operator] = await Promise.all([signIn(t, 'admin'), signIn(t, 'operator')]);
    const me = await operator.get('/api/v1/auth/me');
    caller = {
      userId: await userIdOf(t, 'operator'),
      username: 'operator',
      expandedRoles: new Set(),
      sessionId: me.json.sessionId,
      apiKeyId: null,
    };
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const createPrinter = async (body: Record<string, unknown>): Promise<number> => {
    const answer = await admin.post('/api/v1/printer/', body);
    expect(answer.status).toBe(201);
    return answer.json.id;
  };
  const printerId = async (name: string) =>
    (await t.app.ctx.db.selectFrom('printer').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const filesIn = async (folder: string) =>
    (await fs.readdir(path.join(printerOutputRoot(t.config.dataDir), folder)).catch(() => [] as string[])).sort();

  it('sends the ZPL of the labels to a RAW printer over TCP', async () => {
    const printer = await fakeRawPrinter();
    try {
      const id = await createPrinter({ name: 'Local Zebra', printType: 'RAW', host: '127.0.0.1', port: printer.port });
      const answer = await printLabels(t.app.ctx, caller, id, [itemJob(2), locationJob]);
      expect(answer).toEqual({ printed: 3, printer: 'Local Zebra' });
      expect(printer.received).toHaveLength(1);
      const zpl = (await printer.received[0]) ?? '';
      expect(zpl).toMatch(/^\^XA\n/);
      expect(zpl.trimEnd()).toMatch(/\^XZ$/);
      expect(zpl.match(/\^XA/g)).toHaveLength(2);
      expect(zpl).toMatch(/\^BCN,120,Y,N,N,A\^FH_\^FD4006381333931\^FS/);
      expect(zpl).toContain('^PQ2,');
      expect(zpl).toMatch(/\^BC[^^]*\^FH_\^FDLOC-A02\^FS/);

      // The test button of a printer, through HTTP.
      const tested = await operator.post(`/api/v1/printer/${id}/test`);
      expect(tested.status).toBe(200);
      expect(tested.json).toEqual({ printed: 1, printer: 'Local Zebra' });
      expect(printer.received).toHaveLength(2);
      expect(await printer.received[1]).toContain(`^FDTEST-${id}^FS`);
    } finally {
      await printer.close();
    }
  });

  it('answers 422 printerUnreachable for a RAW printer nobody listens on', async () => {
    const id = await createPrinter({ name: 'Gone', printType: 'RAW', host: '127.0.0.1', port: await closedPort() });
    await expect(printLabels(t.app.ctx, caller, id, [itemJob()])).rejects.toMatchObject({
      status: 422,
      key: 'printerUnreachable',
      args: { printer: 'Gone', reason: 'ECONNREFUSED' },
    });
    const answer = await operator.post(`/api/v1/printer/${id}/test`);
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ key: 'printerUnreachable', args: { printer: 'Gone' } });
    expect(answer.json.message).toBe('Printer Gone could not be reached.');
  });

  it('writes a PDF file through a FILE printer, one page per label, with the texts in it', async () => {
    const id = await createPrinter({ name: 'PDF out', printType: 'FILE', folder: 'pdf-out', labelFormat: 'PDF' });
    expect(await printLabels(t.app.ctx, caller, id, [itemJob(2), locationJob])).toEqual({
      printed: 3,
      printer: 'PDF out',
    });
    const files = await filesIn('pdf-out');
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-\d+-\d{6}\.pdf$/);
    const bytes = await fs.readFile(path.join(printerOutputRoot(t.config.dataDir), 'pdf-out', files[0] ?? ''));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parsed = await parsePdf(bytes);
    expect(parsed.pages).toBe(3);
    for (const text of ['ITEM-001', 'Steel bolt M8', 'Batch: B-7', 'Qty: 2.5', 'A02', '01-A-02', 'WH01']) {
      expect(parsed.text).toContain(text);
    }

    // A second print is a second file, sorted after the first.
    await printLabels(t.app.ctx, caller, id, [itemJob()]);
    const after = await filesIn('pdf-out');
    expect(after).toHaveLength(2);
    expect(after[0]).toBe(files[0]);
  });

  it('lays A4 sheets out as a grid and writes ZPL files for a ZPL FILE printer', async () => {
    const sheet = await createPrinter({
      name: 'Sheets',
      printType: 'FILE',
      folder: 'sheets',
      paper: 'A4',
      labelFormat: 'PDF',
    });
    await printLabels(t.app.ctx, caller, sheet, [itemJob(12)]);
    const [file] = await filesIn('sheets');
    const parsed = await parsePdf(
      await fs.readFile(path.join(printerOutputRoot(t.config.dataDir), 'sheets', file ?? '')),
    );
    expect(parsed.pages).toBe(2);

    await printLabels(t.app.ctx, caller, await printerId('ZPL files'), [itemJob()]);
    const [zplFile] = await filesIn('zpl');
    expect(zplFile).toMatch(/\.zpl$/);
    const zpl = await fs.readFile(path.join(printerOutputRoot(t.config.dataDir), 'zpl', zplFile ?? ''), 'utf8');
    expect(zpl).toContain('^FH_^FD4006381333931^FS');
  });

  it('reports a VOID print as printed and sends nothing anywhere', async () => {
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const sendToUsers = vi.spyOn(t.app.ctx.live, 'sendToUsers');
    const answer = await printLabels(t.app.ctx, caller, await printerId('Test printer'), [itemJob(3), locationJob]);
    expect(answer).toEqual({ printed: 4, printer: 'Test printer' });
    expect(publish).not.toHaveBeenCalled();
    expect(sendToUsers).not.toHaveBeenCalled();
  });

  it("sends a PRINT_JOB to the caller's own session topic for a PERIPHERAL printer", async () => {
    const sendToUsers = vi.spyOn(t.app.ctx.live, 'sendToUsers');
    const id = await printerId('Browser printer');
    const answer = await operator.post(`/api/v1/printer/${id}/test`);
    expect(answer.json).toEqual({ printed: 1, printer: 'Browser printer' });
    expect(sendToUsers).toHaveBeenCalledTimes(1);
    const [users, destination, what, payload, who] = sendToUsers.mock.calls[0] ?? [];
    expect(users).toEqual([caller.userId]);
    expect(destination).toBe(topics.peripheralsPrinting(caller.sessionId ?? -1));
    expect(what).toBe('PRINT_JOB');
    expect(payload).toMatchObject({
      printer: String(id),
      printerName: 'Browser printer',
      peripheralType: 'printer',
      mediaType: 'raw/zpl',
    });
    const zpl = Buffer.from((payload as { payload: string }).payload, 'base64').toString('utf8');
    expect(zpl).toContain(`^FDTEST-${id}^FS`);
    expect(who).toEqual({ userid: caller.userId, username: 'operator' });

    // A PDF peripheral printer sends the PDF bytes.
    const pdfId = await createPrinter({ name: 'Browser PDF', printType: 'PERIPHERAL', labelFormat: 'PDF' });
    await printLabels(t.app.ctx, caller, pdfId, [locationJob]);
    const pdfPayload = sendToUsers.mock.calls[1]?.[3] as { mediaType: string; payload: string };
    expect(pdfPayload.mediaType).toBe('application/pdf');
    expect((await parsePdf(Buffer.from(pdfPayload.payload, 'base64'))).text).toContain('A02');

    // Without a browser session (an API key) there is nobody to print it.
    await expect(printLabels(t.app.ctx, { ...caller, sessionId: null }, id, [itemJob()])).rejects.toMatchObject({
      status: 422,
      key: 'printerNeedsBrowserSession',
    });
    expect(sendToUsers).toHaveBeenCalledTimes(2);
  });

  it('refuses no printer, an unknown or inactive printer, and prints nothing for zero labels', async () => {
    await expect(printLabels(t.app.ctx, caller, null, [itemJob()])).rejects.toMatchObject({
      status: 422,
      key: 'noPrinterSelected',
    });
    await expect(printLabels(t.app.ctx, caller, -1, [itemJob()])).rejects.toMatchObject({ key: 'noPrinterSelected' });
    await expect(printLabels(t.app.ctx, caller, 999_999, [itemJob()])).rejects.toMatchObject({
      status: 404,
      key: 'unknownPrinter',
    });
    const inactive = await printerId('Zebra dock 1');
    expect((await operator.post(`/api/v1/printer/${inactive}/test`)).json).toMatchObject({
      status: 404,
      key: 'unknownPrinter',
    });
    expect((await operator.post('/api/v1/printer/999999/test')).status).toBe(404);

    const before = await filesIn('pdf');
    expect(await printLabels(t.app.ctx, caller, await printerId('PDF label files'), [itemJob(0)])).toEqual({
      printed: 0,
      printer: 'PDF label files',
    });
    expect(await printLabels(t.app.ctx, caller, await printerId('PDF label files'), [])).toEqual({
      printed: 0,
      printer: 'PDF label files',
    });
    expect(await filesIn('pdf')).toEqual(before);
  });

  it('answers 422 printFailed when the folder can not be written, leaving no file behind', async () => {
    const root = printerOutputRoot(t.config.dataDir);
    await fs.mkdir(root, { recursive: true });
    await fs.writeFile(path.join(root, 'blocked'), 'a file where the folder should be');
    const id = await createPrinter({ name: 'Blocked', printType: 'FILE', folder: 'blocked/labels' });
    await expect(printLabels(t.app.ctx, caller, id, [itemJob()])).rejects.toMatchObject({
      status: 422,
      key: 'printFailed',
      args: { printer: 'Blocked' },
    });
    expect((await fs.readdir(root)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
