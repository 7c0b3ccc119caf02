import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { itemEndpoints, pathOf, recountingEndpoints, type RecountRequest } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeFetch,
  foundItem,
  json,
  notices,
  refusal,
  renderAt,
  waitForPrompt,
  wedge,
  type Call,
} from '../../handheld/testing/handheld-dom.js';
import { RecountingApp } from './RecountingApp.js';

vi.setConfig({ testTimeout: 20_000 });

/** RC-000007: recount BOLT at L-01-02 (first counted by anna); OTHER is an item not in it. */
const request = (status: RecountRequest['status'], saved = false): RecountRequest => ({
  code: 'RC-000007',
  status,
  version: 1,
  source: 'THRESHOLD',
  warehouse: 'WH1',
  firstCounter: 'anna',
  claimedBy: status === 'OPEN' ? null : 'bert',
  comment: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  locations: [
    {
      code: 'L-01-02',
      visualCode: 'L-01-02',
      items: [{ code: 'BOLT', name: 'Bolt', managedBy: 'NORMAL', batch: null, serial: null }],
      saved,
    },
  ],
});

function fakeServer(): Call[] {
  return fakeFetch((path, method, body) => {
    if (path === pathOf(recountingEndpoints.requests)) return json(200, { requests: [request('OPEN')] });
    if (path === pathOf(recountingEndpoints.claim, { code: 'RC-000007' })) return json(200, request('CLAIMED'));
    if (path === pathOf(recountingEndpoints.claim, { code: 'RC-999' })) {
      return refusal(404, 'unknownDocument', { type: 'RECOUNT_REQUEST', code: 'RC-999' });
    }
    for (const code of ['BOLT', 'OTHER']) {
      if (path === pathOf(itemEndpoints.find, { code })) return json(200, foundItem(code, { name: `Item ${code}` }));
    }
    if (path === pathOf(recountingEndpoints.save) && method === 'POST') {
      return json(200, {
        document: body?.document,
        location: body?.location,
        status: 'COUNTED',
        locationsLeft: [],
        replayed: false,
      });
    }
    if (path === pathOf(recountingEndpoints.reviews)) {
      const line = { location: 'L-01-02', item: 'BOLT', itemName: 'Bolt', batch: null, serial: null };
      return json(200, {
        requests: [
          {
            code: 'RC-000008',
            version: 4,
            source: 'THRESHOLD',
            firstCounter: 'anna',
            recounter: 'bert',
            comment: null,
            lines: [{ ...line, firstCount: 7, recount: 8, onHand: 10 }],
          },
        ],
      });
    }
    if (path === pathOf(recountingEndpoints.review, { code: 'RC-000008' }) && method === 'POST') {
      return json(200, {
        document: 'RC-000008',
        status: 'FLUSHED',
        outcome: 'POSTED',
        adjustedLines: 1,
        replayed: false,
      });
    }
    if (path === pathOf(recountingEndpoints.flush) && method === 'POST') {
      return json(200, {
        document: body?.document,
        status: 'FLUSHED',
        outcome: 'POSTED',
        adjustedLines: 1,
        replayed: false,
      });
    }
    return refusal(404, 'notFound', {});
  });
}

const renderApp = (path = '/recounting') => renderAt(path, <RecountingApp />);

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/recounting', () => {
  it('claims a request from the list, recounts it blind, saves and flushes: wrong scans change nothing, one message each', async () => {
    const calls = fakeServer();
    renderApp();
    await waitForPrompt('Scan or choose a recount request');
    await waitFor(() => expect(screen.getByTestId('rc-request-RC-000007').textContent).toContain('L-01-02: BOLT'));
    // Blind: the list names who counted first, never a quantity.
    expect(screen.getByTestId('rc-requests').textContent).not.toMatch(/\d+ pcs/);
    wedge('RC-999');
    await waitFor(() => expect(notices('danger').at(-1)?.[1]).toBe('errors:unknownDocument'));
    fireEvent.click(screen.getByTestId('rc-request-RC-000007'));
    await waitForPrompt('Scan the location of RC-000007: L-01-02');
    wedge('L-09-09');
    await waitFor(() =>
      expect(notices('danger').at(-1)?.slice(1)).toEqual([
        'locationNotInRecountRequest',
        { location: 'L-09-09', document: 'RC-000007' },
      ]),
    );
    wedge('L-01-02');
    await waitForPrompt('Count at L-01-02: scan an item (0 counted)');
    wedge('OTHER');
    await waitFor(() =>
      expect(notices('danger').at(-1)?.slice(1)).toEqual([
        'itemNotInCountRequest',
        { item: 'OTHER', location: 'L-01-02' },
      ]),
    );
    wedge('BOLT');
    await waitForPrompt('Quantity of BOLT : 0 pcs');
    wedge('7');
    await waitForPrompt('Count at L-01-02: scan an item (1 counted)');
    expect(calls.filter((c) => c.method === 'POST' && c.path === pathOf(recountingEndpoints.save))).toHaveLength(0);
    fireEvent.click(screen.getByTestId('rc-save'));
    await waitForPrompt('Every location of RC-000007 is recounted: confirm to finish');
    fireEvent.click(screen.getByTestId('rc-flush'));
    await waitForPrompt('Scan or choose a recount request');

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual([
      pathOf(recountingEndpoints.claim, { code: 'RC-999' }),
      pathOf(recountingEndpoints.claim, { code: 'RC-000007' }),
      pathOf(recountingEndpoints.save),
      pathOf(recountingEndpoints.flush),
    ]);
    expect(posts[2]!.body).toMatchObject({
      document: 'RC-000007',
      location: 'L-01-02',
      lines: [{ item: 'BOLT', quantity: 7 }],
    });
    expect(typeof posts[3]!.body?.idempotencyKey).toBe('string');
    expect(notices('success').map((n) => n[1])).toEqual(['recounting:saved', 'recounting:flushed.POSTED']);
    expect(notices('danger')).toHaveLength(3);
    expect(document.activeElement).toBe(screen.getByTestId('scanner-input'));
  });

  it('shows the manager first count, recount and system, and posts the chosen value with a comment', async () => {
    const calls = fakeServer();
    renderApp('/recounting/request');
    await waitFor(() => expect(screen.getAllByTestId('rc-review-line')).toHaveLength(1));
    const row = screen.getByTestId('rc-review-line').textContent ?? '';
    expect(row).toContain('BOLT');
    expect(row).toMatch(/7.*8.*10/);
    fireEvent.change(screen.getByTestId('rc-value-BOLT'), { target: { value: '9' } });
    fireEvent.change(screen.getByTestId('rc-review-comment'), { target: { value: 'shelf behind' } });
    fireEvent.click(screen.getByTestId('rc-review-post'));
    await waitFor(() => expect(notices('success').map((n) => n[1])).toEqual(['recounting:reviewed']));
    const post = calls.find(
      (c) => c.method === 'POST' && c.path === pathOf(recountingEndpoints.review, { code: 'RC-000008' }),
    );
    expect(post?.body).toMatchObject({
      comment: 'shelf behind',
      lines: [{ location: 'L-01-02', item: 'BOLT', batch: null, serial: null, quantity: 9 }],
    });
    expect(typeof post?.body?.idempotencyKey).toBe('string');
  });

  it('tells a refused manual request once, by its key', async () => {
    const calls = fakeServer();
    renderApp('/recounting/request');
    await waitFor(() => expect(screen.getByTestId('rc-manual-form')).toBeTruthy());
    fireEvent.change(screen.getByTestId('rc-manual-location'), { target: { value: 'L-09-09' } });
    fireEvent.change(screen.getByTestId('rc-manual-items'), { target: { value: 'BOLT, NUT' } });
    fireEvent.click(screen.getByTestId('rc-manual-submit'));
    await waitFor(() => expect(notices('danger')).toHaveLength(1));
    expect(notices('danger')[0]!.slice(1, 2)).toEqual(['notFound']);
    const post = calls.find((c) => c.method === 'POST' && c.path === pathOf(recountingEndpoints.request));
    expect(post?.body).toMatchObject({ location: 'L-09-09', items: ['BOLT', 'NUT'] });
  });
});
