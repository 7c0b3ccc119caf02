import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importKinds, type ImportKind } from '@wms/contract';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

/**
 * The example workbooks of docs/import-examples (scripts/make-import-examples.mjs), one per
 * importer, are what a newcomer tries first on the demo database: each maps by its headers,
 * passes the dry run without an error and commits, in the order a new warehouse would load them.
 */
const folder = path.resolve(import.meta.dirname, '../../../../../docs/import-examples');
const order: ImportKind[] = [
  'warehouses',
  'bin_locations',
  'items',
  'business_partners',
  'default_item_locations',
  'opening_stock',
  'item_prices',
  'item_translations',
  'purchase_orders',
  'sales_orders',
  'planned_goods_receipts',
];

describe('the import examples of the docs', () => {
  let t: TestApp;
  let admin: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.signedIn('admin');
  });
  afterAll(async () => t.close());

  it('holds one example per importer', () => {
    expect([...order].sort()).toEqual([...importKinds].sort());
    for (const kind of importKinds) expect(fs.existsSync(path.join(folder, `${kind}.xlsx`)), kind).toBe(true);
  });

  it('maps, validates without errors and commits each example on the demo data', async () => {
    for (const kind of order) {
      const form = new FormData();
      form.append('file', new Blob([fs.readFileSync(path.join(folder, `${kind}.xlsx`))]), `${kind}.xlsx`);
      const base = `/api/v1/order/import/${kind}/sessions`;
      const created = await fetch(`${t.baseUrl}${base}`, {
        method: 'POST',
        headers: { ...admin.headers, cookie: admin.cookieHeader },
        body: form,
      });
      const session = (await created.json()) as { id: string; status: string; rowCount: number };
      expect(created.status, `${kind}: ${JSON.stringify(session)}`).toBe(201);
      expect(session.status, kind).toBe('MAPPED');
      const validated = await admin.post(`${base}/${session.id}/validate`);
      expect(validated.status, `${kind}: ${validated.text}`).toBe(200);
      const problems = await admin.get(`${base}/${session.id}/rows?status=ERROR`);
      expect(problems.json.rows, `${kind}: ${JSON.stringify(problems.json.rows)}`).toEqual([]);
      const committed = await admin.post(`${base}/${session.id}/commit`, { mode: 'ALL_OR_NOTHING' });
      expect(committed.status, `${kind}: ${committed.text}`).toBe(200);
      expect(committed.json.result.committedRows, kind).toBe(session.rowCount);
    }
  });
});
