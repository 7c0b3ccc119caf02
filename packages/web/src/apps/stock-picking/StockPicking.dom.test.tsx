import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  binLocationEndpoints,
  defaultSystemSettings,
  itemEndpoints,
  lookupEndpoints,
  pathOf,
  pickListEndpoints,
  type PickList,
  type PickListLine,
} from '@wms/contract';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBatch, makeItem, makeLocation, makeSerial } from '../../handheld/engine/testing/fakes.js';
import { pickAnswerOf } from '../../handheld/picking/pick-test-fixtures.js';
import { notify } from '../../platform/notifications.js';
import { StockPickingApp } from './StockPickingApp.js';

const session = vi.hoisted(() => ({ me: null as { user: { id: number } } | null }));
vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ me: session.me, signOut: vi.fn(), hasRole: () => true }),
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

const items = {
  MILK: makeItem({ code: 'MILK', managedBy: 'BATCH_NUMBER' }),
  BOLT: makeItem({ code: 'BOLT' }),
  SCAN: makeItem({ code: 'SCAN', managedBy: 'SERIAL_NUMBER' }),
};

function line(fields: Partial<PickListLine> & { lineNumber: number; item: string; location: string }): PickListLine {
  const quantity = fields.quantity ?? 1;
  const picked = fields.pickedQuantity ?? 0;
  const short = fields.shortQuantity ?? 0;
  return {
    itemName: `Item ${fields.item}`,
    managedBy: items[fields.item as keyof typeof items].managedBy,
    quantity,
    pickedQuantity: picked,
    shortQuantity: short,
    shortReason: null,
    openQuantity: quantity - picked - short,
    walkOrder: fields.lineNumber,
    skipped: false,
    allocations:
      quantity - picked - short > 0
        ? [
            {
              location: fields.location,
              locationSortingCode: null,
              batch: fields.item === 'MILK' ? 'B1' : null,
              serial: null,
              expirationDate: null,
              quantity: quantity - picked - short,
            },
          ]
        : [],
    picks: [],
    salesOrder: 'SO-1',
    salesOrderLine: fields.lineNumber,
    ...fields,
  };
}

function pickList(lines: PickListLine[]): PickList {
  return {
    code: 'PL-1',
    status: 'RELEASED',
    version: 1,
    priority: 0,
    warehouse: '01',
    customer: { code: 'C1', name: 'Customer one' },
    shipDate: null,
    route: null,
    linesTotal: lines.length,
    linesPicked: lines.filter((l) => l.openQuantity === 0).length,
    claimedBy: 'picker',
    packed: false,
    containers: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    shipTo: null,
    salesOrders: ['SO-1'],
    lines,
    shippingContainers: [],
  };
}

const milkLine = (fields: Partial<PickListLine> = {}) =>
  line({ lineNumber: 1, item: 'MILK', location: 'A-01', quantity: 5, ...fields });
const boltLine = (fields: Partial<PickListLine> = {}) =>
  line({ lineNumber: 2, item: 'BOLT', location: 'B-02', quantity: 2, ...fields });

interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

interface Server {
  /** The list the claim answers. */
  list: PickList;
  /** Answers of the pick, short and flush calls, in turn (a function of the request body). */
  pick?: (body: { lineNumber: number; quantity: number }) => PickList;
  short?: () => { pickList: PickList; reallocatedLine: number | null };
  flush?: (body: { shortReasons: unknown[] }) => [number, unknown];
  /** Delay of every answer (ms): scans arrive faster than the answers. */
  delay?: number;
  /** The open lists (GET all). */
  rows?: PickList[];
  /** The pick answers zeroCheck true. */
  zeroCheck?: boolean;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, key: string, args: Record<string, unknown>) =>
  json(status, { status, key, args, message: key });

function fakeServer(server: Server): Call[] {
  const calls: Call[] = [];
  const answer = (path: string, method: string, body: unknown): Response => {
    const code = decodeURIComponent(path.split('/').at(-1) ?? '');
    const at = (endpoint: { path: string; method: string }, params: Record<string, string>) =>
      path === pathOf(endpoint, params) && method === endpoint.method;
    if (at(pickListEndpoints.claim, { code: 'PL-1' })) return json(200, server.list);
    if (at(pickListEndpoints.all, {})) return json(200, { rows: server.rows ?? [], total: server.rows?.length ?? 0 });
    if (at(pickListEndpoints.next, {})) return json(200, { code: 'PL-1' });
    if (at(pickListEndpoints.pick, { code: 'PL-1' })) {
      const request = body as { lineNumber: number; quantity: number; containerCode: string };
      const list = server.pick!(request);
      server.list = list;
      return json(200, pickAnswerOf(list, request, { zeroCheck: server.zeroCheck ?? false }));
    }
    if (at(pickListEndpoints.short, { code: 'PL-1' })) return json(200, server.short!());
    if (at(pickListEndpoints.flush, { code: 'PL-1' })) {
      const [status, result] = server.flush!(body as { shortReasons: unknown[] });
      return json(status, result);
    }
    if (at(itemEndpoints.find, { code }) && code in items)
      return json(200, { item: items[code as keyof typeof items], matchedBy: 'CODE', quantity: 1 });
    if (at(binLocationEndpoints.find, { code }) && /^[A-C]-0\d$/.test(code)) return json(200, makeLocation({ code }));
    if (at(lookupEndpoints.findBatches, { code }) && code.startsWith('B')) return json(200, [makeBatch('MILK', code)]);
    if (at(lookupEndpoints.findSerials, { code }) && code.startsWith('SN-'))
      return json(200, [makeSerial('SCAN', code)]);
    if (at(pickListEndpoints.zeroCheck, { code: 'PL-1' })) return json(200, { ok: true });
    return refusal(404, 'notFound', {});
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.split('?')[0]!;
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body, headers: (init.headers ?? {}) as Record<string, string> });
      if (server.delay) await new Promise((resolve) => setTimeout(resolve, server.delay));
      return answer(path, method, body);
    }),
  );
  return calls;
}

function renderApp(entry = '/stock_picking/process?code=PL-1') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/stock_picking" element={<StockPickingApp />} />
          <Route path="/stock_picking/process" element={<StockPickingApp />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function waitForPrompt(text: string | RegExp) {
  await waitFor(() => expect(screen.getByTestId('handheld-prompt').textContent).toMatch(text));
}

const pickPath = pathOf(pickListEndpoints.pick, { code: 'PL-1' });
const picksOf = (calls: Call[]) => calls.filter((call) => call.path === pickPath);

/** A scan as a keyboard wedge sends it: the text, then Enter (a submit of the scanner bar). */
function wedge(text: string) {
  const input = screen.getByTestId('scanner-input');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
}

beforeEach(() => {
  vi.clearAllMocks();
  session.me = null;
});
afterEach(() => vi.unstubAllGlobals());

describe('/stock_picking/process', () => {
  it('picks a batch line end to end: location, item, batch, quantity, container; the pick carries its key', async () => {
    const calls = fakeServer({
      list: pickList([milkLine(), boltLine()]),
      pick: () => pickList([milkLine({ pickedQuantity: 5 }), boltLine()]),
    });
    const user = userEvent.setup();
    renderApp();
    await waitForPrompt('Go to A-01 and scan the location');
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'A-01{Enter}');
    await waitForPrompt('Scan item MILK');
    await user.type(input, 'MILK{Enter}');
    await waitForPrompt('Scan the batch of MILK (suggested: B1)');
    await user.type(input, 'B1{Enter}');
    await waitForPrompt(/^How many pcs of MILK\? Now 1 of 5/);
    await user.type(input, '5{Enter}');
    await waitForPrompt('Scan the container to pick into');
    expect(picksOf(calls)).toEqual([]);
    await user.type(input, 'T-1{Enter}');
    await waitForPrompt('Go to B-02 and scan the location');

    const picks = picksOf(calls);
    expect(picks).toHaveLength(1);
    const body = picks[0]!.body as Record<string, unknown>;
    expect(body).toEqual({
      idempotencyKey: expect.stringMatching(/.{8,}/) as unknown,
      lineNumber: 1,
      fromLocation: 'A-01',
      batch: 'B1',
      serials: [],
      quantity: 5,
      containerCode: 'T-1',
    });
    expect(picks[0]!.headers['idempotency-key']).toBe(body.idempotencyKey);
    expect(notify).toHaveBeenCalledWith('success', 'stockPicking:picked', {
      quantity: 5,
      item: 'MILK',
      container: 'T-1',
    });
    // The container stays for the next line.
    expect(screen.getByTestId('pick-line-container').textContent).toBe('T-1');
  });

  it("merges the pick's change into the list it holds: the line and the counts change, the rest stays as loaded", async () => {
    // The answer carries the picked line only (with the list's counts): BOLT must stay as loaded.
    fakeServer({
      list: pickList([milkLine(), boltLine()]),
      pick: () => ({
        ...pickList([milkLine({ pickedQuantity: 5 })]),
        status: 'PARTLY_PICKED',
        version: 2,
        linesTotal: 2,
        linesPicked: 1,
      }),
    });
    const user = userEvent.setup();
    renderApp();
    await waitForPrompt('Go to A-01 and scan the location');
    expect(screen.getByTestId('pick-header').textContent).toContain('0/2 lines');
    const input = screen.getByTestId('scanner-input');
    for (const scan of ['A-01', 'MILK', 'B1', '5', 'T-1']) await user.type(input, `${scan}{Enter}`);
    await waitForPrompt('Go to B-02 and scan the location');
    expect(screen.getByTestId('pick-header').textContent).toContain('1/2 lines');
    // MILK has nothing allocated any more (the fake line has no picks to name a location).
    expect(screen.getAllByTestId('pick-list-line').map((li) => li.textContent)).toEqual([
      '-: 5 × MILK (picked 5)',
      'B-02: 2 × BOLT (picked 0)',
    ]);
    expect(screen.getByTestId('pick-line-item').textContent).toContain('BOLT');
  });

  it('refuses a wrong location: the danger notice, the step stays, nothing is posted', async () => {
    const calls = fakeServer({ list: pickList([milkLine(), boltLine()]) });
    const user = userEvent.setup();
    renderApp();
    await waitForPrompt('Go to A-01 and scan the location');
    await user.type(screen.getByTestId('scanner-input'), 'B-02{Enter}');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'wrongLocationScanned', { expected: 'A-01', scanned: 'B-02' }),
    );
    await waitForPrompt('Go to A-01 and scan the location');
    expect(picksOf(calls)).toEqual([]);
  });

  it('handles a burst of scans 50 ms apart in order, while the answers are slower', async () => {
    const calls = fakeServer({
      list: pickList([milkLine(), boltLine()]),
      pick: (body) =>
        body.lineNumber === 1
          ? pickList([milkLine({ pickedQuantity: 5 }), boltLine()])
          : pickList([milkLine({ pickedQuantity: 5 }), boltLine({ pickedQuantity: 2 })]),
      delay: 120,
    });
    renderApp();
    await waitForPrompt('Go to A-01 and scan the location');
    for (const scan of ['A-01', 'MILK', 'B1', '5', 'T-1', 'B-02', 'BOLT', '2', '[OK]']) {
      wedge(scan);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await waitForPrompt('Every line is done. Finish the pick list?');
    expect(picksOf(calls).map((call) => call.body)).toEqual([
      expect.objectContaining({ lineNumber: 1, fromLocation: 'A-01', batch: 'B1', quantity: 5, containerCode: 'T-1' }),
      expect.objectContaining({ lineNumber: 2, fromLocation: 'B-02', batch: null, quantity: 2, containerCode: 'T-1' }),
    ]);
    expect(notify).not.toHaveBeenCalledWith('danger', expect.anything(), expect.anything());
  });

  it('closes a line short with a reason: POST short with a key, the re-allocated line comes last', async () => {
    const reallocated = line({ lineNumber: 3, item: 'MILK', location: 'C-03', quantity: 5 });
    const calls = fakeServer({
      list: pickList([milkLine(), boltLine()]),
      short: () => ({
        pickList: pickList([milkLine({ shortQuantity: 5, shortReason: 'DAMAGED' }), boltLine(), reallocated]),
        reallocatedLine: 3,
      }),
    });
    const user = userEvent.setup();
    renderApp();
    await waitForPrompt('Go to A-01 and scan the location');
    await user.click(screen.getByTestId('pick-menu'));
    await user.click(screen.getByTestId('pick-short'));
    await waitForPrompt("Why can't you pick the 5 open of MILK? Choose a reason");
    await user.click(screen.getByTestId('short-DAMAGED'));
    await waitForPrompt('Go to B-02 and scan the location');
    const shorts = calls.filter((call) => call.path === pathOf(pickListEndpoints.short, { code: 'PL-1' }));
    expect(shorts.map((call) => call.body)).toEqual([
      {
        idempotencyKey: expect.stringMatching(/.{8,}/) as unknown,
        lineNumber: 1,
        reason: 'DAMAGED',
        fromLocation: 'A-01',
      },
    ]);
    expect(notify).toHaveBeenCalledWith('info', 'stockPicking:reallocated', { item: 'MILK', line: 3 });
    expect(screen.getAllByTestId('pick-list-line').map((li) => li.textContent)).toEqual([
      expect.stringContaining('MILK') as unknown,
      expect.stringContaining('BOLT') as unknown,
      expect.stringContaining('C-03') as unknown,
    ]);
    expect(picksOf(calls)).toEqual([]);
  });

  it('finishes when no line is open: flush, asks reasons on shortReasonRequired, then back to the lists', async () => {
    const flushes: unknown[] = [];
    const done = pickList([milkLine({ pickedQuantity: 3, shortQuantity: 2 }), boltLine({ pickedQuantity: 2 })]);
    fakeServer({
      list: done,
      flush: (body) => {
        flushes.push(body);
        if (body.shortReasons.length === 0)
          return [422, { status: 422, key: 'shortReasonRequired', args: { lines: [1] } }];
        return [200, { pickList: { ...done, status: 'PICKED' }, flush: { key: null, lines: [] } }];
      },
    });
    const user = userEvent.setup();
    renderApp();
    await waitForPrompt('Every line is done. Finish the pick list?');
    await user.click(await screen.findByTestId('finish-confirm'));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'errors:shortReasonRequired', { lines: [1] }, { sound: true }),
    );
    await user.selectOptions(await screen.findByTestId('finish-reason-1'), 'STOCKOUT');
    await user.click(screen.getByTestId('finish-confirm'));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'stockPicking:finished', { code: 'PL-1' }, { sound: true }),
    );
    expect(flushes).toEqual([{ shortReasons: [] }, { shortReasons: [{ lineNumber: 1, reason: 'STOCKOUT' }] }]);
    await waitFor(() => expect(screen.getByTestId('stock-picking-list')).toBeTruthy());
  });

  it('picks serials one scan each (a repeat refused), then asks the zero check and posts the answer', async () => {
    const scanLine = (fields: Partial<PickListLine> = {}) =>
      line({ lineNumber: 1, item: 'SCAN', location: 'A-01', quantity: 2, ...fields });
    const calls = fakeServer({
      list: pickList([scanLine()]),
      pick: () => pickList([scanLine({ pickedQuantity: 2 })]),
      zeroCheck: true,
    });
    const user = userEvent.setup();
    renderApp();
    await waitForPrompt('Go to A-01 and scan the location');
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'A-01{Enter}');
    await waitForPrompt('Scan item SCAN');
    await user.type(input, 'SCAN{Enter}');
    await waitForPrompt(/^Scan the serial numbers of SCAN: 0 of 2/);
    await user.type(input, 'SN-1{Enter}');
    await waitForPrompt(/^Scan the serial numbers of SCAN: 1 of 2/);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await user.type(input, 'SN-1{Enter}');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('danger', 'handheld:alreadyScanned', { code: 'SN-1' }));
    await user.type(input, 'SN-2{Enter}');
    await waitForPrompt('Scan the container to pick into');
    await user.type(input, 'T-1{Enter}');
    await waitForPrompt('Is A-01 empty of SCAN now?');
    expect(picksOf(calls).map((call) => call.body)).toEqual([
      expect.objectContaining({ lineNumber: 1, serials: ['SN-1', 'SN-2'], quantity: 2, batch: null }),
    ]);
    await user.click(screen.getByTestId('zero-check-no'));
    await waitForPrompt('Every line is done. Finish the pick list?');
    const checks = calls.filter((call) => call.path === pathOf(pickListEndpoints.zeroCheck, { code: 'PL-1' }));
    expect(checks.map((call) => call.body)).toEqual([{ location: 'A-01', item: 'SCAN', empty: false }]);
    expect(notify).toHaveBeenCalledWith('info', 'stockPicking:flaggedForCounting', { location: 'A-01', item: 'SCAN' });
  });

  it('resumes the list and its step when reopened, with recoveredPreviousSession', async () => {
    session.me = { user: { id: 7 } };
    fakeServer({ list: pickList([milkLine(), boltLine()]) });
    const user = userEvent.setup();
    renderApp();
    await waitForPrompt('Go to A-01 and scan the location');
    await user.type(screen.getByTestId('scanner-input'), 'A-01{Enter}');
    await waitForPrompt('Scan item MILK');
    cleanup();
    expect(notify).not.toHaveBeenCalledWith('info', 'stockPicking:recoveredPreviousSession', expect.anything());
    renderApp();
    await waitForPrompt('Scan item MILK');
    expect(notify).toHaveBeenCalledWith('info', 'stockPicking:recoveredPreviousSession', { code: 'PL-1' });
  });

  it('names a scan made while a scanned list opens as not used, and claims nothing with it', async () => {
    const calls = fakeServer({ list: pickList([milkLine()]), delay: 150 });
    renderApp('/stock_picking');
    await waitFor(() => expect(calls.some((call) => call.path === pathOf(pickListEndpoints.all, {}))).toBe(true));
    wedge('PL-1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    wedge('A-01');
    expect(notify).toHaveBeenCalledWith('info', 'stockPicking:scanWhileOpening', { code: 'A-01' });
    await waitForPrompt('Go to A-01 and scan the location');
    expect(calls.filter((call) => call.path === pathOf(pickListEndpoints.claim, { code: 'A-01' }))).toEqual([]);
  });

  it('lists released lists by priority; Next claims the next list once and opens it', async () => {
    const calls = fakeServer({
      list: pickList([milkLine()]),
      rows: [
        { ...pickList([]), code: 'PL-LOW', priority: 1 },
        { ...pickList([]), code: 'PL-DONE', priority: 9, status: 'PICKED' },
        { ...pickList([]), code: 'PL-TOP', priority: 5 },
      ],
    });
    const user = userEvent.setup();
    renderApp('/stock_picking');
    await waitFor(() => expect(screen.getAllByTestId('pick-list')).toHaveLength(2));
    expect(screen.getAllByTestId('pick-list').map((row) => row.textContent)).toEqual([
      expect.stringContaining('PL-TOP') as unknown,
      expect.stringContaining('PL-LOW') as unknown,
    ]);
    await user.click(screen.getByTestId('pick-next'));
    await waitForPrompt('Go to A-01 and scan the location');
    const claims = calls.filter((call) => call.path === pathOf(pickListEndpoints.claim, { code: 'PL-1' }));
    // The process screen takes the list the list screen claimed: no second claim.
    expect(claims).toHaveLength(1);
  });
});
