// First: its vi.mock calls must run before the platform modules load.
import '../../handheld/testing/handheld-dom.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { batchCorrectionEndpoints, binLocationEndpoints, itemEndpoints, lookupEndpoints, pathOf } from '@wms/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { BatchCorrectionApp } from './BatchCorrectionApp.js';

vi.setConfig({ testTimeout: 20_000 });

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const notFound = (key: string, args: Record<string, unknown>) => json(404, { status: 404, key, args, message: key });

const buckets = (onHand: number, qcPending = 0) => ({
  onHandQty: onHand,
  freeToMoveQty: onHand - qcPending,
  releasedQty: 0,
  pickQty: 0,
  qcPendingQty: qcPending,
});
const item = {
  code: 'PARA',
  visualCode: 'PARA',
  name: 'Paracetamol',
  units: 'box',
  managedBy: 'BATCH_NUMBER',
  receiptScanPreferences: {
    scanExpirationDate: true,
    scanManufacturingDate: false,
    scanManufacturingBatch: false,
    scanManufacturingSerial: false,
  },
};
const batch = (code: string, qcApproved = true) => ({
  code,
  visualCode: code,
  mnfBatchCode: null,
  admissionDate: null,
  manufacturingDate: null,
  expirationDate: '2027-01-31',
  qualityControlApprovedOrNotRequired: qcApproved,
  itemCode: 'PARA',
  itemName: 'Paracetamol',
});

/** L-01-02 holds 30 of PARA batch A; batch QCB is known and QC-pending; B is new. */
function fakeServer(): Call[] {
  const calls: Call[] = [];
  const answer = (path: string, method: string, body: Record<string, unknown> | undefined): Response => {
    if (path === pathOf(binLocationEndpoints.find, { code: 'L-01-02' })) {
      return json(200, {
        code: 'L-01-02',
        visualCode: 'L-01-02',
        blockStockMovements: false,
        stockMovementRestricted: false,
      });
    }
    if (path === pathOf(binLocationEndpoints.contents, { code: 'L-01-02' })) {
      return json(200, [
        {
          item: { code: 'PARA', visualCode: 'PARA', name: 'Paracetamol', units: 'box' },
          ...buckets(30),
          batches: [{ code: 'A', visualCode: 'A', expirationDate: '2027-01-31', ...buckets(30), serials: [] }],
        },
      ]);
    }
    if (path === pathOf(binLocationEndpoints.find, { code: 'NOWHERE' })) return notFound('unknownLocation', {});
    if (path === pathOf(itemEndpoints.find, { code: 'PARA' }))
      return json(200, { item, matchedBy: 'CODE', quantity: 1 });
    for (const code of ['A', 'QCB']) {
      if (path === pathOf(lookupEndpoints.findBatches, { code })) return json(200, [batch(code, code === 'A')]);
    }
    if (path === pathOf(lookupEndpoints.findBatches, { code: 'B' })) return json(200, []);
    if (path === pathOf(batchCorrectionEndpoints.batchCorrection) && method === 'POST') {
      return json(200, {
        code: 'BC-1',
        location: 'L-01-02',
        item: 'PARA',
        itemName: 'Paracetamol',
        fromBatch: body?.fromBatch,
        toBatch: body?.toBatch,
        toBatchExpiry: body?.toBatchExpiry,
        toBatchCreated: true,
        quantity: body?.quantity,
        releasedCarried: 0,
        pickedCarried: 0,
        reason: body?.reason,
        at: '2026-01-01T00:00:00.000Z',
        username: 'manager',
        replayed: false,
      });
    }
    return notFound('notFound', {});
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const [path = ''] = url.split('?');
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ method, path, body });
      return Promise.resolve(answer(path, method, body));
    }),
  );
  return calls;
}

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/corrections/batch_correction']}>
        <BatchCorrectionApp />
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
const dangers = () => vi.mocked(notify).mock.calls.filter(([variant]) => variant === 'danger');
const successes = () => vi.mocked(notify).mock.calls.filter(([variant]) => variant === 'success');

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/corrections/batch_correction', () => {
  it('corrects 12 of A to a new batch B with its expiry and a reason: wrong scans told at their scan, one success', async () => {
    const calls = fakeServer();
    renderApp();
    await waitForPrompt('Scan the location');
    wedge('NOWHERE');
    await waitFor(() => expect(dangers().at(-1)?.[1]).toBe('unknownLocation'));
    wedge('L-01-02');
    await waitForPrompt('Scan the item at L-01-02');
    wedge('PARA');
    await waitForPrompt('Scan the recorded batch of PARA at L-01-02');
    wedge('QCB');
    await waitFor(() =>
      expect(dangers().at(-1)?.slice(1)).toEqual([
        'batchCorrection:batchNotOnLocation',
        { batch: 'QCB', location: 'L-01-02' },
      ]),
    );
    wedge('A');
    await waitForPrompt('How much of batch A is wrong? 0 of 30 box');
    wedge('31');
    await waitFor(() => expect(dangers().at(-1)?.[1]).toBe('batchCorrection:quantityAboveRecorded'));
    wedge('12');
    await waitForPrompt('Scan the correct batch (instead of A)');
    wedge('A');
    await waitFor(() => expect(dangers().at(-1)?.[1]).toBe('sameBatchInCorrection'));
    wedge('QCB');
    await waitFor(() => expect(dangers().at(-1)?.[1]).toBe('cannotMixQcStatusInCorrection'));
    wedge('B');
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith('warning', 'batchCorrection:newBatchScanAgain', {
        batch: 'B',
        item: 'PARA',
      }),
    );
    // The second scan of the new code (a person, not a scanner's double read) confirms it.
    await new Promise((resolve) => setTimeout(resolve, 150));
    wedge('B');
    await waitForPrompt('Enter the expiry date of new batch B');
    wedge('2027-06-30');
    await waitForPrompt('Choose the reason');
    fireEvent.click(screen.getByTestId('reason-LABEL_ERROR'));
    await waitForPrompt('Confirm: 12 × A → B at L-01-02');
    expect(screen.getByTestId('batch-correction-confirm').textContent).toContain('12 × A → B at L-01-02');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('batch-correction-ok'));
    await waitForPrompt('Scan the location');

    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      location: 'L-01-02',
      item: 'PARA',
      fromBatch: 'A',
      toBatch: 'B',
      toBatchExpiry: '2027-06-30',
      quantity: 12,
      reason: 'LABEL_ERROR',
    });
    expect(typeof posts[0]!.body?.idempotencyKey).toBe('string');
    expect(successes()).toEqual([
      ['success', 'batchCorrection:corrected', { quantity: 12, fromBatch: 'A', toBatch: 'B', location: 'L-01-02' }],
    ]);
    expect(dangers()).toHaveLength(5);
    expect(document.activeElement).toBe(screen.getByTestId('scanner-input'));
  });
});
