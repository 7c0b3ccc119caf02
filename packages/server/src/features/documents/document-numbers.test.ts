import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { insertNumberedDocument } from '../deliveries/document-codes.js';
import { nowIso } from '../../util/time.js';

/** Numbered codes: the next after the highest, remembered per process, never wrong for long. */
describe('document numbers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const head = { type: 'RECOUNT_REQUEST' as const, status: 'OPEN', warehouseId: null, partnerId: null, at: nowIso() };
  const insert = () => t.app.ctx.db.transaction().execute((tx) => insertNumberedDocument(tx, head));

  it('numbers on from the highest, reuses a rolled back number, and skips codes taken by others', async () => {
    const first = await insert();
    const second = await insert();
    expect(Number(second.code.slice(3))).toBe(Number(first.code.slice(3)) + 1);

    // A transaction that rolls back leaves no gap.
    await expect(
      t.app.ctx.db.transaction().execute(async (tx) => {
        await insertNumberedDocument(tx, head);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const third = await insert();
    expect(Number(third.code.slice(3))).toBe(Number(second.code.slice(3)) + 1);

    // Codes another instance issued meanwhile (longer numbers are higher) are passed over.
    const taken = Number(third.code.slice(3)) + 1;
    await t.app.ctx.db
      .insertInto('document')
      .values({
        type: 'RECOUNT_REQUEST',
        code: `RC-${String(taken).padStart(6, '0')}`,
        code_lower: `rc-${String(taken).padStart(6, '0')}`,
        visual_code: `RC-${String(taken).padStart(6, '0')}`,
        status: 'OPEN',
        version: 1,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
    const fourth = await insert();
    expect(Number(fourth.code.slice(3))).toBe(taken + 1);
  });
});
