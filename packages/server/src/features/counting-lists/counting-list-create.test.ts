import type { CountingListPreviewAnswer, CountingListsAnswer, CountingListSummary } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import { clientWith, newKey, ok } from '../counting/counting.test-helper.js';
import {
  batch,
  createLists,
  lists,
  setOperationMode,
  startCall,
  stockedWarehouse,
} from './counting-lists.test-helper.js';

/** /counting_list_creator on the server (PROCESSES.md 4.3; decision 0192). */
describe('counting list creator', () => {
  let t: TestApp;
  let creator: HttpClient;
  let counter: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    await setOperationMode(t, 'WALL_TO_WALL_BATCHING_MODE');
    creator = await clientWith(t, ['countingListCreator']);
    counter = await clientWith(t, ['counting']);
  });
  afterAll(async () => t.close());

  it('previews, splits into lists in walk order, refuses a location already in an open list, and cancels', async () => {
    const { warehouse, locations } = await stockedWarehouse(t, [1, 0, 2, 0, 3]);
    const preview = ok(await creator.post(`${lists}/preview`, { filter: { warehouse: warehouse.code } }));
    expect(preview.json as CountingListPreviewAnswer).toEqual({ locations: 5, truncated: false, inOpenLists: 0 });
    const withStock = ok(
      await creator.post(`${lists}/preview`, { filter: { warehouse: warehouse.code, withStock: true } }),
    );
    expect((withStock.json as CountingListPreviewAnswer).locations).toBe(3);

    const created = await createLists(creator, warehouse.code, 'SINGLE_COUNTING', 2);
    expect(created.lists.map((l) => l.locations)).toEqual([2, 2, 1]);
    const [first, , last] = created.lists.map((l) => l.code);
    const progress = ok(await counter.get(`${batch}/progress?list=${first}`)).json as {
      locations: { code: string; state: string }[];
    };
    // Walk order: countingSortingCode, not the location code.
    expect(progress.locations.map((l) => l.code)).toEqual([locations[0]?.code, locations[1]?.code]);
    expect(progress.locations.every((l) => l.state === 'PENDING')).toBe(true);

    const again = await creator.post(lists, {
      idempotencyKey: newKey('cl'),
      filter: { warehouse: warehouse.code },
      maxLocationsPerList: 10,
      countingType: 'DOUBLE_COUNTING_ALL',
    });
    expect(errorOf(again)).toEqual({
      status: 422,
      key: 'locationAlreadyInOpenList',
      args: { location: locations[0]?.code, list: first },
    });
    const openBefore = ok(await counter.get(`${batch}/countingList`)).json as CountingListsAnswer;
    expect(openBefore.lists.filter((l) => created.lists.some((c) => c.code === l.code))).toHaveLength(3);

    const cancelled = ok(await creator.post(`${lists}/${last}/cancel`, {})).json as CountingListSummary;
    expect(cancelled).toMatchObject({ code: last, status: 'CANCELLED', locations: 1 });
    expect(errorOf(await creator.post(`${lists}/${last}/cancel`, {}))).toMatchObject({
      status: 422,
      key: 'countingListNotInProgress',
      args: { list: last, status: 'CANCELLED' },
    });
    // The creator's table lists every status, newest first, in any operation mode; not for counters.
    await setOperationMode(t, 'NORMAL');
    try {
      const table = ok(await creator.get(lists)).json as CountingListsAnswer;
      const mine = table.lists.filter((l) => created.lists.some((c) => c.code === l.code));
      expect(mine.map((l) => [l.code, l.status])).toEqual([
        [last, 'CANCELLED'],
        [created.lists[1]?.code, 'CREATED'],
        [first, 'CREATED'],
      ]);
      expect(mine[2]?.progress.PENDING).toBe(2);
      expect((await counter.get(lists)).status).toBe(403);
    } finally {
      await setOperationMode(t, 'WALL_TO_WALL_BATCHING_MODE');
    }
    // The cancelled list's location is free for a new list; the others are not.
    const freed = ok(await creator.post(`${lists}/preview`, { filter: { warehouse: warehouse.code } }));
    expect((freed.json as CountingListPreviewAnswer).inOpenLists).toBe(4);

    // A started list cannot be cancelled.
    ok(await startCall(counter, first as string));
    expect(errorOf(await creator.post(`${lists}/${first}/cancel`, {}))).toMatchObject({
      status: 422,
      key: 'countingListNotInProgress',
    });
  });

  it('refuses an empty selection, and callers without the role (403)', async () => {
    const { warehouse } = await stockedWarehouse(t, [1]);
    const none = await creator.post(lists, {
      idempotencyKey: newKey('cl'),
      filter: { warehouse: warehouse.code, fromCode: 'ZZZZ' },
      maxLocationsPerList: 10,
      countingType: 'SINGLE_COUNTING',
    });
    expect(errorOf(none)).toMatchObject({ status: 422, key: 'noLocationsSelected' });
    const body = {
      idempotencyKey: newKey('cl'),
      filter: { warehouse: warehouse.code },
      maxLocationsPerList: 10,
      countingType: 'SINGLE_COUNTING',
    };
    expect((await counter.post(lists, body)).status).toBe(403);
    expect((await counter.post(`${lists}/preview`, { filter: { warehouse: warehouse.code } })).status).toBe(403);
    const nobody = await clientWith(t, ['information']);
    expect((await nobody.get(`${batch}/countingList`)).status).toBe(403);
    expect((await nobody.post(`${batch}/flush`, { idempotencyKey: newKey(), list: 'CL-1' })).status).toBe(403);
  });

  it('works only in the batching operation mode', async () => {
    await setOperationMode(t, 'NORMAL');
    try {
      expect(errorOf(await counter.get(`${batch}/countingList`))).toMatchObject({
        status: 422,
        key: 'countingListsNeedBatchingMode',
      });
    } finally {
      await setOperationMode(t, 'WALL_TO_WALL_BATCHING_MODE');
    }
  });
});
