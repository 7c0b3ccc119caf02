import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import {
  defaultSystemSettings,
  goodsReceiptEndpoints,
  itemEndpoints,
  pathOf,
  type ReceivableDocument,
} from '@wms/contract';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { GoodsReceiptApp } from './GoodsReceiptApp.js';
import { entry, items, receipt } from './test-fixtures.js';

vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ me: { user: { id: 7 } }, signOut: vi.fn(), hasRole: () => true }),
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
  useLiveConnection: () => null,
  useLiveConnected: () => false,
  useLiveMessage: () => undefined,
}));

vi.setConfig({ testTimeout: 15_000 });

interface Call {
  method: string;
  path: string;
  query: string;
  body: unknown;
  key: string | null;
}
type Answer = { status: number; json: unknown };
type Override = (call: Call, calls: Call[]) => Answer | undefined;

const progressPath = (line: number) => pathOf(goodsReceiptEndpoints.progress, { receipt: 'GR-1', line });
const document = (code: string, openReceipt: string | null = null): ReceivableDocument => ({
  type: 'PURCHASE_ORDER',
  code,
  status: 'OPEN',
  supplier: 'S0001',
  supplierName: 'Acme',
  warehouse: '01',
  dueDate: '2025-06-15',
  openQuantity: 30,
  lineCount: 2,
  openReceipt,
});
const refusal = (status: number, key: string, args: Record<string, unknown> = {}): Answer => ({
  status,
  json: { status, key, args, message: key },
});

function defaultAnswer(call: Call): Answer {
  const { method, path } = call;
  const code = decodeURIComponent(path.split('/').at(-1) ?? '');
  if (method === 'GET' && path === pathOf(itemEndpoints.find, { code })) {
    const item = items.find((i) => i.code === code || i.barcode === code);
    return item ? { status: 200, json: { item, matchedBy: 'CODE', quantity: 1 } } : refusal(404, 'unknownItemForCode');
  }
  if (method === 'GET' && path === pathOf(goodsReceiptEndpoints.get, { receipt: 'GR-1' }))
    return { status: 200, json: { receipt } };
  if (method === 'GET' && path === pathOf(goodsReceiptEndpoints.expected))
    return { status: 200, json: { documents: [document('PO-1004'), document('PO-1006', 'GR-9')] } };
  if (method === 'POST' && path === pathOf(goodsReceiptEndpoints.open))
    return { status: 200, json: { receipt, resumed: false } };
  if (method === 'POST' && path.endsWith('/progress')) {
    const body = call.body as { quantity: number };
    const line = receipt.lines[Number(path.split('/').at(-2))]!;
    return {
      status: 200,
      json: {
        code: receipt.code,
        status: 'IN_PROGRESS',
        version: 2,
        line,
        entries: [entry(line, body.quantity)],
        approvedBy: null,
      },
    };
  }
  if (method === 'GET' && path.endsWith('/attachments')) return { status: 200, json: [] };
  return refusal(404, 'notFound');
}

function fakeServer(override: Override = () => undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const keyHeader = Object.keys(headers).find((name) => name.toLowerCase() === 'idempotency-key');
      const [path, query] = url.split('?');
      const call: Call = {
        method: init.method ?? 'GET',
        path: path!,
        query: query ?? '',
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        key: keyHeader ? headers[keyHeader]! : null,
      };
      calls.push(call);
      const answer = override(call, calls) ?? defaultAnswer(call);
      return new Response(JSON.stringify(answer.json), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/goods_receipt" element={<GoodsReceiptApp />} />
          <Route path="/goods_receipt/:id" element={<GoodsReceiptApp />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const prompt = () => screen.getByTestId('handheld-prompt').textContent ?? '';
async function scan(user: UserEvent, text: string, next?: string | RegExp) {
  await user.type(screen.getByTestId('scanner-input'), `${text}{Enter}`);
  if (next) await waitFor(() => expect(prompt()).toMatch(next));
}
const progressCalls = (calls: Call[]) =>
  calls.filter((call) => call.method === 'POST' && call.path.includes('/progress'));

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('GoodsReceiptApp list', () => {
  it('lists the expected documents with a badge for an open receipt', async () => {
    fakeServer();
    renderAt('/goods_receipt');
    await waitFor(() => expect(screen.getAllByTestId('receivable-document')).toHaveLength(2));
    expect(screen.getByTestId('open-receipt-badge').textContent).toBe('receipt GR-9');
  });

  it('opens the one document a scan finds and shows its receipt', async () => {
    const calls = fakeServer((call) =>
      call.path === pathOf(goodsReceiptEndpoints.find)
        ? { status: 200, json: { matchedBy: 'DOCUMENT', documents: [document('PO-1004')] } }
        : undefined,
    );
    const user = userEvent.setup();
    renderAt('/goods_receipt');
    await scan(user, 'PO-1004', 'Scan the item');
    expect(calls.find((call) => call.path === pathOf(goodsReceiptEndpoints.open))?.body).toEqual({
      sourceType: 'PURCHASE_ORDER',
      sourceCode: 'PO-1004',
    });
    await waitFor(() => expect(screen.getAllByTestId('receipt-line')).toHaveLength(4));
  });

  it('offers a choice when several documents match, and refuses a scan that matches none', async () => {
    let found: ReceivableDocument[] = [document('PO-1004'), document('PO-1006')];
    fakeServer((call) =>
      call.path === pathOf(goodsReceiptEndpoints.find)
        ? { status: 200, json: { matchedBy: 'ITEM', documents: found } }
        : undefined,
    );
    const user = userEvent.setup();
    renderAt('/goods_receipt');
    await scan(user, '8712345000134', /on several documents/);
    expect(screen.getByTestId('receipt-choice').querySelectorAll('[data-testid="receivable-document"]')).toHaveLength(
      2,
    );
    found = [];
    await scan(user, 'NOTHING');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'danger',
        'errors:unknownDocument',
        expect.objectContaining({ code: 'NOTHING' }),
      ),
    );
  });
});

describe('GoodsReceiptApp receipt screen', () => {
  it('refuses an item that is not on the receipt without sending anything', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderAt('/goods_receipt/GR-1');
    await waitFor(() => expect(screen.getAllByTestId('receipt-line')).toHaveLength(4));
    await scan(user, '8712345000999');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'itemNotOnOrder', { item: 'ITEM-009', document: 'PO-1004' }),
    );
    expect(prompt()).toBe('Scan the item');
    expect(progressCalls(calls)).toHaveLength(0);
  });

  it('resends an over-receipt with confirmations.quantity after the item is scanned again', async () => {
    const calls = fakeServer((call, all) =>
      call.path === progressPath(0) && progressCalls(all).length === 1
        ? refusal(422, 'overReceiptNeedsConfirmation', {
            entry: 11,
            ordered: 10,
            received: 0,
            maximum: 11,
            tolerancePercent: 10,
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderAt('/goods_receipt/GR-1');
    await waitFor(() => expect(screen.getAllByTestId('receipt-line')).toHaveLength(4));
    await scan(user, '8712345000134', /How many pcs of ITEM-003\? Now 1/);
    await scan(user, '11', /Scan the target location, or Enter for 01-RECEIVE/);
    await user.click(screen.getByTestId('target-default'));
    await waitFor(() => expect(prompt()).toMatch(/Receive 11 pcs of ITEM-003\?/));
    expect(notify).toHaveBeenCalledWith('warning', 'errors:overReceiptNeedsConfirmation', expect.anything());
    await scan(user, '8712345000134', 'Scan the item');
    const [first, second] = progressCalls(calls);
    expect(first?.body).toMatchObject({ quantity: 11, confirmations: { quantity: false } });
    expect(second?.body).toMatchObject({ quantity: 11, confirmations: { quantity: true } });
    expect(first?.key).toBeTruthy();
    expect(second?.key).not.toBe(first?.key);
    expect(notify).toHaveBeenCalledWith(
      'success',
      'goodsReceipt:received',
      expect.objectContaining({ item: 'ITEM-003' }),
    );
  });

  it('retries an entry without an answer with the same Idempotency-Key', async () => {
    const calls = fakeServer((call, all) =>
      call.path === progressPath(0) && progressCalls(all).length === 1 ? { status: 503, json: {} } : undefined,
    );
    const user = userEvent.setup();
    renderAt('/goods_receipt/GR-1');
    await waitFor(() => expect(screen.getAllByTestId('receipt-line')).toHaveLength(4));
    await scan(user, 'ITEM-003', /How many/);
    await scan(user, '4', /target location/);
    await user.click(screen.getByTestId('target-default'));
    await waitFor(() => expect(prompt()).toMatch(/Press Retry/));
    await user.click(screen.getByTestId('handheld-retry'));
    await waitFor(() => expect(prompt()).toBe('Scan the item'));
    const [first, second] = progressCalls(calls);
    expect(second?.key).toBe(first?.key);
    expect(second?.body).toEqual(first?.body);
  });

  it('fills batch and expiry from a GS1-128 scan, then asks the supplier batch and the open quantity', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderAt('/goods_receipt/GR-1');
    await waitFor(() => expect(screen.getAllByTestId('receipt-line')).toHaveLength(4));
    await scan(user, '(01)08712345000059(10)LOT7(17)271231', "Scan the supplier's batch code of BATCH-001");
    expect(screen.getByTestId('draft-batch').textContent).toBe('LOT7');
    expect(screen.getByTestId('draft-expiry').textContent).toBe('2027-12-31');
    await scan(user, 'MNF-1', /How many box of BATCH-001\? Now 100/);
    await user.click(screen.getByTestId('quantity-ok'));
    await waitFor(() => expect(prompt()).toMatch(/target location/));
    await user.click(screen.getByTestId('target-default'));
    await waitFor(() => expect(prompt()).toBe('Scan the item'));
    expect(progressCalls(calls)[0]?.body).toMatchObject({
      quantity: 100,
      batch: 'LOT7',
      expirationDate: '2027-12-31',
      manufacturingBatch: 'MNF-1',
      targetLocation: null,
    });
  });

  it('resumes a receipt where it was left (recoveredPreviousSession)', async () => {
    fakeServer();
    const user = userEvent.setup();
    const view = renderAt('/goods_receipt/GR-1');
    await waitFor(() => expect(screen.getAllByTestId('receipt-line')).toHaveLength(4));
    await scan(user, 'BATCH-001', /Scan the batch of BATCH-001/);
    view.unmount();
    renderAt('/goods_receipt/GR-1');
    await waitFor(() => expect(prompt()).toMatch(/Scan the batch of BATCH-001/));
    expect(notify).toHaveBeenCalledWith('info', 'goodsReceipt:recoveredPreviousSession', { receipt: 'GR-1' });
  });
});
