// First: its vi.mock calls must run before the platform modules load.
import '../../handheld/testing/handheld-dom.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import {
  binLocationEndpoints,
  finishedGoodsReceiptEndpoints,
  itemEndpoints,
  lookupEndpoints,
  pathOf,
  type FinishedGoodsOrder,
  type FinishedGoodsReceiveRequest,
} from '@wms/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeItem, makeLocation } from '../../handheld/engine/testing/fakes.js';
import { notify } from '../../platform/notifications.js';
import { FinishedGoodsReceiptApp } from './FinishedGoodsReceiptApp.js';

vi.setConfig({ testTimeout: 15_000 });

const kit = makeItem({ code: 'PROD-001', name: 'Bracket kit', units: 'pcs', barcode: '8712345000110' });
const pills = makeItem({
  code: 'BATCH-001',
  name: 'Paracetamol',
  units: 'box',
  managedBy: 'BATCH_NUMBER',
  barcode: '8712345000059',
});
const locations = [makeLocation({ code: '01-RECEIVE' }), makeLocation({ code: '01-A01-01' })];

function order(of: typeof kit, overrides: Partial<FinishedGoodsOrder> = {}): FinishedGoodsOrder {
  return {
    order: 'WO-3001',
    visualCode: 'WO-3001',
    productionOrder: 'WO-3001',
    status: 'RELEASED',
    item: {
      code: of.code,
      visualCode: of.code,
      name: of.name,
      units: of.units,
      managedBy: of.managedBy,
      serialManagedByDispatch: false,
      scanExpirationDate: of.managedBy === 'BATCH_NUMBER',
      scanManufacturingDate: false,
    },
    warehouse: '01',
    plannedQuantity: 25,
    reportedQuantity: 8,
    receivedQuantity: 0,
    receivableQuantity: 8,
    maximumQuantity: 8,
    blockedForQc: false,
    defaultTargetLocation: '01-RECEIVE',
    ...overrides,
  };
}
const kitOrder = order(kit);
const pillsOrder = order(pills, { order: 'WO-4001', visualCode: 'WO-4001', productionOrder: 'WO-4001' });

interface Call {
  method: string;
  path: string;
  query: string;
  body: unknown;
  headers: Record<string, string>;
}
type Answer = { status: number; json: unknown };
const error = (status: number, key: string, args: Record<string, unknown> = {}): Answer => ({
  status,
  json: { status, key, args, message: key },
});
const same = (a: string, b: string | null) => b !== null && a.toLowerCase() === b.toLowerCase();
const receivePath = (code: string) => pathOf(finishedGoodsReceiptEndpoints.receive, { order: code });

function answer(call: Call, receive: (call: Call) => Answer): Answer {
  const code = decodeURIComponent(call.path.split('/').at(-1) ?? '');
  if (call.path === pathOf(itemEndpoints.find, { code })) {
    const found = [kit, pills].find((i) => same(code, i.code) || same(code, i.barcode));
    return found
      ? { status: 200, json: { item: found, matchedBy: 'CODE', quantity: 1 } }
      : error(404, 'unknownItemForCode');
  }
  if (call.path === pathOf(binLocationEndpoints.find, { code })) {
    const found = locations.find((l) => same(code, l.code));
    return found ? { status: 200, json: found } : error(404, 'unknownLocation', { code });
  }
  if (call.path === pathOf(lookupEndpoints.findBatches, { code })) return { status: 200, json: [] };
  if (call.path === pathOf(finishedGoodsReceiptEndpoints.orders)) {
    const item = new URLSearchParams(call.query).get('item') ?? '';
    return { status: 200, json: { orders: [kitOrder, pillsOrder].filter((o) => same(item, o.item.code)) } };
  }
  if (call.path === pathOf(finishedGoodsReceiptEndpoints.order, { order: code })) {
    const found = [kitOrder, pillsOrder].find((o) => same(code, o.order));
    return found ? { status: 200, json: found } : error(404, 'unknownProductionOrder', { code });
  }
  if (call.method === 'POST' && call.path.endsWith('/receive')) return receive(call);
  return error(404, 'notFound');
}

/** The receipt answer of a request. */
function received(orderCode: string, body: FinishedGoodsReceiveRequest): Answer {
  return {
    status: 200,
    json: {
      receiptId: 'FGR-1',
      order: orderCode,
      productionOrder: orderCode,
      item: orderCode === 'WO-3001' ? 'PROD-001' : 'BATCH-001',
      batch: body.batch ?? null,
      serials: [],
      quantity: body.quantity,
      targetLocation: body.targetLocation,
      qcPending: false,
      qcRequests: [],
      receivedQuantity: body.quantity,
      receivableQuantity: 8 - body.quantity,
      label: { printed: 0, printer: null, skipped: 'noPrinter', error: null },
    },
  };
}

function start(
  receive: (call: Call) => Answer = (call) =>
    received(decodeURIComponent(call.path.split('/').at(-2) ?? ''), call.body as FinishedGoodsReceiveRequest),
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const [path, query] = url.split('?');
      const call: Call = {
        method: init.method ?? 'GET',
        path: path!,
        query: query ?? '',
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      const { status, json } = answer(call, receive);
      return Promise.resolve(
        new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FinishedGoodsReceiptApp />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, user, receipts: () => calls.filter((c) => c.method === 'POST') };
}

async function waitForPrompt(text: string | RegExp) {
  await waitFor(() => expect(screen.getByTestId('handheld-prompt').textContent).toMatch(text));
}

/** Types a scan into the scanner bar, Enter included ('' presses the OK button), then waits for the prompt. */
async function scan(user: UserEvent, text: string, prompt?: string | RegExp) {
  if (text === '')
    await user.click(screen.getByTestId(screen.queryByTestId('quantity-ok') ? 'quantity-ok' : 'handheld-retry'));
  else await user.type(screen.getByTestId('scanner-input'), `${text}{Enter}`);
  if (prompt) await waitForPrompt(prompt);
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('FinishedGoodsReceiptApp', () => {
  it('receives the reported quantity into the proposed target, once, and asks for the next order', async () => {
    const { user, receipts } = start();
    await waitForPrompt('Scan the production order or the pallet label');
    expect(document.activeElement).toBe(screen.getByTestId('scanner-input'));
    await scan(user, 'wo-3001', 'How many pcs of PROD-001? Now 8: type a number or press OK');
    expect(screen.getByTestId('summary-reported').textContent).toBe('8 pcs · received 0');
    await scan(user, '', 'Scan the target location, or press OK for 01-RECEIVE');
    await scan(user, '', 'Scan the production order or the pallet label');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'finishedGoodsReceipt:received', {
        quantity: 8,
        units: 'pcs',
        item: 'PROD-001',
        location: '01-RECEIVE',
        order: 'WO-3001',
      }),
    );
    expect(vi.mocked(notify).mock.calls.filter(([variant]) => variant === 'success')).toHaveLength(1);
    const [receipt] = receipts();
    expect(receipts()).toHaveLength(1);
    expect(receipt?.path).toBe(receivePath('WO-3001'));
    expect(receipt?.body).toEqual({
      quantity: 8,
      batch: null,
      expirationDate: null,
      manufacturingDate: null,
      serials: [],
      targetLocation: '01-RECEIVE',
      confirmations: { batchExpiry: false },
      printer: null,
    });
    expect(receipt?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a wrong scan with its key and keeps the question; refuses more than may be received', async () => {
    const { user, receipts } = start();
    await waitForPrompt('Scan the production order or the pallet label');
    await scan(user, 'NO-SUCH-ORDER');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'unknownProductionOrder', { code: 'NO-SUCH-ORDER' }),
    );
    await waitForPrompt('Scan the production order or the pallet label');
    await scan(user, 'WO-3001', /^How many pcs of PROD-001/);
    await scan(user, '9');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'moreThanProducedQuantity', {
        max: 8,
        reported: 8,
        received: 0,
        quantity: 9,
      }),
    );
    await waitForPrompt(/^How many pcs of PROD-001\? Now 8/);
    await scan(user, '5', 'Scan the target location, or press OK for 01-RECEIVE');
    await scan(user, 'NO-SUCH-BIN');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('danger', 'unknownLocation', { code: 'NO-SUCH-BIN' }));
    await scan(user, '01-A01-01', 'Scan the production order or the pallet label');
    expect(receipts().map((c) => c.body)).toMatchObject([{ quantity: 5, targetLocation: '01-A01-01' }]);
  });

  it('reads a pallet label (GS1 item, batch, expiry) and confirms a known batch with another expiry by a rescan', async () => {
    let attempts = 0;
    const { user, receipts } = start((call) => {
      attempts += 1;
      const body = call.body as FinishedGoodsReceiveRequest;
      if (!body.confirmations?.batchExpiry) {
        return error(422, 'batchExistsWithOtherExpiry', {
          batch: 'LOT7',
          knownExpirationDate: '2031-01-31',
          expirationDate: body.expirationDate,
        });
      }
      return received('WO-4001', body);
    });
    await waitForPrompt('Scan the production order or the pallet label');
    await scan(user, '(01)08712345000059(10)LOT7(17)301231', /^How many box of BATCH-001\? Now 8/);
    expect(screen.getByTestId('summary-batch').textContent).toBe('LOT7');
    expect(screen.getByTestId('summary-expiry').textContent).toBe('2030-12-31');
    await scan(user, '', 'Scan the target location, or press OK for 01-RECEIVE');
    await scan(user, '', /^Batch LOT7 is known with another expiry date/);
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'errors:batchExistsWithOtherExpiry', {
        batch: 'LOT7',
        knownExpirationDate: '2031-01-31',
        expirationDate: '2030-12-31',
      }),
    );
    await scan(user, 'LOT7', 'Scan the production order or the pallet label');
    expect(attempts).toBe(2);
    expect(receipts().map((c) => c.body)).toMatchObject([
      { batch: 'LOT7', expirationDate: '2030-12-31', confirmations: { batchExpiry: false } },
      { batch: 'LOT7', expirationDate: '2030-12-31', confirmations: { batchExpiry: true } },
    ]);
    // A refusal has its answer: the confirmed request is a new one with a new key.
    const [first, second] = receipts();
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });
});
