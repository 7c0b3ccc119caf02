import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { itemEndpoints, lookupEndpoints, pathOf, wallToWallEndpoints as w2w } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  countedLines,
  dangers,
  fakeFetch,
  foundItem,
  json,
  posts,
  refusal,
  renderAt,
  waitForPrompt,
  wedge,
  type Call,
} from '../../handheld/testing/handheld-dom.js';
import { notify } from '../../platform/notifications.js';
import { WallToWallApp } from './WallToWallApp.js';

vi.setConfig({ testTimeout: 20_000 });

const items: Record<string, { managedBy: string; name: string }> = {
  BOLT: { managedBy: 'NORMAL', name: 'Bolt' },
  NUT: { managedBy: 'NORMAL', name: 'Nut' },
  PARA: { managedBy: 'BATCH_NUMBER', name: 'Paracetamol' },
  SCREW: { managedBy: 'NORMAL', name: 'Screw' },
};
const itemAnswer = (code: string) => foundItem(code, items[code]);
const batch = (code: string) => ({
  code,
  visualCode: code,
  mnfBatchCode: null,
  admissionDate: null,
  manufacturingDate: null,
  expirationDate: null,
  qualityControlApprovedOrNotRequired: true,
  itemCode: 'PARA',
  itemName: 'Paracetamol',
});
const started = (code: string, scope: 'WHOLE_LOCATION' | 'ITEMS') => ({
  location: { code, visualCode: code, warehouse: 'WH1' },
  requiresCounting: scope === 'ITEMS' ? 'PARTIAL' : 'YES',
  scope,
  items: scope === 'ITEMS' ? [{ code: 'BOLT', name: 'Bolt', managedBy: 'NORMAL' }] : [],
  round: 1,
  lockExpiresAt: '2026-01-01T00:15:00.000Z',
});

/** A-01 (YES) and P-01 (PARTIAL: BOLT) are flagged; X-01 is not. */
function fakeServer(outcome = 'POSTED'): Call[] {
  return fakeFetch((path, _method, body) => {
    if (path === pathOf(w2w.requests)) {
      return json(200, {
        locations: [
          {
            code: 'A-01',
            visualCode: 'A-01',
            warehouse: 'WH1',
            countingSortingCode: '1',
            requiresCounting: 'YES',
            items: [],
            lockedBy: null,
          },
          {
            code: 'P-01',
            visualCode: 'P-01',
            warehouse: 'WH1',
            countingSortingCode: '2',
            requiresCounting: 'PARTIAL',
            items: [{ code: 'BOLT', name: 'Bolt', managedBy: 'NORMAL' }],
            lockedBy: 'maria',
          },
        ],
        truncated: false,
      });
    }
    if (path === pathOf(w2w.start, { location: 'A-01' })) return json(200, started('A-01', 'WHOLE_LOCATION'));
    if (path === pathOf(w2w.start, { location: 'P-01' })) return json(200, started('P-01', 'ITEMS'));
    if (path === pathOf(w2w.start, { location: 'X-01' })) {
      return refusal(422, 'locationNotFlaggedForCounting', { location: 'X-01' });
    }
    if (path.endsWith('/release')) return json(200, { released: true });
    if (path === pathOf(w2w.save)) {
      return json(200, {
        location: body?.location,
        outcome,
        adjustedLines: outcome === 'POSTED' ? 2 : 0,
        transferredSerials: [],
        recountRequest: null,
        round: 1,
        replayed: false,
      });
    }
    for (const code of Object.keys(items)) {
      if (path === pathOf(itemEndpoints.find, { code })) return json(200, itemAnswer(code));
    }
    if (path === pathOf(lookupEndpoints.findBatches, { code: 'B1' })) return json(200, [batch('B1')]);
    if (path.startsWith(pathOf(lookupEndpoints.findSerials, { code: '' }).replace(/\/+$/, ''))) return json(200, []);
    if (path.startsWith(pathOf(lookupEndpoints.findBatches, { code: '' }).replace(/\/+$/, ''))) return json(200, []);
    return refusal(404, 'notFound', {});
  });
}

const renderApp = () => renderAt('/wall_to_wall', <WallToWallApp />);
const saves = (calls: Call[]) => posts(calls).filter((call) => call.path === pathOf(w2w.save));
const lines = () => countedLines('w2w-line');

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/wall_to_wall', () => {
  it('lists the flagged locations in walk order, counts A-01 blind with a batch and a reason, one success', async () => {
    const calls = fakeServer();
    renderApp();
    await waitForPrompt('Scan a location to count');
    await waitFor(() => expect(screen.getByTestId('w2w-request-P-01').textContent).toContain('BOLT'));
    expect(screen.getByTestId('w2w-requests').textContent).toMatch(/A-01.*P-01/);
    expect(screen.getByTestId('w2w-locked').textContent).toBe('Counted by maria');
    wedge('X-01');
    await waitFor(() =>
      expect(dangers().at(-1)?.slice(1)).toEqual(['errors:locationNotFlaggedForCounting', { location: 'X-01' }]),
    );
    wedge('A-01');
    await waitForPrompt('Count A-01: scan an item, batch or serial (0 counted)');
    wedge('NOPE');
    await waitFor(() => expect(dangers().at(-1)?.[1]).toBe('handheld:itemIdentification.unknownItemForCode'));
    wedge('BOLT');
    await waitForPrompt('How many BOLT ? 1 pcs');
    wedge('7');
    await waitForPrompt('Count A-01: scan an item, batch or serial (1 counted)');
    wedge('PARA');
    await waitForPrompt('Scan the batch of PARA');
    wedge('B9');
    await waitFor(() => expect(dangers().at(-1)?.slice(1)).toEqual(['unknownBatch', { code: 'B9' }]));
    wedge('B1');
    await waitForPrompt('How many PARA B1? 0 pcs');
    wedge('3');
    await waitForPrompt('Count A-01: scan an item, batch or serial (2 counted)');
    expect(lines()).toEqual(['BOLT7 pcs', 'PARAB13 pcs']);
    // Blind: nothing on the screen says what the system expects.
    expect(calls.some((call) => call.path.includes('/contents'))).toBe(false);
    fireEvent.click(screen.getByTestId('w2w-reason'));
    await waitForPrompt('Choose the reason for A-01');
    fireEvent.click(screen.getByTestId('w2w-reason-MISPLACED'));
    await waitForPrompt('Count A-01: scan an item, batch or serial (2 counted)');
    expect(saves(calls)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('w2w-done'));
    await waitForPrompt('Scan a location to count');
    expect(saves(calls)).toHaveLength(1);
    expect(saves(calls)[0]!.body).toMatchObject({
      location: 'A-01',
      lines: [
        { item: 'BOLT', quantity: 7 },
        { item: 'PARA', batch: 'B1', quantity: 3 },
      ],
      empty: false,
      reason: 'MISPLACED',
      confirmMissingSerials: false,
    });
    expect(typeof saves(calls)[0]!.body?.idempotencyKey).toBe('string');
    expect(vi.mocked(notify).mock.calls.filter(([variant]) => variant !== 'danger')).toEqual([
      ['success', 'wallToWall:saved.posted', { location: 'A-01', count: 2 }],
    ]);
    expect(dangers()).toHaveLength(3);
  });

  it('refuses an item PARTIAL does not list at its scan, saves "location empty", and cancel gives the lock back', async () => {
    const calls = fakeServer('NO_DIFFERENCE');
    renderApp();
    await waitForPrompt('Scan a location to count');
    wedge('P-01');
    await waitForPrompt('Count P-01: scan an item, batch or serial (0 counted)');
    wedge('NUT');
    await waitFor(() =>
      expect(dangers().at(-1)?.slice(1)).toEqual(['itemNotInCountRequest', { item: 'NUT', location: 'P-01' }]),
    );
    expect(screen.getByTestId('handheld-prompt').textContent).toBe(
      'Count P-01: scan an item, batch or serial (0 counted)',
    );
    fireEvent.click(screen.getByTestId('w2w-empty'));
    await waitForPrompt('Scan a location to count');
    expect(saves(calls)[0]!.body).toMatchObject({ location: 'P-01', lines: [], empty: true, reason: 'COUNT' });
    expect(notify).toHaveBeenCalledWith('info', 'wallToWall:saved.noDifference', { location: 'P-01' });

    wedge('A-01');
    await waitForPrompt('Count A-01: scan an item, batch or serial (0 counted)');
    fireEvent.click(screen.getByTestId('handheld-cancel'));
    await waitForPrompt('Scan a location to count');
    await waitFor(() =>
      expect(posts(calls).map((call) => call.path)).toContain(pathOf(w2w.release, { location: 'A-01' })),
    );
    expect(saves(calls)).toHaveLength(1);
  });

  it('counts a burst of scans 50 ms apart in order: each new item confirms the one before', async () => {
    const calls = fakeServer();
    renderApp();
    await waitForPrompt('Scan a location to count');
    wedge('A-01');
    await waitForPrompt('Count A-01: scan an item, batch or serial (0 counted)');
    for (const code of ['BOLT', 'SCREW', 'NUT', 'BOLT', 'NOPE']) {
      wedge(code);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    }
    await waitFor(() =>
      expect(dangers().map(([, key]) => key)).toEqual(['handheld:itemIdentification.unknownItemForCode']),
    );
    // The wrong scan changed nothing: BOLT is still being counted.
    await waitForPrompt('How many BOLT ? 1 pcs');
    fireEvent.click(screen.getByTestId('w2w-ok'));
    await waitForPrompt('Count A-01: scan an item, batch or serial (3 counted)');
    expect(lines()).toEqual(['BOLT2 pcs', 'SCREW1 pcs', 'NUT1 pcs']);
    fireEvent.click(screen.getByTestId('w2w-done'));
    await waitForPrompt('Scan a location to count');
    expect(saves(calls)[0]!.body?.lines).toEqual([
      { item: 'BOLT', quantity: 2 },
      { item: 'SCREW', quantity: 1 },
      { item: 'NUT', quantity: 1 },
    ]);
  });
});
