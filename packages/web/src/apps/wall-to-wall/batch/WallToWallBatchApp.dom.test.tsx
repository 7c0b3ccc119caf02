import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  itemEndpoints,
  lookupEndpoints,
  pathOf,
  wallToWallBatchEndpoints as batch,
  type CountingListLocation,
  type CountingListSummary,
} from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  countedLines,
  dangers,
  fakeFetch,
  foundItem,
  json,
  refusal,
  renderAt,
  testSession,
  waitForPrompt,
  wedge,
  type Call,
} from '../../../handheld/testing/handheld-dom.js';
import { notify } from '../../../platform/notifications.js';
import { WallToWallBatchApp } from './WallToWallBatchApp.js';

vi.setConfig({ testTimeout: 20_000 });
// The user counting: anna (the list's claimant).
testSession.username = 'anna';

const items = ['BOLT', 'NUT', 'SCREW'];
/** CL-1 (DOUBLE_COUNTING_ALL): L-1 not counted, L-2 agreed (counted by others), L-3 count 1 by maria. */
function fakeServer() {
  const locations: CountingListLocation[] = [
    {
      code: 'L-1',
      visualCode: 'L-1',
      countingSortingCode: '1',
      state: 'PENDING',
      counts: 0,
      counters: [],
      toCount: true,
    },
    {
      code: 'L-2',
      visualCode: 'L-2',
      countingSortingCode: '2',
      state: 'AGREED',
      counts: 2,
      counters: ['maria', 'piet'],
      toCount: false,
    },
    {
      code: 'L-3',
      visualCode: 'L-3',
      countingSortingCode: '3',
      state: 'COUNTED_1',
      counts: 1,
      counters: ['maria'],
      toCount: false,
    },
  ];
  let flushed = false;
  let claimedBy = 'anna';
  const summary = (): CountingListSummary => ({
    code: 'CL-1',
    status: 'IN_PROGRESS',
    version: 2,
    warehouse: 'WH1',
    countingType: 'DOUBLE_COUNTING_ALL',
    round: 1,
    claimedBy,
    locations: 3,
    progress: {
      PENDING: locations.filter((l) => l.state === 'PENDING').length,
      COUNTED_1: locations.filter((l) => l.state === 'COUNTED_1').length,
      COUNTED_2: 0,
      COUNTED_3: 0,
      AGREED: locations.filter((l) => l.state === 'AGREED').length,
      REVIEW: 0,
    },
    createdAt: '2026-01-01T08:00:00.000Z',
  });
  const calls = fakeFetch((path, _method, body) => {
    if (path === pathOf(batch.countingList)) return json(200, { lists: flushed ? [] : [summary()] });
    if (path === pathOf(batch.startCounting)) {
      if (body?.list !== 'CL-1') return refusal(404, 'unknownDocument', { type: 'COUNTING_LIST', code: body?.list });
      return json(200, { list: summary(), locations });
    }
    if (path === pathOf(batch.progress)) return json(200, { list: summary(), locations });
    if (path === pathOf(batch.save)) {
      const at = locations.findIndex((l) => l.code === body?.location);
      locations[at] = { ...locations[at]!, state: 'COUNTED_1', counts: 1, counters: ['anna'], toCount: false };
      return json(200, {
        list: 'CL-1',
        location: body?.location,
        round: 1,
        state: 'COUNTED_1',
        listStatus: 'IN_PROGRESS',
        replayed: false,
      });
    }
    if (path === pathOf(batch.flush)) {
      const open = locations.filter((l) => l.state !== 'AGREED').map((l) => l.code);
      if (open.length > 0) return refusal(422, 'countingListIncomplete', { locations: open });
      flushed = true;
      return json(200, {
        list: 'CL-1',
        status: 'FLUSHED',
        postedLocations: 3,
        adjustedLines: 1,
        excludedLocations: [],
        replayed: false,
      });
    }
    for (const code of items) {
      if (path === pathOf(itemEndpoints.find, { code })) return json(200, foundItem(code));
    }
    if (path.startsWith(pathOf(lookupEndpoints.findSerials, { code: '' }).replace(/\/+$/, ''))) return json(200, []);
    return refusal(404, 'notFound', {});
  });
  return {
    calls,
    takeOver: (username: string) => {
      claimedBy = username;
    },
    agreeAll: () => {
      for (const [at, location] of locations.entries()) locations[at] = { ...location, state: 'AGREED' };
    },
  };
}

const renderApp = () => renderAt('/wall_to_wall_batch', <WallToWallBatchApp />);
const saves = (calls: Call[]) => calls.filter((call) => call.method === 'POST' && call.path === pathOf(batch.save));
const lines = () => countedLines('w2w-line');
const stateOf = (code: string) => screen.getByTestId(`w2wb-location-${code}`).textContent;

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/wall_to_wall_batch', () => {
  it('starts a list, refuses locations it may not count, counts a burst of scans blind and saves one draft', async () => {
    const { calls } = fakeServer();
    renderApp();
    await waitForPrompt('Scan or choose a counting list');
    await waitFor(() => expect(screen.getByTestId('w2wb-list-CL-1').textContent).toContain('1 of 3 agreed'));
    expect(screen.getByTestId('w2wb-list-CL-1').textContent).toContain('claimed by anna');
    wedge('CL-9');
    await waitFor(() =>
      expect(dangers().at(-1)?.slice(1)).toEqual(['errors:unknownDocument', { type: 'COUNTING_LIST', code: 'CL-9' }]),
    );
    fireEvent.click(screen.getByTestId('w2wb-list-CL-1'));
    await waitForPrompt('Scan a location to count');
    expect(calls.filter((call) => call.path === pathOf(batch.startCounting)).at(-1)?.body).toEqual({ list: 'CL-1' });
    await waitFor(() => expect(stateOf('L-1')).toContain('Not counted'));
    expect(stateOf('L-2')).toContain('Agreed');
    expect(stateOf('L-3')).toContain('Count 1');

    wedge('X-99');
    await waitFor(() =>
      expect(dangers().at(-1)?.slice(1)).toEqual([
        'errors:locationNotInCountingList',
        { location: 'X-99', list: 'CL-1' },
      ]),
    );
    wedge('L-3');
    await waitFor(() =>
      expect(dangers().at(-1)?.slice(1)).toEqual([
        'errors:locationAlreadyCountedInRound',
        { location: 'L-3', list: 'CL-1' },
      ]),
    );
    wedge('L-1');
    await waitForPrompt('Count L-1: scan an item, batch or serial (0 counted)');
    const before = dangers().length;
    for (const code of ['BOLT', 'SCREW', 'NUT', 'BOLT', 'NOPE']) {
      wedge(code);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    }
    await waitFor(() =>
      expect(
        dangers()
          .slice(before)
          .map(([, key]) => key),
      ).toEqual(['handheld:itemIdentification.unknownItemForCode']),
    );
    await waitForPrompt('How many BOLT ? 1 pcs');
    fireEvent.click(screen.getByTestId('w2w-ok'));
    await waitForPrompt('Count L-1: scan an item, batch or serial (3 counted)');
    expect(lines()).toEqual(['BOLT2 pcs', 'SCREW1 pcs', 'NUT1 pcs']);
    // Blind: no quantity of the system anywhere on the screen, no reason button (counting lists post at flush).
    expect(screen.queryByTestId('w2w-reason')).toBeNull();
    fireEvent.click(screen.getByTestId('w2w-done'));
    await waitForPrompt('Scan a location to count');
    expect(saves(calls)).toHaveLength(1);
    expect(saves(calls)[0]!.body).toMatchObject({
      list: 'CL-1',
      location: 'L-1',
      lines: [
        { item: 'BOLT', quantity: 2 },
        { item: 'SCREW', quantity: 1 },
        { item: 'NUT', quantity: 1 },
      ],
      empty: false,
    });
    expect(typeof saves(calls)[0]!.body?.idempotencyKey).toBe('string');
    expect(vi.mocked(notify).mock.calls.filter(([variant]) => variant !== 'danger')).toEqual([
      ['success', 'wallToWallBatch:saved', { location: 'L-1', round: 1 }],
    ]);
    await waitFor(() => expect(stateOf('L-1')).toContain('Count 1'));
    // The own count is a draft: scanning the location again counts it anew.
    wedge('L-1');
    await waitForPrompt('Count L-1: scan an item, batch or serial (0 counted)');
  });

  it('tells a list taken over by another counter at the location scan, and counts nothing', async () => {
    const { calls, takeOver } = fakeServer();
    renderApp();
    await waitForPrompt('Scan or choose a counting list');
    fireEvent.click(await screen.findByTestId('w2wb-list-CL-1'));
    await waitForPrompt('Scan a location to count');
    takeOver('maria');
    wedge('L-1');
    await waitFor(() =>
      expect(dangers().at(-1)?.slice(1)).toEqual(['errors:claimedByOtherUser', { username: 'maria' }]),
    );
    await waitForPrompt('Scan a location to count');
    expect(saves(calls)).toHaveLength(0);
  });

  it('flushes as the claimant: countingListIncomplete names what is open, then the list is flushed', async () => {
    const server = fakeServer();
    renderApp();
    fireEvent.click(await screen.findByTestId('w2wb-list-CL-1'));
    await waitForPrompt('Scan a location to count');
    fireEvent.click(screen.getByTestId('w2wb-flush'));
    await waitFor(() =>
      expect(dangers().at(-1)?.slice(1)).toEqual(['errors:countingListIncomplete', { locations: ['L-1', 'L-3'] }]),
    );
    server.agreeAll();
    fireEvent.click(screen.getByTestId('w2wb-flush'));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'success',
        'wallToWallBatch:flushed',
        { list: 'CL-1', count: 3 },
        { sound: true },
      ),
    );
    await waitForPrompt('Scan or choose a counting list');
    await screen.findByTestId('w2wb-no-lists');
    const flushes = server.calls.filter((call) => call.path === pathOf(batch.flush));
    expect(flushes).toHaveLength(2);
    // One screen, one key: the retry after the refusal carries the same idempotency key.
    expect(flushes[1]!.body?.idempotencyKey).toBe(flushes[0]!.body?.idempotencyKey);
  });
});
