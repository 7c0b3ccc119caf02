import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  defaultSystemSettings,
  deliveryEndpoints,
  itemEndpoints,
  packEndpoints,
  packingSlipEndpoints,
  pathOf,
  pickListEndpoints,
  type PackContainer,
  type PackView,
} from '@wms/contract';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeItem } from '../../handheld/engine/testing/fakes.js';
import { defaultScaleConfig, scaleConfigStorageKey } from '../../handheld/peripherals/scale-config.js';
import { notify } from '../../platform/notifications.js';
import { DeliveryApp } from './DeliveryApp.js';
import { PackAndDeliveryApp } from './PackAndDeliveryApp.js';
import { PackApp } from './PackApp.js';

vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ me: null, signOut: vi.fn(), hasRole: () => true }),
}));
vi.mock('../../platform/config.js', () => ({
  useConfig: () => ({ scanner: defaultSystemSettings.scanner, runtimeType: 'TEST' }),
}));
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
  PHONE: makeItem({ code: 'PHONE', managedBy: 'SERIAL_NUMBER' }),
  BOLT: makeItem({ code: 'BOLT' }),
};

const content = (item: string, batch: string | null, serial: string | null, quantity: number) => ({
  item,
  itemName: `Item ${item}`,
  batch,
  expirationDate: null,
  serial,
  quantity,
  verifiedQuantity: 0,
});

function container(code: string, contents: PackContainer['contents']): PackContainer {
  return {
    code,
    sscc: false,
    type: 'BOX',
    status: 'OPEN',
    boxType: null,
    weightInMg: null,
    lengthInMm: null,
    widthInMm: null,
    heightInMm: null,
    contents,
    verified: false,
  };
}

function packView(): PackView {
  return {
    pickList: {
      code: 'PL-1',
      status: 'PICKED',
      version: 3,
      warehouse: '01',
      customer: { code: 'C1', name: 'Customer one' },
      shipTo: null,
      shipDate: null,
      route: null,
      packed: false,
    },
    verification: 'SCAN_ALL',
    containers: [container('C1', [content('MILK', 'B1', null, 2), content('PHONE', null, 'SN1', 1)])],
    differences: [],
    recountRequests: [],
  };
}

/** The differences of a view: every row not verified in full. */
function withDifferences(view: PackView): PackView {
  const differences = view.containers.flatMap((box) =>
    box.contents
      .filter((row) => row.verifiedQuantity < row.quantity)
      .map((row) => ({
        container: box.code,
        item: row.item,
        batch: row.batch,
        serial: row.serial,
        missing: row.quantity - row.verifiedQuantity,
      })),
  );
  return { ...view, differences };
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, key: string, args: Record<string, unknown>) =>
  json(status, { status, key, args, message: key });

interface Server {
  view: PackView;
  partlyPicked?: boolean;
  deliveryRefusal?: string;
}

function fakeServer(server: Server): Call[] {
  const calls: Call[] = [];
  const at = (path: string, method: string, endpoint: { path: string; method: string }, params = {}) =>
    path === pathOf(endpoint, params) && method === endpoint.method;
  const answer = (path: string, method: string, body: unknown): Response => {
    const last = decodeURIComponent(path.split('/').at(-1) ?? '');
    if (at(path, method, packEndpoints.open)) {
      const row = { ...server.view.pickList, partlyPicked: false, priority: 0, containers: 1, lines: 2 };
      return json(200, { rows: [{ ...row, createdAt: '2025-01-01T00:00:00.000Z' }], total: 1 });
    }
    if (at(path, method, deliveryEndpoints.packed)) {
      const { code, version, warehouse, customer, shipTo, shipDate, route } = server.view.pickList;
      const row = { code, version, warehouse, customer, shipTo, shipDate, route, containers: 1 };
      return json(200, { rows: [{ ...row, createdAt: '2025-01-01T00:00:00.000Z' }], truncated: false });
    }
    if (at(path, method, pickListEndpoints.boxTypes)) {
      return json(200, [
        { code: 'S', name: 'Small box', type: 'BOX', lengthInMm: 300, widthInMm: 200, heightInMm: 150 },
      ]);
    }
    if (at(path, method, packEndpoints.start)) {
      const request = body as { scan: string; confirmFlush: boolean };
      if (request.scan !== 'PL-1' && request.scan !== 'C1')
        return refusal(422, 'unknownPicklistOrContainer', { scan: request.scan });
      if (server.partlyPicked && !request.confirmFlush)
        return refusal(422, 'picklistNotFullyPicked', { status: 'PARTLY_PICKED' });
      return json(200, server.view);
    }
    if (at(path, method, packEndpoints.view, { code: 'PL-1' })) return json(200, server.view);
    if (at(path, method, packEndpoints.verify, { code: 'PL-1' })) {
      const request = body as { container: string; item: string; batch: string | null; serial: string | null };
      server.view = {
        ...server.view,
        containers: server.view.containers.map((box) => ({
          ...box,
          contents: box.contents.map((row) =>
            row.item === request.item &&
            (request.batch ?? null) === row.batch &&
            (request.serial ?? null) === row.serial
              ? { ...row, verifiedQuantity: row.verifiedQuantity + 1 }
              : row,
          ),
        })),
      };
      server.view = withDifferences(server.view);
      return json(200, server.view);
    }
    if (at(path, method, packEndpoints.acceptDifference, { code: 'PL-1' })) {
      server.view = { ...server.view, differences: [] };
      return json(200, server.view);
    }
    if (at(path, method, pickListEndpoints.closeContainer, { container: 'C1' })) {
      server.view = {
        ...server.view,
        containers: server.view.containers.map((box) => ({ ...box, status: 'CLOSED' as const })),
      };
      return json(200, { code: 'C1', status: 'CLOSED' });
    }
    if (at(path, method, pickListEndpoints.containerLabel, { container: 'C1' }))
      return new Response(null, { status: 204 });
    if (at(path, method, packEndpoints.finish, { code: 'PL-1' })) {
      server.view = { ...server.view, pickList: { ...server.view.pickList, packed: true } };
      return json(200, server.view);
    }
    if (at(path, method, deliveryEndpoints.create)) {
      if (server.deliveryRefusal) return refusal(422, server.deliveryRefusal, {});
      return json(200, { deliveries: [{ code: 'D-1' }], replayed: false });
    }
    if (at(path, method, packingSlipEndpoints.pdf, { code: 'D-1' })) {
      return new Response('%PDF-1.4 slip', { status: 200, headers: { 'content-type': 'application/pdf' } });
    }
    if (at(path, method, itemEndpoints.find, { code: last }) && last in items) {
      return json(200, { item: items[last as keyof typeof items], matchedBy: 'CODE', quantity: 1 });
    }
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

function renderApp(entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/pack" element={<PackApp />} />
          <Route path="/delivery" element={<DeliveryApp />} />
          <Route path="/pack_and_delivery" element={<PackAndDeliveryApp />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function waitForPrompt(text: string | RegExp) {
  await waitFor(() => expect(screen.getByTestId('handheld-prompt').textContent).toMatch(text));
}

const callsTo = (calls: Call[], endpoint: { path: string }, params: Record<string, string> = {}) =>
  calls.filter((call) => call.path === pathOf(endpoint, params) && call.method !== 'GET');

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  localStorage.setItem(
    scaleConfigStorageKey,
    JSON.stringify({ ...defaultScaleConfig, driver: 'TEST', testWeight: 2.5 }),
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

describe('/pack', () => {
  it('packs a SCAN_ALL list with a batch and a serial item: a wrong item changes nothing, a difference is accepted, the box closes with the scale weight, finish', async () => {
    const server: Server = { view: packView() };
    const calls = fakeServer(server);
    const user = userEvent.setup();
    renderApp('/pack');
    await waitForPrompt('Scan a pick list or one of its containers to pack');
    expect((await screen.findAllByTestId('pack-list-row')).map((row) => row.textContent)).toEqual([
      expect.stringContaining('PL-1'),
    ]);
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'PL-1{Enter}');
    await waitForPrompt('Scan every unit into its container: 0 of 3');

    // A wrong item: the danger notice with its key and args, nothing posted, the step stays.
    await user.type(input, 'BOLT{Enter}');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'handheld:wrongItemScanned', {
        expected: 'MILK, PHONE',
        scanned: 'BOLT',
      }),
    );
    await waitForPrompt('Scan every unit into its container: 0 of 3');
    expect(callsTo(calls, packEndpoints.verify, { code: 'PL-1' })).toEqual([]);

    // A burst: item, batch, serial label, typed without pauses: each handled, in order.
    await user.type(input, 'MILK{Enter}B1{Enter}SN1{Enter}');
    await waitForPrompt('Scan every unit into its container: 2 of 3');
    expect(callsTo(calls, packEndpoints.verify, { code: 'PL-1' }).map((call) => call.body)).toEqual([
      {
        idempotencyKey: expect.stringMatching(/.{8,}/) as unknown,
        container: 'C1',
        item: 'MILK',
        batch: 'B1',
        serial: null,
        quantity: 1,
      },
      {
        idempotencyKey: expect.stringMatching(/.{8,}/) as unknown,
        container: 'C1',
        item: 'PHONE',
        batch: null,
        serial: 'SN1',
        quantity: 1,
      },
    ]);
    const keys = callsTo(calls, packEndpoints.verify, { code: 'PL-1' }).map(
      (call) => (call.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(new Set(keys).size).toBe(2);

    // One MILK is missing: the difference, then accepted.
    await user.click(screen.getByTestId('pd-unit-ok'));
    await waitForPrompt('Missing: 1 × MILK (B1) in C1. Scan again, or accept the difference');
    await user.click(screen.getByTestId('pd-accept-difference'));
    await waitForPrompt('Close C1: choose a box type or type its size L x W x H in mm');
    expect(callsTo(calls, packEndpoints.acceptDifference, { code: 'PL-1' })).toHaveLength(1);

    await user.click(await screen.findByTestId('pd-box-type-S'));
    await waitForPrompt('Weigh C1: type its weight in kg, or press Read scale');
    await user.click(screen.getByTestId('pd-read-scale'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'packAndDelivery:packed', { code: 'PL-1' }));
    expect(callsTo(calls, pickListEndpoints.closeContainer, { container: 'C1' }).map((call) => call.body)).toEqual([
      { weightInMg: 2_500_000, lengthInMm: 300, widthInMm: 200, heightInMm: 150 },
    ]);
    expect(callsTo(calls, packEndpoints.finish, { code: 'PL-1' }).map((call) => call.body)).toEqual([{ version: 3 }]);
    // /pack goes back to its list.
    await waitForPrompt('Scan a pick list or one of its containers to pack');
  });

  it('asks to confirm a partly picked list, then starts it with confirmFlush', async () => {
    const calls = fakeServer({ view: packView(), partlyPicked: true });
    const user = userEvent.setup();
    renderApp('/pack');
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'PL-1{Enter}');
    await waitForPrompt(/^Pick list PL-1 is not fully picked/);
    expect(notify).toHaveBeenCalledWith('warning', 'errors:picklistNotFullyPicked', { status: 'PARTLY_PICKED' });
    await user.click(screen.getByTestId('pd-confirmFlush-ok'));
    await waitForPrompt('Scan every unit into its container: 0 of 3');
    expect(callsTo(calls, packEndpoints.start).map((call) => call.body)).toEqual([
      { scan: 'PL-1', confirmFlush: false },
      { scan: 'PL-1', confirmFlush: true },
    ]);
  });
});

describe('/delivery', () => {
  it('starts on the packed lists; scan and confirm create the delivery and offer its packing slip', async () => {
    const calls = fakeServer({ view: packView() });
    const user = userEvent.setup();
    renderApp('/delivery');
    await waitForPrompt('Scan a packed pick list or one of its containers to deliver');
    expect(await screen.findByTestId('packed-lists')).toBeTruthy();
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'C1{Enter}');
    await waitForPrompt('Deliver pick list PL-1 (Customer one)? Scan it again or press Deliver');
    await user.click(screen.getByTestId('pd-deliverConfirm-ok'));
    await waitForPrompt('Delivery D-1 created. Press OK for the next list');
    expect(notify).toHaveBeenCalledWith('success', 'packAndDelivery:deliveryCreated', {
      code: 'D-1',
      pickList: 'PL-1',
    });
    expect(callsTo(calls, deliveryEndpoints.create).map((call) => call.body)).toEqual([
      { pickList: 'PL-1', idempotencyKey: expect.stringMatching(/.{8,}/) as unknown },
    ]);
    await waitFor(() =>
      expect(calls.some((call) => call.path === pathOf(packingSlipEndpoints.pdf, { code: 'D-1' }))).toBe(true),
    );
    expect(await screen.findByTestId('pd-packing-slip')).toBeTruthy();
  });

  it('shows addressNotValidated as a danger notice and stays', async () => {
    const calls = fakeServer({ view: packView(), deliveryRefusal: 'addressNotValidated' });
    const user = userEvent.setup();
    renderApp('/delivery');
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'PL-1{Enter}');
    await waitForPrompt(/^Deliver pick list PL-1/);
    // The same code again confirms (after the scanner's double-read window).
    await new Promise((resolve) => setTimeout(resolve, 150));
    await user.type(input, 'PL-1{Enter}');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('danger', 'errors:addressNotValidated', {}));
    expect(calls.filter((call) => call.path === pathOf(deliveryEndpoints.create, {}))).toHaveLength(1);
    await waitForPrompt(/^Deliver pick list PL-1/);
  });
});

describe('/pack_and_delivery', () => {
  it('starts on the pack scan and goes on to the delivery after packing', async () => {
    const view = packView();
    fakeServer({ view: { ...view, verification: 'NONE' } });
    const user = userEvent.setup();
    renderApp('/pack_and_delivery');
    await waitForPrompt('Scan a pick list or one of its containers to pack');
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'PL-1{Enter}');
    await waitForPrompt('Pick list PL-1: check the containers below, then press OK');
    await user.click(screen.getByTestId('pd-contents-ok'));
    await waitForPrompt(/^Close C1/);
    await user.type(input, '300x200x100{Enter}');
    await user.type(input, '1.5{Enter}');
    await waitForPrompt('Deliver pick list PL-1 (Customer one)? Scan it again or press Deliver');
  });
});
