import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { parsePdf } from '../labels/pdf.test-helper.js';
import { pickClient, pickClients } from '../pick-lists/pick-lists.test-helper.js';
import { dayMonthYear } from './packing-slip-data.js';
import { deliveredScene, type DeliveredScene } from './packing-slip.test-helper.js';

/** Packing slips (PROCESSES.md 3.9): the PDF, the scan, printing and its log, labels, access. */
describe('packing slip routes', () => {
  let t: TestApp;
  let db: Db;
  let clients: { generator: HttpClient; picker: HttpClient };
  let clerk: HttpClient;
  let clerkName: string;
  let outsider: HttpClient;
  let admin: HttpClient;
  let delivered: DeliveredScene;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    const cast = await pickClients(t);
    clients = { generator: cast.generator.client, picker: cast.picker.client };
    const deliveryUser = await pickClient(t, ['delivery']);
    clerk = deliveryUser.client;
    clerkName = deliveryUser.user.username;
    outsider = (await pickClient(t, ['picking', 'goodsReceipt'])).client;
    admin = cast.admin.client;
    delivered = await deliveredScene(t, clients);
  });
  afterAll(async () => t.close());

  const slipPath = (code: string) => `/api/v1/delivery/${encodeURIComponent(code)}/packingSlip`;

  async function pdfText(client: HttpClient, path: string) {
    const answer = await fetch(client.baseUrl + path, { headers: { ...client.headers, cookie: client.cookieHeader } });
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(answer.status, bytes.toString('utf8', 0, 300)).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/pdf');
    return parsePdf(bytes);
  }

  async function printer(labelFormat: 'PDF' | 'ZPL'): Promise<number> {
    const created = await admin.post('/api/v1/printer/', {
      name: `void-${labelFormat}-${Date.now()}`,
      printType: 'VOID',
      paper: 'A4',
      labelFormat,
    });
    expect(created.status, created.text).toBe(201);
    return (created.json as { id: number }).id;
  }

  it('renders the slip: head, each container with its lines, batch, best-before, serials, totals; logged as PREVIEW', async () => {
    const { scene: s, containers, serials, delivery, pickList } = delivered;
    const { pages, text } = await pdfText(clerk, slipPath(delivery));
    expect(pages).toBe(1);
    expect(text).toContain('Packing slip');
    expect(text).toContain(delivery);
    expect(text).toContain(pickList);
    expect(text).toContain(s.customer.code);
    expect(text).toContain('Depot Noord');
    expect(text).toContain('9712 AB Groningen');
    for (const container of containers) expect(text).toContain(`Container ${container}`);
    expect(text).toContain('2.5 kg');
    expect(text).toContain('400 x 300 x 200 mm');
    expect(text).toContain(s.normalItem.code);
    expect(text).toContain(s.batchItem.code);
    expect(text).toContain(s.batches.late.code);
    const bestBefore = dayMonthYear(
      (
        await db
          .selectFrom('batch')
          .select('expiration_date')
          .where('id', '=', s.batches.late.id)
          .executeTakeFirstOrThrow()
      ).expiration_date,
    );
    expect(bestBefore).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(text).toContain(bestBefore);
    for (const serial of serials) expect(text).toContain(serial);
    expect(text).toMatch(/Containers: 2\s+Units: 7\s+Gross weight: 2.5 kg/);
    expect(text).toMatch(/page 1 of 1/i);
    // Box 1 lists its lines before box 2 starts; the serials are in box 2.
    expect(text.indexOf(s.batches.late.code)).toBeLessThan(text.indexOf(`Container ${containers[1]}`));
    expect(text.indexOf(serials[0]!)).toBeGreaterThan(text.indexOf(`Container ${containers[1]}`));

    const log = await clerk.get(`${slipPath(delivery)}/log`);
    expect(log.status, log.text).toBe(200);
    expect(log.json).toEqual([{ at: expect.any(String), username: clerkName, kind: 'PREVIEW', printer: null }]);
  });

  it('paginates a 60-line delivery with the header and "page n of m" on each page', async () => {
    const big = await deliveredScene(t, clients, { extraLines: 57 });
    const { pages, text } = await pdfText(clerk, slipPath(big.delivery));
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(new RegExp(`page 1 of ${pages}`, 'i'));
    expect(text).toMatch(new RegExp(`page ${pages} of ${pages}`, 'i'));
    expect(text.split(big.delivery).length - 1).toBeGreaterThanOrEqual(pages * 2);
    expect(text).toContain(`(continued)`);
    for (const item of big.extraItems) expect(text).toContain(item.code);
    expect(text).toMatch(/Units: 64/);
  });

  it('prints in the caller language', async () => {
    const dutch = await pickClient(t, ['delivery']);
    await db
      .updateTable('app_user')
      .set({ settings: JSON.stringify({ preferredLanguage: 'nl' }) })
      .where('id', '=', dutch.user.id)
      .execute();
    const { text } = await pdfText(dutch.client, slipPath(delivered.delivery));
    expect(text).toContain('Pakbon');
    expect(text).toMatch(/Pagina 1 van 1/);
  });

  it('finds the delivery from its code, its pick list or a container; not delivered 422, unknown 404', async () => {
    const find = (scan: string) => clerk.get(`/api/v1/packing_slip/find?scan=${encodeURIComponent(scan)}`);
    const expected = { delivery: delivered.delivery, status: 'CREATED', containers: 2 };
    for (const [scan, scanned] of [
      [delivered.delivery.toLowerCase(), 'DELIVERY'],
      [delivered.pickList, 'PICK_LIST'],
      [delivered.containers[1], 'CONTAINER'],
    ] as const) {
      const answer = await find(scan);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json).toMatchObject({ ...expected, scanned, customer: delivered.scene.customer.code });
    }
    const open = await deliveredScene(t, clients, { deliver: false });
    for (const scan of [open.pickList, open.containers[0]]) {
      const answer = await find(scan);
      expect(answer.status).toBe(422);
      expect(errorOf(answer)).toMatchObject({ key: 'notDelivered', args: { code: scan } });
    }
    const unknown = await find('NO-SUCH-CODE');
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ key: 'unknownDocument', args: { type: 'DELIVERY' } });
    expect((await find('')).status).toBe(400);
  });

  it('prints: PRINT then REPRINT in the log with the user; no printer 422; a ZPL printer 422', async () => {
    const { delivery } = delivered;
    const pdfPrinter = await printer('PDF');
    const noPrinter = await clerk.post(`${slipPath(delivery)}/print`, {});
    expect(noPrinter.status).toBe(422);
    expect(errorOf(noPrinter).key).toBe('noPrinterSelected');
    const zpl = await clerk.post(`${slipPath(delivery)}/print`, { printer: await printer('ZPL') });
    expect(zpl.status).toBe(422);
    expect(errorOf(zpl).key).toBe('packingSlipNeedsPdfPrinter');

    for (let i = 0; i < 2; i += 1) {
      const printed = await clerk.post(`${slipPath(delivery)}/print`, { printer: pdfPrinter });
      expect(printed.status, printed.text).toBe(200);
      expect(printed.json).toMatchObject({ printed: 1 });
    }
    const log = await clerk.get(`${slipPath(delivery)}/log`);
    const entries = log.json as { kind: string; username: string; printer: string | null }[];
    expect(entries.slice(0, 2).map((e) => e.kind)).toEqual(['REPRINT', 'PRINT']);
    expect(entries[0]).toMatchObject({ username: clerkName, printer: expect.stringContaining('void-PDF') });
  });

  it('prints every container label of the delivery, and answers the carrier label as a PDF', async () => {
    const { delivery, containers } = delivered;
    const labels = await clerk.post(`/api/v1/delivery/${delivery}/containerLabels/print`, {
      printer: await printer('ZPL'),
    });
    expect(labels.status, labels.text).toBe(200);
    expect(labels.json).toMatchObject({ printed: 2 });
    const noPrinter = await clerk.post(`/api/v1/delivery/${delivery}/containerLabels/print`, {});
    expect(errorOf(noPrinter).key).toBe('noPrinterSelected');

    const { pages, text } = await pdfText(clerk, `/api/v1/delivery/${delivery}/carrierLabel`);
    expect(pages).toBe(1);
    expect(text).toContain(delivery);
    expect(text).toContain('Depot Noord');
    expect(text).toMatch(/Containers: 2/);
    expect(containers).toHaveLength(2);
  });

  it('answers 404 unknownDocument for an unknown delivery and 403 without the delivery role', async () => {
    const unknown = await clerk.get(slipPath('NO-SUCH-DELIVERY'));
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown)).toMatchObject({
      key: 'unknownDocument',
      args: { type: 'DELIVERY', code: 'NO-SUCH-DELIVERY' },
    });
    expect((await clerk.get(`${slipPath('NO-SUCH-DELIVERY')}/log`)).status).toBe(404);

    const { delivery } = delivered;
    const before = await db.selectFrom('packing_slip_print').select('id').execute();
    for (const answer of [
      await outsider.get(slipPath(delivery)),
      await outsider.post(`${slipPath(delivery)}/print`, {}),
      await outsider.get(`${slipPath(delivery)}/log`),
      await outsider.get(`/api/v1/delivery/${delivery}/carrierLabel`),
      await outsider.post(`/api/v1/delivery/${delivery}/containerLabels/print`, {}),
      await outsider.get(`/api/v1/packing_slip/find?scan=${delivery}`),
    ]) {
      expect(answer.status).toBe(403);
    }
    expect(await db.selectFrom('packing_slip_print').select('id').execute()).toHaveLength(before.length);
  });
});
