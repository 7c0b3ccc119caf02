import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeItem } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { itemsByCodeKept } from './item-codes-cache.js';

/** Items by code kept in memory on SQLite, never stale (decision 0197). */
describe('items by code, kept', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers the items of the codes in any case, and leaves unknown codes out', async () => {
    const ctx = t.app.ctx;
    const [a, b] = [await makeItem(ctx.db), await makeItem(ctx.db, { managedBy: 'BATCH_NUMBER' })];
    const found = await itemsByCodeKept(ctx, ctx.db, [a.code.toLowerCase(), ` ${b.code} `, 'NO-SUCH-ITEM', a.code]);
    expect(found.map((i) => [i.id, i.code, i.managed_by]).sort()).toEqual(
      [
        [a.id, a.code, 'NORMAL'],
        [b.id, b.code, 'BATCH_NUMBER'],
      ].sort(),
    );
  });

  it('reads the items once on SQLite, again after any change of an item', async () => {
    const ctx = t.app.ctx;
    const item = await makeItem(ctx.db);
    await itemsByCodeKept(ctx, ctx.db, [item.code]);
    const reads = vi.spyOn(ctx.db, 'selectFrom');
    const again = await itemsByCodeKept(ctx, ctx.db, [item.code]);
    expect(again.map((i) => i.id)).toEqual([item.id]);
    expect(reads).toHaveBeenCalledTimes(ctx.dialect === 'sqlite' ? 0 : 1);

    // Another item changed: every kept item is read again, and the change is seen.
    await ctx.db.updateTable('item').set({ managed_by: 'SERIAL_NUMBER' }).where('id', '=', item.id).execute();
    expect((await itemsByCodeKept(ctx, ctx.db, [item.code]))[0]?.managed_by).toBe('SERIAL_NUMBER');
    // Deleted and made again under the same code: the new item's id.
    await ctx.db.deleteFrom('item').where('id', '=', item.id).execute();
    expect(await itemsByCodeKept(ctx, ctx.db, [item.code])).toEqual([]);
    const remade = await makeItem(ctx.db, { code: item.code });
    expect((await itemsByCodeKept(ctx, ctx.db, [item.code])).map((i) => i.id)).toEqual([remade.id]);
    reads.mockRestore();
  });
});
