import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printAnswerSchema } from '@wms/contract';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';
import { printerOutputRoot } from '../printers/printers.service.js';

describe('POST /api/v1/item/label and /api/v1/item/large_label', () => {
  let t: TestApp;
  let operator: HttpClient;
  let translator: HttpClient;
  let voidPrinter: number;
  let zplPrinter: number;
  beforeAll(async () => {
    t = await buildTestApp();
    [operator, translator] = await Promise.all([signIn(t, 'operator'), signIn(t, 'translator')]);
    const idOf = async (name: string) =>
      (await t.app.ctx.db.selectFrom('printer').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    voidPrinter = await idOf('Test printer');
    zplPrinter = await idOf('ZPL files');
  });
  afterAll(async () => t.close());

  const zplFiles = async () =>
    (await fs.readdir(path.join(printerOutputRoot(t.config.dataDir), 'zpl')).catch(() => [] as string[])).sort();
  const readZpl = (file: string) => fs.readFile(path.join(printerOutputRoot(t.config.dataDir), 'zpl', file), 'utf8');

  it('prints item labels on the VOID test printer and answers the count', async () => {
    const answer = await operator.post('/api/v1/item/label', {
      printer: voidPrinter,
      receiptCode: 'GR-1',
      jobs: [
        { item: 'item-001', quantity: 2 },
        { item: 'BATCH-001', batch: 'b2025-014', quantity: 1 },
        { item: 'SERIAL-001', serial: 'sn-0001', quantity: 0 },
      ],
    });
    expect(answer.status).toBe(200);
    expect(printAnswerSchema.strict().parse(answer.json)).toEqual({ printed: 3, printer: 'Test printer' });
  });

  it('writes normal and large labels with code, name, barcode, batch and serial to a FILE printer', async () => {
    const normal = await operator.post('/api/v1/item/label', {
      printer: zplPrinter,
      jobs: [
        { item: 'BATCH-001', batch: 'b2025-014', quantity: 3 },
        { item: 'SERIAL-001', serial: 'SN-0002', quantity: 1 },
      ],
    });
    expect(normal.json).toEqual({ printed: 4, printer: 'ZPL files' });
    const [file] = await zplFiles();
    const zpl = await readZpl(file ?? '');
    for (const text of ['BATCH-001', 'Paracetamol 500 mg', '^FD8712345000059^FS', 'B2025-014', '^PQ3,']) {
      expect(zpl).toContain(text);
    }
    expect(zpl).toContain('SN-0002');
    expect(zpl).toContain('^LL406');

    const large = await operator.post('/api/v1/item/large_label', {
      printer: zplPrinter,
      jobs: [{ item: 'KIT-001', quantity: 1 }],
    });
    expect(large.json).toEqual({ printed: 1, printer: 'ZPL files' });
    const files = await zplFiles();
    expect(files).toHaveLength(2);
    const largeZpl = await readZpl(files[1] ?? '');
    expect(largeZpl).toContain('^LL1218');
    // An item without a barcode encodes its code.
    expect(largeZpl).toContain('^FDKIT-001^FS');
  });

  it('answers 404 for an unknown item, batch or serial of the item, printing nothing', async () => {
    const before = await zplFiles();
    const cases = [
      [{ item: 'NOPE', quantity: 1 }, 'unknownItemForCode', { code: 'NOPE' }],
      [{ item: 'BATCH-001', batch: 'G-0042', quantity: 1 }, 'unknownBatch', { code: 'G-0042', itemCode: 'BATCH-001' }],
      [{ item: 'SERIAL-002', serial: 'SN-0001', quantity: 1 }, 'unknownSerial', { code: 'SN-0001' }],
    ] as const;
    for (const [job, key, args] of cases) {
      const answer = await operator.post('/api/v1/item/label', {
        printer: zplPrinter,
        jobs: [{ item: 'ITEM-001', quantity: 1 }, job],
      });
      expect(answer.status, key).toBe(404);
      expect(answer.json).toMatchObject({ key, args });
    }
    expect(await zplFiles()).toEqual(before);
  });

  it('answers 422 noPrinterSelected without a printer and 404 unknownPrinter for an unknown one', async () => {
    const jobs = [{ item: 'ITEM-001', quantity: 1 }];
    expect((await operator.post('/api/v1/item/label', { printer: null, jobs })).json).toMatchObject({
      status: 422,
      key: 'noPrinterSelected',
    });
    expect((await operator.post('/api/v1/item/large_label', { printer: 9999, jobs })).json).toMatchObject({
      status: 404,
      key: 'unknownPrinter',
    });
  });

  it('answers 400 for no jobs, a negative or fractional quantity, a missing printer', async () => {
    const before = await zplFiles();
    for (const body of [
      { printer: zplPrinter, jobs: [] },
      { printer: zplPrinter, jobs: [{ item: 'ITEM-001', quantity: -1 }] },
      { printer: zplPrinter, jobs: [{ item: 'ITEM-001', quantity: 1.5 }] },
      { jobs: [{ item: 'ITEM-001', quantity: 1 }] },
    ]) {
      const answer = await operator.post('/api/v1/item/label', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(await zplFiles()).toEqual(before);
  });

  it('is forbidden without the information role (403) and for anonymous callers (401)', async () => {
    const before = await zplFiles();
    const body = { printer: zplPrinter, jobs: [{ item: 'ITEM-001', quantity: 1 }] };
    for (const url of ['/api/v1/item/label', '/api/v1/item/large_label']) {
      expect((await translator.post(url, body)).json).toMatchObject({ status: 403, key: 'requestForbidden' });
      expect((await t.client().post(url, body)).status).toBe(401);
    }
    expect(await zplFiles()).toEqual(before);
  });
});
