// First: its vi.mock calls must run before the platform modules load.
import '../../handheld/testing/handheld-dom.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { goodsReturnEndpoints, itemEndpoints, lookupEndpoints, pathOf, type GoodsReturn } from '@wms/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeItem, makeSerial } from '../../handheld/engine/testing/fakes.js';
import { notify } from '../../platform/notifications.js';
import { ReturnScreen } from './ReturnScreen.js';

vi.setConfig({ testTimeout: 15_000 });

const scanner = makeItem({ code: 'SCANNER', managedBy: 'SERIAL_NUMBER', serial: true });
const goodsReturn = (entries: GoodsReturn['entries'] = []): GoodsReturn => ({
  code: 'RT-1',
  status: entries.length > 0 ? 'IN_PROGRESS' : 'CLAIMED',
  version: 2,
  warehouse: '01',
  partner: { code: 'C1', name: 'Customer one' },
  claimedBy: 'clerk',
  lines: [
    {
      line: 0,
      item: 'SCANNER',
      itemName: 'Scanner',
      managedBy: 'SERIAL_NUMBER',
      quantity: 1,
      returnedQuantity: entries.length,
      openQuantity: 1,
      flushed: false,
      returnableQuantity: 1 - entries.length,
      allowedBatchesSerials: { batches: [], serials: [{ serial: 'SN-1', returnable: entries.length === 0 }] },
    },
  ],
  entries,
});
const entry = {
  id: 7,
  line: 0,
  item: 'SCANNER',
  batch: null,
  serial: 'SN-1',
  quantity: 1,
  condition: 'DAMAGED' as const,
  reason: null,
  target: '01-REJECT',
  qcPending: false,
  username: 'clerk',
  at: '2025-01-01T00:00:00.000Z',
  flushed: false,
};

interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

function fakeServer(): Call[] {
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const path = url.split('?')[0]!;
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body, headers: (init.headers ?? {}) as Record<string, string> });
      const code = decodeURIComponent(path.split('/').at(-1) ?? '');
      if (path === pathOf(goodsReturnEndpoints.claim, { code: 'RT-1' }))
        return Promise.resolve(json(200, goodsReturn()));
      if (path === pathOf(itemEndpoints.find, { code }) && code === 'SCANNER')
        return Promise.resolve(json(200, { item: scanner, matchedBy: 'CODE', quantity: 1 }));
      if (path === pathOf(lookupEndpoints.findSerials, { code }) && code.startsWith('SN-'))
        return Promise.resolve(json(200, [makeSerial('SCANNER', code)]));
      if (path === pathOf(goodsReturnEndpoints.updateProgressLine, { code: 'RT-1' }))
        return Promise.resolve(json(200, { entryId: 7, return: goodsReturn([entry]) }));
      if (path === pathOf(goodsReturnEndpoints.flush, { code: 'RT-1' }))
        return Promise.resolve(json(200, { key: null, lines: [{ line: 0, outcome: 'FLUSHED' }] }));
      return Promise.resolve(json(404, { status: 404, key: 'notFound', args: {}, message: 'notFound' }));
    }),
  );
  return calls;
}

async function waitForPrompt(text: string | RegExp) {
  await waitFor(() => expect(screen.getByTestId('handheld-prompt').textContent).toMatch(text));
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('ReturnScreen', () => {
  it('refuses a serial never delivered to the customer, saves a delivered one with its condition, and flushes', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ReturnScreen code="RT-1" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('return-header').textContent).toContain('Customer one'));
    await waitForPrompt('Scan the returned item or its serial number');
    const input = screen.getByTestId('scanner-input');

    // A serial of the item that went to another customer: refused, nothing sent, the step stays.
    await user.type(input, 'SN-9{Enter}');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'batchSerialNotDeliveredToCustomer', {
        item: 'SCANNER',
        unit: 'SN-9',
        customer: 'C1',
      }),
    );
    await waitForPrompt('Scan the returned item or its serial number');
    const progressPath = pathOf(goodsReturnEndpoints.updateProgressLine, { code: 'RT-1' });
    expect(calls.filter((c) => c.path === progressPath)).toEqual([]);

    // The delivered serial: its condition is asked, a button answers it, the entry is saved.
    await user.type(input, 'SN-1{Enter}');
    await waitForPrompt(/^Condition of 1 × SCANNER SN-1/);
    await user.click(screen.getByTestId('condition-DAMAGED'));
    await waitForPrompt('Scan the returned item or its serial number');
    const saved = calls.filter((c) => c.path === progressPath);
    expect(saved.map((c) => c.body)).toEqual([
      { line: 0, quantity: 1, batch: null, serial: 'SN-1', condition: 'DAMAGED' },
    ]);
    expect(saved[0]?.headers['idempotency-key']).toMatch(/.{8,}/);
    expect(notify).toHaveBeenCalledWith('success', 'goodsReturns:saved', {
      quantity: 1,
      item: 'SCANNER',
      unit: 'SN-1',
      location: '01-REJECT',
    });
    await waitFor(() => expect(screen.getAllByTestId('return-entry')).toHaveLength(1));

    // The same serial again is refused here, before anything is sent.
    await user.type(input, 'SN-1{Enter}');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'danger',
        'returnQuantityExceedsDelivered',
        expect.objectContaining({ unit: 'SN-1', returnable: 0 }),
      ),
    );

    await user.click(screen.getByTestId('return-flush'));
    await user.click(await screen.findByTestId('flush-confirm'));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'goodsReturns:flushed', { code: 'RT-1' }, { sound: true }),
    );
    const flushed = calls.filter((c) => c.path === pathOf(goodsReturnEndpoints.flush, { code: 'RT-1' }));
    expect(flushed).toHaveLength(1);
    expect(flushed[0]?.headers['idempotency-key']).toMatch(/.{8,}/);
  });
});
