import type { CountingListProgressAnswer, CountingListsAnswer } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { setOperationMode } from '../../features/counting-lists/counting-lists.test-helper.js';

describe('demo counting list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('has one CREATED double-count list of 01-STK-01..03 that the admin sees, waiting for the batching mode', async () => {
    const admin = await t.signedIn('admin');
    const table = (await admin.get('/api/v1/counting_lists')).json as CountingListsAnswer;
    expect(table.lists).toHaveLength(1);
    expect(table.lists[0]).toMatchObject({
      status: 'CREATED',
      countingType: 'DOUBLE_COUNTING_ALL',
      warehouse: '01',
      locations: 3,
      claimedBy: null,
    });
    const code = table.lists[0]!.code;
    // The demo runs in the normal mode: counting waits for the batching mode.
    expect((await admin.get('/api/v1/wall_to_wall/batch/countingList')).json).toMatchObject({
      key: 'countingListsNeedBatchingMode',
    });
    await setOperationMode(t, 'WALL_TO_WALL_BATCHING_MODE');
    try {
      const progress = (await admin.get(`/api/v1/wall_to_wall/batch/progress?list=${code}`))
        .json as CountingListProgressAnswer;
      expect(progress.locations.map((l) => [l.code, l.state])).toEqual([
        ['01-STK-01', 'PENDING'],
        ['01-STK-02', 'PENDING'],
        ['01-STK-03', 'PENDING'],
      ]);
    } finally {
      await setOperationMode(t, 'NORMAL');
    }
  });
});
