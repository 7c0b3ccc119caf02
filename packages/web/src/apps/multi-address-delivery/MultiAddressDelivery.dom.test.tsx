// First: its vi.mock calls must run before the platform modules load.
import '../../handheld/testing/handheld-dom.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  multiAddressDeliveryEndpoints as endpoints,
  pathOf,
  type PutWallTarget,
  type PutWallView,
} from '@wms/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { MultiAddressDeliveryApp } from './MultiAddressDeliveryApp.js';

vi.setConfig({ testTimeout: 20_000 });

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (key: string, args: Record<string, unknown>) => json(422, { status: 422, key, args, message: key });
const address = (name: string) => ({
  name,
  street: 'Market 1',
  postcode: '3511 AB',
  city: 'Utrecht',
  countryCode: 'NL',
});

type Slot = 'A' | 'B';
const due: Record<Slot, number> = { A: 2, B: 1 };
const names: Record<Slot, string> = { A: 'Store 12', B: 'Store 14' };

/**
 * A list PL-1 of item SOAP: Store 12 (slot A, box BOX-A) is due 2, Store 14 (slot B, no box yet)
 * 1. Units go to the first slot still needing one; a slot complete gets its delivery (DL-A, DL-B).
 * Every answer waits `delay` ms, so scans can arrive faster than the answers.
 */
function fakeServer(delay = 0): Call[] {
  const calls: Call[] = [];
  const put: Record<Slot, number> = { A: 0, B: 0 };
  const boxes: Record<Slot, string | null> = { A: 'BOX-A', B: null };
  const complete = (slot: Slot) => put[slot] === due[slot];
  const view = (): PutWallView => ({
    pickList: { code: 'PL-1', status: complete('A') && complete('B') ? 'CLOSED' : 'PICKED', version: 3 },
    slots: (['A', 'B'] as const).map((slot) => ({
      slot,
      name: names[slot],
      address: address(names[slot]),
      container: boxes[slot],
      status: complete(slot) ? 'DELIVERED' : 'OPEN',
      delivery: complete(slot) ? `DL-${slot}` : null,
      lines: [{ item: 'SOAP', itemName: 'Soap', due: due[slot], put: put[slot] }],
    })),
    done: complete('A') && complete('B'),
  });
  const target = (slot: Slot): PutWallTarget => ({
    slot,
    name: names[slot],
    container: boxes[slot],
    item: 'SOAP',
    put: put[slot],
    due: due[slot],
  });
  const next = (): Slot | null => (['A', 'B'] as const).find((slot) => !complete(slot)) ?? null;
  const answer = (path: string, method: string, body: Record<string, unknown> | undefined): Response => {
    const at = (endpoint: { path: string; method: string }, params: Record<string, string> = {}) =>
      path === pathOf(endpoint, params) && method === endpoint.method;
    if (at(endpoints.start)) {
      return body?.scan === 'CART-1' ? json(200, view()) : refusal('unknownPicklistOrContainer', { scan: body?.scan });
    }
    const slot = next();
    if (at(endpoints.locate, { code: 'PL-1' })) {
      if (body?.item !== 'SOAP' || slot === null) return refusal('itemNotForAnyOpenAddress', { item: body?.item });
      return json(200, target(slot));
    }
    if (at(endpoints.put, { code: 'PL-1' })) {
      if (body?.item !== 'SOAP' || slot === null) return refusal('itemNotForAnyOpenAddress', { item: body?.item });
      const container = String(body.container);
      const taken = Object.values(boxes).includes(container) && boxes[slot] !== container;
      if ((boxes[slot] !== null && boxes[slot] !== container) || taken) {
        return refusal('wrongSlotScanned', { expected: slot, container: boxes[slot] });
      }
      boxes[slot] = container;
      put[slot] += 1;
      const delivery = complete(slot) ? `DL-${slot}` : null;
      return json(200, { view: view(), target: target(slot), delivery, replayed: false });
    }
    return json(404, { status: 404, key: 'notFound', args: {}, message: 'notFound' });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const [path = ''] = url.split('?');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ method, path, body });
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      return answer(path, method, body);
    }),
  );
  return calls;
}

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/multi_address_delivery']}>
        <MultiAddressDeliveryApp />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A scan as a keyboard wedge sends it: the text, then Enter (a submit of the scanner bar). */
function wedge(text: string) {
  const input = screen.getByTestId('scanner-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
}
const waitForPrompt = (text: string) =>
  waitFor(() => expect(screen.getByTestId('handheld-prompt').textContent).toBe(text));
const putsOf = (calls: Call[]) => calls.filter((call) => call.path === pathOf(endpoints.put, { code: 'PL-1' }));
const successes = () => vi.mocked(notify).mock.calls.filter(([variant]) => variant === 'success');

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/multi_address_delivery', () => {
  it('shows where a unit goes big, puts it with the slot container, one message per put, and the deliveries', async () => {
    const calls = fakeServer();
    renderApp();
    await waitForPrompt('Scan the picked cart or a container');
    wedge('CART-1');
    await waitForPrompt('Scan a unit');
    expect(screen.getByTestId('put-wall-list').textContent).toBe('Put wall of PL-1: 2 addresses');
    expect(screen.getByTestId('put-wall-slot-B').textContent).toContain('no container yet');

    wedge('SOAP');
    await waitForPrompt('Scan container BOX-A of slot A');
    expect(screen.getByTestId('put-wall-target').textContent).toContain('Store 12, slot A, 0 of 2');
    wedge('BOX-A');
    await waitForPrompt('Scan a unit');
    expect(screen.getByTestId('put-wall-slot-A').textContent).toContain('1 of 2');
    expect(successes()).toEqual([
      ['success', 'multiAddressDelivery:put', { item: 'SOAP', slot: 'A', container: 'BOX-A', put: 1, due: 2 }],
    ]);

    wedge('SOAP');
    await waitForPrompt('Scan container BOX-A of slot A');
    wedge('BOX-A');
    await waitForPrompt('Scan a unit');
    expect(successes().at(-1)).toEqual([
      'success',
      'multiAddressDelivery:delivered',
      { name: 'Store 12', delivery: 'DL-A' },
    ]);
    expect(screen.getByTestId('put-wall-slot-A').textContent).toContain('Delivered DL-A');

    // Slot B has no container yet: the scanned new code becomes its container; the list closes.
    wedge('SOAP');
    await waitForPrompt('Scan a new container for slot B');
    wedge('BOX-B');
    await waitForPrompt('Every address of PL-1 is delivered. Scan the next cart or press OK');
    expect(successes().at(-1)).toEqual([
      'success',
      'multiAddressDelivery:done',
      { name: 'Store 14', delivery: 'DL-B', picklist: 'PL-1' },
    ]);
    expect(successes()).toHaveLength(3);
    const puts = putsOf(calls);
    expect(puts.map((call) => [call.body?.item, call.body?.container])).toEqual([
      ['SOAP', 'BOX-A'],
      ['SOAP', 'BOX-A'],
      ['SOAP', 'BOX-B'],
    ]);
    expect(new Set(puts.map((call) => call.body?.idempotencyKey)).size).toBe(3);
    expect(notify).not.toHaveBeenCalledWith('danger', expect.anything(), expect.anything());

    // Next cart (OK) starts over.
    fireEvent.click(screen.getByTestId('put-wall-next'));
    await waitForPrompt('Scan the picked cart or a container');
  });

  it('a wrong scan is a danger notice with its key at that scan; nothing changes and the step stays', async () => {
    const calls = fakeServer();
    renderApp();
    await waitForPrompt('Scan the picked cart or a container');
    wedge('SHELF-1');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'errors:unknownPicklistOrContainer', { scan: 'SHELF-1' }),
    );
    await waitForPrompt('Scan the picked cart or a container');
    wedge('CART-1');
    await waitForPrompt('Scan a unit');
    wedge('GLUE');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'errors:itemNotForAnyOpenAddress', { item: 'GLUE' }),
    );
    await waitForPrompt('Scan a unit');
    wedge('SOAP');
    await waitForPrompt('Scan container BOX-A of slot A');
    wedge('BOX-B');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'errors:wrongSlotScanned', { expected: 'A', container: 'BOX-A' }),
    );
    await waitForPrompt('Scan container BOX-A of slot A');
    expect(screen.getByTestId('put-wall-slot-A').textContent).toContain('0 of 2');
    expect(successes()).toEqual([]);
    // Back returns to the unit question; the right container afterwards puts the unit once.
    fireEvent.click(screen.getByTestId('handheld-back'));
    await waitForPrompt('Scan a unit');
    wedge('SOAP');
    await waitForPrompt('Scan container BOX-A of slot A');
    wedge('BOX-A');
    await waitForPrompt('Scan a unit');
    expect(putsOf(calls).map((call) => call.body?.container)).toEqual(['BOX-B', 'BOX-A']);
    expect(screen.getByTestId('put-wall-slot-A').textContent).toContain('1 of 2');
  });

  it('handles a burst of scans 50 ms apart in order, while the answers are slower', async () => {
    const calls = fakeServer(120);
    renderApp();
    await waitForPrompt('Scan the picked cart or a container');
    for (const scan of ['CART-1', 'SOAP', 'BOX-A', 'SOAP', 'BOX-A', 'SOAP', 'BOX-B']) {
      wedge(scan);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await waitForPrompt('Every address of PL-1 is delivered. Scan the next cart or press OK');
    expect(putsOf(calls).map((call) => call.body?.container)).toEqual(['BOX-A', 'BOX-A', 'BOX-B']);
    expect(notify).not.toHaveBeenCalledWith('danger', expect.anything(), expect.anything());
    expect(successes().map(([, key]) => key)).toEqual([
      'multiAddressDelivery:put',
      'multiAddressDelivery:delivered',
      'multiAddressDelivery:done',
    ]);
  });
});
