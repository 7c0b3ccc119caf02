import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import {
  deliveryEndpoints,
  itemEndpoints,
  packEndpoints,
  packingSlipEndpoints,
  pathOf,
  pickListEndpoints,
  type PackRepackRequest,
  type PackView,
} from '@wms/contract';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { makeItem } from '../../handheld/engine/testing/fakes.js';
import { defaultScaleConfig, scaleConfigStorageKey } from '../../handheld/peripherals/scale-config.js';
import { repackView, withDifferences } from './dom-test-fixtures.js';
import { DeliveryApp } from './DeliveryApp.js';
import { PackAndDeliveryApp } from './PackAndDeliveryApp.js';
import { PackApp } from './PackApp.js';

export { container, content, packView } from './dom-test-fixtures.js';

/**
 * The pack and delivery dom tests' fake server (fetch stubbed): one pick list PL-1 whose view the
 * calls change as the real server would (verify, accept a difference, repack, close, finish), the
 * items MILK (batch), PHONE (serial) and BOLT, and the box type S.
 */
export const items = {
  MILK: makeItem({ code: 'MILK', managedBy: 'BATCH_NUMBER' }),
  PHONE: makeItem({ code: 'PHONE', managedBy: 'SERIAL_NUMBER' }),
  BOLT: makeItem({ code: 'BOLT' }),
};

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, key: string, args: Record<string, unknown>) =>
  json(status, { status, key, args, message: key });

export interface Server {
  view: PackView;
  partlyPicked?: boolean;
  deliveryRefusal?: string;
  /** Container codes of another pick list (repack to one: containerBelongsToOtherPicklist). */
  otherListContainers?: string[];
}

export function fakeServer(server: Server): Call[] {
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
    const closing = server.view.containers.find((box) =>
      at(path, method, pickListEndpoints.closeContainer, { container: box.code }),
    );
    if (closing) {
      server.view = {
        ...server.view,
        containers: server.view.containers.map((box) =>
          box.code === closing.code ? { ...box, status: 'CLOSED' as const } : box,
        ),
      };
      return json(200, { code: closing.code, status: 'CLOSED' });
    }
    if (
      server.view.containers.some((box) => at(path, method, pickListEndpoints.containerLabel, { container: box.code }))
    )
      return new Response(null, { status: 204 });
    if (at(path, method, packEndpoints.repack, { code: 'PL-1' })) {
      const answered = repackView(server.view, body as PackRepackRequest, server.otherListContainers);
      if (answered.status !== 200) return refusal(answered.status, answered.key, answered.args);
      server.view = answered.view;
      return json(200, answered.view);
    }
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

export function renderApp(entry: string) {
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

export async function waitForPrompt(text: string | RegExp) {
  await waitFor(() => expect(screen.getByTestId('handheld-prompt').textContent).toMatch(text));
}

export const callsTo = (calls: Call[], endpoint: { path: string }, params: Record<string, string> = {}) =>
  calls.filter((call) => call.path === pathOf(endpoint, params) && call.method !== 'GET');

/**
 * The pack and delivery dom tests' hooks (their platform mocks stay in each file: vi.mock is
 * hoisted per file): a 20 s test timeout, the mocks cleared and local storage empty before each
 * test, the globals restored after. With testScale, the TEST scale (2.5 kg) is saved and object
 * URLs are stubbed (the packing slip PDF).
 */
export function packTestHooks({ testScale }: { testScale: boolean }) {
  vi.setConfig({ testTimeout: 20_000 });
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
    if (!testScale) return;
    localStorage.setItem(
      scaleConfigStorageKey,
      JSON.stringify({ ...defaultScaleConfig, driver: 'TEST', testWeight: 2.5 }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => vi.unstubAllGlobals());
}
