import { codeKey } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueCode } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { commitImport, validatedImport } from './master-data.test-helper.js';

/**
 * An item import that assigns thousands of barcodes in one ALL_OR_NOTHING transaction. On
 * PostgreSQL a lock per barcode ran the lock table out ("out of shared memory", a 500, at about
 * 6,400 locks with the default settings): barcodes are locked by bucket (barcode-lock-buckets.ts).
 */
describe('item import with many barcodes', () => {
  let t: TestApp;
  let admin: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signIn(t, 'admin');
  });
  afterAll(async () => t.close());

  it('commits 20,000 items with a barcode each in one transaction', async () => {
    const prefix = uniqueCode('BULK-');
    const rows = Array.from({ length: 20_000 }, (_, n) => [`${prefix}-${n}`, `Bulk item ${n}`, `${prefix}-EAN-${n}`]);
    const { session } = await validatedImport(t, admin, 'items', [['Item code', 'Name', 'Barcode'], ...rows]);
    expect(session.counts).toEqual({ valid: 20_000, warning: 0, error: 0 });
    const committed = await commitImport(admin, 'items', session.id, 'ALL_OR_NOTHING');
    expect(committed.status, committed.text).toBe(200);
    const stored = await t.app.ctx.db
      .selectFrom('item')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('code_lower', 'like', `${codeKey(prefix)}-%`)
      .where('barcode', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(20_000);
  }, 120_000);
});
