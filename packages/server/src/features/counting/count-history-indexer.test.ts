import type { CountHistoryAnswer } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeItem, makeStock } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { indexCountHistory, indexIntervalMs } from './count-history-indexer.js';
import { clientWith, flaggedLocation, ok, saveCall, setExtensionOn, startCall } from './counting.test-helper.js';

/**
 * The count history by item (decision 0197): complete while the counts wait for the item index,
 * the same once indexed, pages across both; the app indexes in the background.
 */
describe('count history item index', () => {
  let t: TestApp;
  let db: Db;
  let counter: HttpClient;
  let viewer: HttpClient;
  beforeAll(async () => {
    // Only the app's intervals are faked: the indexer runs when the test says.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    t = await buildTestApp();
    db = t.app.ctx.db;
    await setExtensionOn(t, true);
    counter = await clientWith(t, ['counting']);
    viewer = await clientWith(t, ['information']);
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  const history = async (query: string) =>
    ok(await viewer.get(`/api/v1/counting/history?${query}`)).json as CountHistoryAnswer;
  const waiting = async () => (await db.selectFrom('location_count_unindexed').selectAll().execute()).length;
  const entriesOf = async (itemId: number) =>
    (await db.selectFrom('location_count_line_item').select('line_id').where('item_id', '=', itemId).execute()).length;

  it('answers the same history before, during and after indexing, paged across both', async () => {
    const [counted, other] = [await makeItem(db), await makeItem(db)];
    const places = [await flaggedLocation(t, 'YES'), await flaggedLocation(t, 'YES'), await flaggedLocation(t, 'YES')];
    const count = async (index: number) => {
      const location = places[index]!;
      await makeStock(db, { item: counted, location, onHand: 5 });
      await makeStock(db, { item: other, location, onHand: 2 });
      ok(await startCall(counter, location.code));
      ok(
        await saveCall(counter, {
          location: location.code,
          lines: [
            { item: counted.code, quantity: 5 + index },
            { item: other.code, quantity: 2 },
          ],
          reason: 'COUNT',
        }),
      );
    };
    await count(0);
    await count(1);
    const before = await history(`item=${counted.code}`);
    expect(before.rows.map((r) => [r.location, r.counted])).toEqual([
      [places[1]!.code, 6],
      [places[0]!.code, 5],
    ]);
    expect(await waiting()).toBe(2);
    expect(await entriesOf(counted.id)).toBe(0);

    expect(await indexCountHistory(t.app.ctx, 1)).toBe(1);
    expect(await history(`item=${counted.code}`)).toEqual(before);
    expect(await entriesOf(counted.id)).toBe(1);
    expect(await entriesOf(other.id)).toBe(1);

    await count(2);
    // One indexed count, two waiting: pages run across both, newest first.
    const first = await history(`item=${counted.code}&limit=2`);
    expect(first.rows.map((r) => r.location)).toEqual([places[2]!.code, places[1]!.code]);
    expect(first.hasMore).toBe(true);
    const second = await history(`item=${counted.code}&limit=2&offset=2`);
    expect(second.rows.map((r) => r.location)).toEqual([places[0]!.code]);
    expect(second.hasMore).toBe(false);
    const atOne = await history(`item=${counted.code}&location=${places[1]!.code}`);
    expect(atOne.rows.map((r) => [r.location, r.item])).toEqual([[places[1]!.code, counted.code]]);
    const all = await history(`item=${counted.code}`);

    expect(await indexCountHistory(t.app.ctx)).toBe(2);
    expect(await indexCountHistory(t.app.ctx)).toBe(0);
    expect(await waiting()).toBe(0);
    expect(await entriesOf(counted.id)).toBe(3);
    expect(await entriesOf(other.id)).toBe(3);
    expect(await history(`item=${counted.code}`)).toEqual(all);
    expect(await history(`item=${other.code}&location=${places[0]!.code}`)).toMatchObject({
      rows: [{ location: places[0]!.code, item: other.code, counted: 2 }],
    });
  });

  it('indexes in the background every indexIntervalMs while the app runs', async () => {
    const item = await makeItem(db);
    const location = await flaggedLocation(t, 'YES');
    await makeStock(db, { item, location, onHand: 1 });
    ok(await startCall(counter, location.code));
    ok(
      await saveCall(counter, { location: location.code, lines: [{ item: item.code, quantity: 1 }], reason: 'COUNT' }),
    );
    expect(await waiting()).toBe(1);
    vi.advanceTimersByTime(indexIntervalMs);
    for (let i = 0; i < 100 && (await waiting()) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await waiting()).toBe(0);
    expect(await entriesOf(item.id)).toBe(1);
  });
});
