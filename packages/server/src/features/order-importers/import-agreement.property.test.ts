import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportCommitMode } from '@wms/contract';
import { makeUser } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { orderScene, storedDocument, type OrderScene } from './order-importers.test-helper.js';

/**
 * The dry run and the commit agree row by row (PROCESSES.md 7, objectstack #3956): over generated
 * purchase-order files with clean and broken rows, a VALID_ROWS_ONLY commit writes exactly the
 * groups whose rows the dry run passed, each with exactly those rows as lines, and skips the rest;
 * an ALL_OR_NOTHING commit writes everything when the dry run found no error and nothing otherwise.
 */
describe('import: dry run and commit agree (property)', () => {
  let t: TestApp;
  let db: Db;
  let s: OrderScene;
  let purchaser: HttpClient;
  let run = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    s = await orderScene(db);
    const user = await makeUser(db, { roles: ['purchasing'] });
    purchaser = await signIn(t, user.username, user.password);
  });
  afterAll(async () => t.close());

  const base = '/api/v1/order/import/purchase_orders/sessions';
  async function upload(csv: string): Promise<{ id: string; status: string }> {
    const form = new FormData();
    form.append('file', new Blob([csv]), 'orders.csv');
    const response = await fetch(`${t.baseUrl}${base}`, {
      method: 'POST',
      headers: { ...purchaser.headers, cookie: purchaser.cookieHeader },
      body: form,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: string; status: string };
  }

  const rowArbitrary = fc.record({
    order: fc.integer({ min: 0, max: 3 }),
    supplier: fc.constantFrom('supplier', 'otherSupplier', 'unknown'),
    item: fc.constantFrom('item', 'otherItem', 'inactiveItem', 'unknown'),
    quantity: fc.constantFrom('3', '12.5', '0', '-1', 'abc', '1000'),
    dueDate: fc.constantFrom('2030-01-31', '', '31-02-2030'),
  });
  type GeneratedRow = typeof rowArbitrary extends fc.Arbitrary<infer R> ? R : never;

  function csvOf(rows: readonly GeneratedRow[], prefix: string) {
    const code = (row: GeneratedRow) => {
      if (row.supplier === 'unknown') return 'NO-SUCH-SUPPLIER';
      return s[row.supplier].code;
    };
    const item = (row: GeneratedRow) => (row.item === 'unknown' ? 'NO-SUCH-ITEM' : s[row.item].code);
    return [
      'supplierCode,orderReference,warehouseCode,itemCode,quantity,dueDate',
      ...rows.map((row) =>
        [code(row), `${prefix}-${row.order}`, s.warehouse.code, item(row), row.quantity, row.dueDate].join(','),
      ),
    ].join('\r\n');
  }

  async function check(rows: readonly GeneratedRow[], mode: ImportCommitMode) {
    const prefix = `PROP-${++run}-${Date.now()}`;
    const session = await upload(csvOf(rows, prefix));
    const validated = await purchaser.post(`${base}/${session.id}/validate`);
    expect(validated.status, validated.text).toBe(200);
    const report = await purchaser.get(`${base}/${session.id}/rows?limit=500`);
    const verdicts = report.json.rows as { rowNumber: number; status: string; group: string | null }[];
    expect(verdicts.map((row) => row.rowNumber)).toEqual(rows.map((_, i) => i + 2));

    const committed = await purchaser.post(`${base}/${session.id}/commit`, { mode });
    const errors = verdicts.filter((row) => row.status === 'ERROR').length;
    const references = [...new Set(rows.map((row) => `${prefix}-${row.order}`))];
    if (mode === 'ALL_OR_NOTHING' && errors > 0) {
      expect(committed.status, committed.text).toBe(422);
      for (const reference of references) expect(await storedDocument(db, 'PURCHASE_ORDER', reference)).toBeUndefined();
      return;
    }
    expect(committed.status, committed.text).toBe(200);
    // Which rows the dry run let through: every row of a group without an ERROR row.
    const failedGroups = new Set(verdicts.filter((row) => row.status === 'ERROR').map((row) => row.group));
    const passes = (i: number) => verdicts[i]!.status !== 'ERROR' && !failedGroups.has(verdicts[i]!.group);
    const passed = rows.filter((_, i) => passes(i));
    expect(committed.json.result.committedRows).toBe(passed.length);
    expect(committed.json.result.skippedRows).toBe(rows.length - passed.length);
    for (const reference of references) {
      const document = await storedDocument(db, 'PURCHASE_ORDER', reference);
      const expectedLines = rows
        .filter((row, i) => passes(i) && `${prefix}-${row.order}` === reference)
        .map((row) => Math.round(Number(row.quantity) * 1000));
      if (expectedLines.length === 0) expect(document, reference).toBeUndefined();
      else
        expect(
          document?.lines.map((line) => line.quantity),
          reference,
        ).toEqual(expectedLines);
    }
  }

  it('VALID_ROWS_ONLY writes exactly what the dry run passed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArbitrary, { minLength: 1, maxLength: 12 }), (rows) =>
        check(rows, 'VALID_ROWS_ONLY'),
      ),
      { numRuns: 15 },
    );
  });

  it('ALL_OR_NOTHING writes every row after a clean dry run and nothing after one with an error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArbitrary, { minLength: 1, maxLength: 12 }), (rows) =>
        check(rows, 'ALL_OR_NOTHING'),
      ),
      { numRuns: 15 },
    );
  });
});
