import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeBinLocation, makeItem, makeStock } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { fullRecountMs, goodsSortingCounterPath, syncGoodsSortingCounter } from './goods-sorting-counter.js';

/**
 * A stock change at a staging location that no move counted again (written here straight into the
 * table) reaches the /goods_sorting counter at the next full count, every fullRecountMs.
 */
describe('the /goods_sorting counter counted in full every fullRecountMs', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Only the app's intervals are faked: the database, sockets and timeouts run for real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  it('counts a staging row no move counted once the interval has passed', async () => {
    const ctx = t.app.ctx;
    const dock = await makeBinLocation(ctx.db, { locationType: 'RECEIVE' });
    const before = await syncGoodsSortingCounter(ctx);
    await makeStock(ctx.db, { item: await makeItem(ctx.db), location: dock, onHand: 2 });
    const setCounter = vi.spyOn(ctx.live, 'setCounter');
    vi.advanceTimersByTime(fullRecountMs - 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(setCounter).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    for (let i = 0; i < 100 && setCounter.mock.calls.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(setCounter).toHaveBeenCalledWith(goodsSortingCounterPath, null, before + 1);
    setCounter.mockRestore();
  });
});
