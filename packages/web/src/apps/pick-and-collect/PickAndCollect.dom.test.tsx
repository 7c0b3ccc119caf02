import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  binLocationEndpoints,
  defaultSystemSettings,
  itemEndpoints,
  pathOf,
  pickAndCollectEndpoints,
  pickListEndpoints,
  type CartSession,
  type CartWalkStop,
} from '@wms/contract';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeItem, makeLocation } from '../../handheld/engine/testing/fakes.js';
import { notify } from '../../platform/notifications.js';
import { stubFetch, type Call } from '../../test-support/fetch-stub.js';
import { PickAndCollectApp } from './PickAndCollectApp.js';

vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ me: null, signOut: vi.fn(), hasRole: () => true }),
}));
vi.mock('../../platform/config.js', () => ({ useConfig: () => ({ scanner: defaultSystemSettings.scanner }) }));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));
vi.mock('../../platform/sounds.js', () => ({
  playSoftSound: vi.fn(),
  playErrorSound: vi.fn(),
  playSuccessSound: vi.fn(),
  playSerialSound: vi.fn(),
  playBeep: vi.fn(),
}));
vi.mock('../../platform/live.js', () => ({
  useLiveMessage: vi.fn(),
  useLiveConnection: () => null,
  useLiveConnected: () => true,
}));

vi.setConfig({ testTimeout: 20_000 });

const bolt = makeItem({ code: 'BOLT' });

function stop(fields: Partial<CartWalkStop> & { slot: string; pickList: string; quantity: number }): CartWalkStop {
  return {
    lineNumber: 1,
    location: 'A-01',
    sortingCode: null,
    item: 'BOLT',
    itemName: 'Bolt',
    managedBy: 'NORMAL',
    batch: null,
    serial: null,
    ...fields,
  };
}

/** Two lists on CART-1 sharing BOLT at A-01: 2 for slot A (PL-1), 4 for slot B (PL-2). */
function cartSession(containers: { A: string | null; B: string | null }, walk?: CartWalkStop[]): CartSession {
  const stops = walk ?? [
    stop({ slot: 'A', pickList: 'PL-1', quantity: 2 }),
    stop({ slot: 'B', pickList: 'PL-2', quantity: 4 }),
  ];
  const openLines = (pickList: string) => stops.filter((s) => s.pickList === pickList).length;
  return {
    cart: 'CART-1',
    warehouse: '01',
    slots: [
      { slot: 'A', pickList: 'PL-1', status: 'RELEASED', container: containers.A, openLines: openLines('PL-1') },
      { slot: 'B', pickList: 'PL-2', status: 'RELEASED', container: containers.B, openLines: openLines('PL-2') },
    ],
    walk: stops,
  };
}

interface Server {
  /** The caller's session (null: none); the calls change it as the server would. */
  session: CartSession | null;
  /** Delay of every answer (ms): scans arrive faster than the answers. */
  delay?: number;
  /** The session a detach leaves. */
  detached?: CartSession | null;
  /** The refusal POST start answers (none: the session starts). */
  startRefusal?: { status: number; key: string; args: Record<string, unknown> };
}

const endpoint = pickAndCollectEndpoints;
const ok = (json: unknown) => ({ json });

/** The cart calls and picks as the server answers them, changing `server.session`. */
function cartRoute(server: Server, method: string, path: string, body: unknown) {
  const at = (spec: { path: string; method: string }, params: Record<string, string> = {}) =>
    path === pathOf(spec, params) && method === spec.method;
  const session = server.session;
  if (at(endpoint.current)) return ok({ session });
  if (at(endpoint.start)) {
    const refusal = server.startRefusal;
    if (refusal) return { status: refusal.status, json: { ...refusal, message: refusal.key } };
    return ok((server.session = cartSession({ A: null, B: null })));
  }
  if (at(endpoint.detach)) return ok({ session: (server.session = server.detached ?? null) });
  if (at(endpoint.finish)) {
    server.session = null;
    return ok({ pickLists: session?.slots.map((s) => ({ code: s.pickList, status: 'PARTLY_PICKED' })) ?? [] });
  }
  if (!session) return undefined;
  if (at(endpoint.slot)) {
    const { slot, container } = body as { slot: string; container: string };
    const slots = session.slots.map((s) => (s.slot === slot ? { ...s, container } : s));
    return ok((server.session = { ...session, slots }));
  }
  const list = /^\/api\/v1\/pick_list\/([^/]+)\/pick$/.exec(path)?.[1];
  if (!list || method !== 'POST') return undefined;
  const { lineNumber } = body as { lineNumber: number };
  const walk = session.walk.filter((s) => !(s.pickList === list && s.lineNumber === lineNumber));
  server.session = { ...session, walk };
  // The pick answers its change only; the walk reads the session again (the change is not merged).
  return ok({ change: { code: list, line: { lineNumber } }, zeroCheck: false, replayed: false });
}

/** The lookups: BOLT, the cart CART-1 (MOBILE) and shelves A-01.. (BULK). */
function lookupRoute(method: string, path: string) {
  const code = decodeURIComponent(path.split('/').at(-1) ?? '');
  const at = (spec: { path: string; method: string }) => path === pathOf(spec, { code }) && method === spec.method;
  if (at(pickListEndpoints.detail) && code.startsWith('PL-'))
    return ok({ code, status: code === 'PL-9' ? 'PICKED' : 'RELEASED', lines: [] });
  if (at(itemEndpoints.find) && code === 'BOLT') return ok({ item: bolt, matchedBy: 'CODE', quantity: 1 });
  if (!at(binLocationEndpoints.find)) return undefined;
  if (code === 'CART-1') return ok(makeLocation({ code, locationType: 'MOBILE' }));
  return /^[A-C]-0\d$/.test(code) ? ok(makeLocation({ code })) : undefined;
}

function fakeServer(server: Server): Call[] {
  const calls = stubFetch((method, url, body) => {
    const path = url.split('?')[0]!;
    return cartRoute(server, method, path, body) ?? lookupRoute(method, path);
  });
  if (server.delay) {
    const stub = vi.mocked(fetch);
    const answer = stub.getMockImplementation()!;
    stub.mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, server.delay));
      return answer(...args);
    });
  }
  return calls;
}

function renderApp(entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/pick_and_collect" element={<PickAndCollectApp />} />
          <Route path="/pick_and_collect/process" element={<PickAndCollectApp />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function waitForPrompt(text: string | RegExp) {
  await waitFor(() => expect(screen.getByTestId('handheld-prompt').textContent).toMatch(text));
}

const pathOfCall = (call: Call) => call.url.split('?')[0]!;
const picksOf = (calls: Call[]) => calls.filter((call) => /^\/api\/v1\/pick_list\/[^/]+\/pick$/.test(pathOfCall(call)));
const callsTo = (calls: Call[], spec: { path: string }) =>
  calls.filter((call) => pathOfCall(call) === pathOf(spec, {}));

/** A scan as a keyboard wedge sends it: the text, then Enter (a submit of the scanner bar). */
function wedge(text: string) {
  const input = screen.getByTestId('scanner-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/pick_and_collect', () => {
  it('scans the cart (a shelf refused), takes the next lists, then a container into each slot', async () => {
    const calls = fakeServer({ session: null });
    const user = userEvent.setup();
    renderApp('/pick_and_collect');
    await waitForPrompt('Scan the cart');
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'A-01{Enter}');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('danger', 'locationIsNotMobile', { code: 'A-01' }));
    await waitForPrompt('Scan the cart');
    await user.type(input, 'CART-1{Enter}');
    await waitForPrompt('Cart CART-1: press Next for the next lists, or scan pick lists');
    await user.click(screen.getByTestId('collect-next'));
    await waitForPrompt('Scan a container for slot A (list PL-1)');
    expect(callsTo(calls, endpoint.start).map((call) => call.body)).toEqual([{ cart: 'CART-1' }]);
    expect(notify).not.toHaveBeenCalledWith('info', 'pickAndCollect:recoveredPreviousSession', expect.anything());
    await user.type(screen.getByTestId('scanner-input'), 'T-A{Enter}');
    await waitForPrompt('Scan a container for slot B (list PL-2)');
    await user.type(screen.getByTestId('scanner-input'), 'T-B{Enter}');
    await waitForPrompt('Go to A-01 and scan the location');
    expect(callsTo(calls, endpoint.slot).map((call) => call.body)).toEqual([
      { slot: 'A', container: 'T-A' },
      { slot: 'B', container: 'T-B' },
    ]);
    expect(screen.getByTestId('collect-stop').textContent).toBe('Slot A · PL-1');
    expect(screen.getAllByTestId('cart-slot').map((li) => li.textContent)).toEqual([
      'A · PL-1 · T-A · open lines: 1',
      'B · PL-2 · T-B · open lines: 1',
    ]);
  });

  it('starts with scanned lists: each checked (a picked one refused), POST start with them', async () => {
    const calls = fakeServer({ session: null });
    const user = userEvent.setup();
    renderApp('/pick_and_collect');
    await waitForPrompt('Scan the cart');
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'CART-1{Enter}');
    await waitForPrompt('Cart CART-1: press Next for the next lists, or scan pick lists');
    await user.type(input, 'PL-7{Enter}');
    await waitForPrompt('Cart CART-1: lists PL-7. Scan more, or press Start');
    await user.type(input, 'PL-9{Enter}');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('danger', 'picklistNotInStatus', { status: 'PICKED' }));
    await user.type(input, 'PL-8{Enter}');
    await waitForPrompt('Cart CART-1: lists PL-7, PL-8. Scan more, or press Start');
    await user.click(screen.getByTestId('collect-start'));
    await waitForPrompt('Scan a container for slot A (list PL-1)');
    expect(callsTo(calls, endpoint.start).map((call) => call.body)).toEqual([
      { cart: 'CART-1', pickLists: ['PL-7', 'PL-8'] },
    ]);
  });

  it('keeps a scan made right after tapping Next, while the start runs: the walk takes it', async () => {
    const calls = fakeServer({ session: null, delay: 120 });
    renderApp('/pick_and_collect');
    await waitForPrompt('Scan the cart');
    wedge('CART-1');
    await waitForPrompt('Cart CART-1: press Next for the next lists, or scan pick lists');
    fireEvent.click(screen.getByTestId('collect-next'));
    await waitForPrompt('Starting the cart…');
    // Slot A's container, scanned before the walk screen shows.
    wedge('T-A');
    await waitForPrompt('Scan a container for slot B (list PL-2)');
    expect(callsTo(calls, endpoint.slot).map((call) => call.body)).toEqual([{ slot: 'A', container: 'T-A' }]);
    expect(notify).not.toHaveBeenCalledWith('danger', expect.anything(), expect.anything());
    expect(notify).not.toHaveBeenCalledWith('info', 'handheld:scanNotUsed', expect.anything());
  });

  it('tells a scan made while a refused start ran that it was not used', async () => {
    const calls = fakeServer({
      session: null,
      delay: 120,
      startRefusal: { status: 409, key: 'cartInUse', args: { cart: 'CART-1', username: 'eve' } },
    });
    renderApp('/pick_and_collect');
    await waitForPrompt('Scan the cart');
    wedge('CART-1');
    await waitForPrompt('Cart CART-1: press Next for the next lists, or scan pick lists');
    fireEvent.click(screen.getByTestId('collect-next'));
    await waitForPrompt('Starting the cart…');
    wedge('T-A');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('info', 'handheld:scanNotUsed', { code: 'T-A' }));
    expect(notify).toHaveBeenCalledWith('danger', expect.stringContaining('cartInUse'), expect.anything());
    await waitForPrompt('Cart CART-1: press Next for the next lists, or scan pick lists');
    expect(callsTo(calls, endpoint.slot)).toEqual([]);
  });

  it('picks a stop: "2 → slot A" confirmed by slot A\'s container; the pick carries its key; the walk goes on', async () => {
    const calls = fakeServer({ session: cartSession({ A: 'T-A', B: 'T-B' }) });
    const user = userEvent.setup();
    renderApp('/pick_and_collect/process');
    await waitForPrompt('Go to A-01 and scan the location');
    expect(notify).toHaveBeenCalledWith('info', 'pickAndCollect:recoveredPreviousSession', { cart: 'CART-1' });
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'A-01{Enter}');
    await waitForPrompt('Scan item BOLT');
    await user.type(input, 'BOLT{Enter}');
    await waitForPrompt(/^How many pcs of BOLT\? Now 1 of 2/);
    await user.type(input, '2{Enter}');
    await waitForPrompt('2 → slot A: scan its container T-A');
    expect(picksOf(calls)).toEqual([]);
    await user.type(input, 'T-A{Enter}');
    await waitFor(() => expect(screen.getByTestId('collect-stop').textContent).toBe('Slot B · PL-2'));
    await waitForPrompt('Go to A-01 and scan the location');

    const picks = picksOf(calls);
    expect(picks.map(pathOfCall)).toEqual([pathOf(pickListEndpoints.pick, { code: 'PL-1' })]);
    const body = picks[0]!.body as Record<string, unknown>;
    expect(body).toEqual({
      idempotencyKey: expect.stringMatching(/.{8,}/) as unknown,
      lineNumber: 1,
      fromLocation: 'A-01',
      batch: null,
      serials: [],
      quantity: 2,
      containerCode: 'T-A',
    });
    expect(picks[0]!.headers['idempotency-key']).toBe(body.idempotencyKey);
    expect(notify).toHaveBeenCalledWith('success', 'stockPicking:picked', {
      quantity: 2,
      item: 'BOLT',
      container: 'T-A',
    });
    // After the pick the session was loaded again (the walk shrank).
    const currents = callsTo(calls, endpoint.current);
    expect(calls.indexOf(currents.at(-1)!)).toBeGreaterThan(calls.indexOf(picks[0]!));
  });

  it("refuses another slot's container on the device: wrongSlotScanned, the step stays, nothing is posted", async () => {
    const calls = fakeServer({ session: cartSession({ A: 'T-A', B: 'T-B' }) });
    const user = userEvent.setup();
    renderApp('/pick_and_collect/process');
    await waitForPrompt('Go to A-01 and scan the location');
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'A-01{Enter}');
    await waitForPrompt('Scan item BOLT');
    await user.type(input, 'BOLT{Enter}');
    await waitForPrompt(/^How many pcs of BOLT\?/);
    await user.type(input, '2{Enter}');
    await waitForPrompt('2 → slot A: scan its container T-A');
    await user.type(input, 'T-B{Enter}');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('danger', 'wrongSlotScanned', { expected: 'A' }));
    await user.type(input, 'SOMETHING{Enter}');
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(3));
    await waitForPrompt('2 → slot A: scan its container T-A');
    expect(picksOf(calls)).toEqual([]);
    await user.type(input, 'T-A{Enter}');
    await waitFor(() => expect(picksOf(calls)).toHaveLength(1));
    expect(picksOf(calls)[0]!.body).toEqual(expect.objectContaining({ containerCode: 'T-A', quantity: 2 }));
  });

  it('handles a burst of scans 50 ms apart in order, while the answers are slower', async () => {
    const calls = fakeServer({ session: cartSession({ A: 'T-A', B: 'T-B' }), delay: 120 });
    renderApp('/pick_and_collect/process');
    await waitForPrompt('Go to A-01 and scan the location');
    for (const scan of ['A-01', 'BOLT', '2', 'T-A', 'A-01', 'BOLT', '4', 'T-B']) {
      wedge(scan);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await waitForPrompt('Every stop is picked. Finish cart CART-1?');
    expect(picksOf(calls).map((call) => [pathOfCall(call), call.body])).toEqual([
      [
        pathOf(pickListEndpoints.pick, { code: 'PL-1' }),
        expect.objectContaining({ lineNumber: 1, fromLocation: 'A-01', quantity: 2, containerCode: 'T-A' }),
      ],
      [
        pathOf(pickListEndpoints.pick, { code: 'PL-2' }),
        expect.objectContaining({ lineNumber: 1, fromLocation: 'A-01', quantity: 4, containerCode: 'T-B' }),
      ],
    ]);
    expect(notify).not.toHaveBeenCalledWith('danger', expect.anything(), expect.anything());
    // The walk is empty: finish the cart, the start shows what became of the lists.
    await userEvent.setup().click(screen.getByTestId('collect-finish'));
    await waitForPrompt('Scan the cart');
    expect(callsTo(calls, endpoint.finish).map((call) => call.body)).toEqual([{ cartFull: false }]);
    expect(notify).toHaveBeenCalledWith('success', 'pickAndCollect:finished', { cart: 'CART-1' }, { sound: true });
    expect(screen.getByTestId('collect-finished').textContent).toContain('Cart CART-1 finished');
  });

  it('ends the walk on cart full: POST finish {cartFull: true}, the lists and statuses shown at the start', async () => {
    const calls = fakeServer({ session: cartSession({ A: 'T-A', B: 'T-B' }) });
    const user = userEvent.setup();
    renderApp('/pick_and_collect/process');
    await waitForPrompt('Go to A-01 and scan the location');
    await user.click(screen.getByTestId('pick-menu'));
    await user.click(screen.getByTestId('collect-cart-full'));
    await waitForPrompt('Scan the cart');
    expect(callsTo(calls, endpoint.finish).map((call) => call.body)).toEqual([{ cartFull: true }]);
    expect(notify).toHaveBeenCalledWith('success', 'pickAndCollect:cartFullDone', { cart: 'CART-1' }, { sound: true });
    expect(screen.getAllByTestId('collect-finished-list').map((li) => li.textContent)).toEqual([
      'PL-1: Partly picked',
      'PL-2: Partly picked',
    ]);
    expect(picksOf(calls)).toEqual([]);
  });

  it('detaches one list: POST detach, the walk goes on with the other', async () => {
    const left = cartSession({ A: 'T-A', B: 'T-B' }, [stop({ slot: 'B', pickList: 'PL-2', quantity: 4 })]);
    const calls = fakeServer({
      session: cartSession({ A: 'T-A', B: 'T-B' }),
      detached: { ...left, slots: left.slots.filter((s) => s.slot === 'B') },
    });
    const user = userEvent.setup();
    renderApp('/pick_and_collect/process');
    await waitForPrompt('Go to A-01 and scan the location');
    await user.click(screen.getByTestId('pick-menu'));
    await user.click(screen.getByTestId('collect-detach-A'));
    await waitFor(() => expect(screen.getByTestId('collect-stop').textContent).toBe('Slot B · PL-2'));
    expect(callsTo(calls, endpoint.detach).map((call) => call.body)).toEqual([{ pickList: 'PL-1' }]);
    expect(notify).toHaveBeenCalledWith('info', 'pickAndCollect:detached', { pickList: 'PL-1' });
    expect(screen.getAllByTestId('cart-slot')).toHaveLength(1);
  });
});
