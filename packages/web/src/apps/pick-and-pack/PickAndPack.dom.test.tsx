import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  binLocationEndpoints,
  defaultSystemSettings,
  itemEndpoints,
  lookupEndpoints,
  pathOf,
  pickListEndpoints,
  type BoxType,
  type PickList,
  type PickListLine,
  type ShippingContainer,
} from '@wms/contract';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBatch, makeItem, makeLocation } from '../../handheld/engine/testing/fakes.js';
import { pickAnswerOf } from '../../handheld/picking/pick-test-fixtures.js';
import { notify } from '../../platform/notifications.js';
import { PickAndPackApp } from './PickAndPackApp.js';

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
};

function line(fields: Partial<PickListLine> & { lineNumber: number; item: keyof typeof items; location: string }) {
  const quantity = fields.quantity ?? 1;
  const open = quantity - (fields.pickedQuantity ?? 0) - (fields.shortQuantity ?? 0);
  const made: PickListLine = {
    itemName: `Item ${fields.item}`,
    managedBy: items[fields.item].managedBy,
    quantity,
    pickedQuantity: 0,
    shortQuantity: 0,
    shortReason: null,
    openQuantity: open,
    walkOrder: fields.lineNumber,
    skipped: false,
    allocations:
      open > 0
        ? [
            {
              location: fields.location,
              locationSortingCode: null,
              batch: fields.item === 'MILK' ? 'B1' : null,
              serial: null,
              expirationDate: null,
              quantity: open,
            },
          ]
        : [],
    picks: [],
    salesOrder: 'SO-1',
    salesOrderLine: fields.lineNumber,
    ...fields,
  };
  return made;
}

const boltLine = (fields: Partial<Omit<PickListLine, 'item'>> = {}) =>
  line({ lineNumber: 1, item: 'BOLT', location: 'A-01', quantity: 2, ...fields });

function pickList(lines: PickListLine[], containers: ShippingContainer[] = []): PickList {
  return {
    code: 'PL-1',
    status: lines.every((l) => l.openQuantity === 0) ? 'PICKED' : 'RELEASED',
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
    containers: containers.length,
    createdAt: '2025-01-01T00:00:00.000Z',
    shipTo: null,
    salesOrders: ['SO-1'],
    lines,
    shippingContainers: containers,
  };
}

const boxTypes: BoxType[] = [
  { code: 'S', name: 'Small box', type: 'BOX', lengthInMm: 300, widthInMm: 200, heightInMm: 150 },
  { code: 'L', name: 'Large box', type: 'BOX', lengthInMm: 600, widthInMm: 400, heightInMm: 400 },
];

function box(code: string, fields: Partial<ShippingContainer> = {}): ShippingContainer {
  return {
    code,
    sscc: false,
    type: 'BOX',
    boxType: null,
    status: 'OPEN',
    pickList: 'PL-1',
    weightInMg: null,
    lengthInMm: null,
    widthInMm: null,
    heightInMm: null,
    contents: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

interface Server {
  list: PickList;
  pick?: (body: { lineNumber: number; quantity: number; containerCode: string }) => PickList;
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
    if (at(pickListEndpoints.all, {})) return json(200, { rows: [], total: 0 });
    if (at(pickListEndpoints.boxTypes, {})) return json(200, boxTypes);
    if (at(pickListEndpoints.createContainer, { code: 'PL-1' })) {
      const request = body as { type: string; boxType?: string; code?: string };
      const type = boxTypes.find((known) => known.code === request.boxType);
      const opened = box(request.code ?? 'C1', {
        boxType: type?.code ?? null,
        lengthInMm: type?.lengthInMm ?? null,
        widthInMm: type?.widthInMm ?? null,
        heightInMm: type?.heightInMm ?? null,
      });
      server.list = { ...server.list, shippingContainers: [opened], containers: 1 };
      return json(200, opened);
    }
    if (at(pickListEndpoints.pick, { code: 'PL-1' })) {
      const request = body as { lineNumber: number; quantity: number; containerCode: string };
      server.list = server.pick!(request);
      return json(200, pickAnswerOf(server.list, request));
    }
    if (at(pickListEndpoints.closeContainer, { container: 'C1' })) {
      const request = body as { weightInMg: number };
      return json(200, { ...server.list.shippingContainers[0]!, status: 'CLOSED', weightInMg: request.weightInMg });
    }
    if (at(pickListEndpoints.containerLabel, { container: 'C1' })) {
      return new Response('%PDF-1.4 label', { status: 200, headers: { 'content-type': 'application/pdf' } });
    }
    if (at(pickListEndpoints.flush, { code: 'PL-1' })) {
      server.list = { ...server.list, status: 'PICKED' };
      return json(200, { pickList: server.list, flush: { key: null, lines: [] } });
    }
    if (at(pickListEndpoints.markPacked, { code: 'PL-1' })) {
      server.list = { ...server.list, packed: true };
      return json(200, server.list);
    }
    if (at(itemEndpoints.find, { code }) && code in items)
      return json(200, { item: items[code as keyof typeof items], matchedBy: 'CODE', quantity: 1 });
    if (at(binLocationEndpoints.find, { code }) && /^[A-C]-0\d$/.test(code)) return json(200, makeLocation({ code }));
    if (at(lookupEndpoints.findBatches, { code }) && code.startsWith('B')) return json(200, [makeBatch('MILK', code)]);
    return refusal(404, 'notFound', {});
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const path = url.split('?')[0]!;
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      return Promise.resolve(answer(path, method, body));
    }),
  );
  return calls;
}

function renderApp(entry = '/pick_and_pack/process?code=PL-1') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/pick_and_pack" element={<PickAndPackApp />} />
          <Route path="/pick_and_pack/process" element={<PickAndPackApp />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function waitForPrompt(text: string | RegExp) {
  await waitFor(() => expect(screen.getByTestId('handheld-prompt').textContent).toMatch(text));
}

const callsTo = (calls: Call[], endpoint: { path: string }, params: Record<string, string>) =>
  calls.filter((call) => call.path === pathOf(endpoint, params));

beforeEach(() => {
  vi.clearAllMocks();
  session.me = null;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:label'), revokeObjectURL: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

describe('/pick_and_pack/process', () => {
  it('opens a box of the chosen type, picks into it without a container step, then weighs, closes, labels, flushes and marks packed', async () => {
    const calls = fakeServer({
      list: pickList([boltLine()]),
      pick: () =>
        pickList(
          [boltLine({ pickedQuantity: 2 })],
          [box('C1', { boxType: 'S', lengthInMm: 300, widthInMm: 200, heightInMm: 150 })],
        ),
    });
    const user = userEvent.setup();
    renderApp();
    await waitForPrompt('Choose the box type, or scan a pre-printed box label');
    expect((await screen.findByTestId('pack-box-type-S')).textContent).toBe('Small box (300 × 200 × 150 mm)');
    await user.click(screen.getByTestId('pack-box-type-S'));
    await waitForPrompt('Go to A-01 and scan the location');
    expect(callsTo(calls, pickListEndpoints.createContainer, { code: 'PL-1' }).map((call) => call.body)).toEqual([
      { type: 'BOX', boxType: 'S' },
    ]);
    expect(notify).toHaveBeenCalledWith('success', 'pickAndPack:boxOpened', { box: 'C1', boxType: 'S' });

    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'A-01{Enter}');
    await waitForPrompt('Scan item BOLT');
    await user.type(input, 'BOLT{Enter}');
    await waitForPrompt(/^How many pcs of BOLT\? Now 1 of 2/);
    await user.type(input, '2{Enter}');
    // No container question: the pick goes into the open box at once.
    await waitForPrompt('Weigh box C1: type its weight in kg, or press Read scale');
    expect(callsTo(calls, pickListEndpoints.pick, { code: 'PL-1' }).map((call) => call.body)).toEqual([
      {
        idempotencyKey: expect.stringMatching(/.{8,}/) as unknown,
        lineNumber: 1,
        fromLocation: 'A-01',
        batch: null,
        serials: [],
        quantity: 2,
        containerCode: 'C1',
      },
    ]);

    await user.type(input, 'heavy{Enter}');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('danger', 'pickAndPack:notAWeight', { code: 'heavy' }));
    expect(callsTo(calls, pickListEndpoints.closeContainer, { container: 'C1' })).toEqual([]);
    await user.type(input, '1.25{Enter}');
    await waitForPrompt('Pick list PL-1 is packed and goes to delivery. Press Done');
    expect(callsTo(calls, pickListEndpoints.closeContainer, { container: 'C1' }).map((call) => call.body)).toEqual([
      { weightInMg: 1_250_000, lengthInMm: 300, widthInMm: 200, heightInMm: 150 },
    ]);
    expect(callsTo(calls, pickListEndpoints.containerLabel, { container: 'C1' }).map((call) => call.body)).toEqual([
      {},
    ]);
    expect(callsTo(calls, pickListEndpoints.flush, { code: 'PL-1' }).map((call) => call.body)).toEqual([
      { shortReasons: [] },
    ]);
    expect(callsTo(calls, pickListEndpoints.markPacked, { code: 'PL-1' })).toHaveLength(1);
    const order = calls.map((call) => call.path);
    expect(order.indexOf(pathOf(pickListEndpoints.closeContainer, { container: 'C1' }))).toBeLessThan(
      order.indexOf(pathOf(pickListEndpoints.flush, { code: 'PL-1' })),
    );
    expect(notify).toHaveBeenCalledWith('success', 'pickAndPack:finished', { code: 'PL-1' }, { sound: true });
    expect(notify).toHaveBeenCalledWith('info', 'pickAndPack:labelPdf', { box: 'C1' });
    // No label printer: the label's PDF is offered; Done goes back to the lists.
    expect(screen.getByTestId('pack-label-pdf')).toBeTruthy();
    await user.click(screen.getByTestId('pack-done'));
    await waitFor(() => expect(screen.getByTestId('stock-picking-list')).toBeTruthy());
  });

  it('opens the box with a pre-printed label scanned instead of a box type', async () => {
    const calls = fakeServer({ list: pickList([boltLine()]) });
    const user = userEvent.setup();
    renderApp();
    await waitForPrompt('Choose the box type, or scan a pre-printed box label');
    await user.type(screen.getByTestId('scanner-input'), 'LBL-77{Enter}');
    await waitForPrompt('Go to A-01 and scan the location');
    expect(callsTo(calls, pickListEndpoints.createContainer, { code: 'PL-1' }).map((call) => call.body)).toEqual([
      { type: 'BOX', code: 'LBL-77' },
    ]);
  });

  it('picks into the box already open on the list, asking no box type', async () => {
    const calls = fakeServer({ list: pickList([boltLine()], [box('C1', { boxType: 'S' })]) });
    renderApp();
    await waitForPrompt('Go to A-01 and scan the location');
    expect(callsTo(calls, pickListEndpoints.createContainer, { code: 'PL-1' })).toEqual([]);
  });

  it('refuses a wrong location: the danger notice, the step stays, nothing is posted', async () => {
    const calls = fakeServer({ list: pickList([boltLine()], [box('C1')]) });
    const user = userEvent.setup();
    renderApp();
    await waitForPrompt('Go to A-01 and scan the location');
    const before = calls.filter((call) => call.method === 'POST').length;
    await user.type(screen.getByTestId('scanner-input'), 'B-02{Enter}');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'wrongLocationScanned', { expected: 'A-01', scanned: 'B-02' }),
    );
    await waitForPrompt('Go to A-01 and scan the location');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(before);
  });
});
