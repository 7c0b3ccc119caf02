import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { binLocationEndpoints, defaultSystemSettings, pathOf, stockTransferEndpoints } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp, scan, waitForPrompt, type Call } from './dom-test-support.js';
import { MultiStockTransferApp } from './MultiStockTransferApp.js';
import { StockTransferApp } from './StockTransferApp.js';

const session = vi.hoisted(() => ({ userId: 7 }));
vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ signOut: vi.fn(), hasRole: () => true, me: { user: { id: session.userId } } }),
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
vi.mock('../../platform/live.js', () => ({ useLiveMessage: () => undefined }));

const savedKey = 'wms.workflow.stockTransfer.7';
const lines = (calls: Call[]) => calls.filter((c) => c.path === pathOf(stockTransferEndpoints.lines));
const contentsCalls = (calls: Call[]) =>
  calls.filter((c) => c.path === pathOf(binLocationEndpoints.contents, { code: '01-A01-01' })).length;

// Whole flows typed key by key: give them room on a loaded machine (two cores for all tests).
vi.setConfig({ testTimeout: 15_000 });

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  session.userId = 7;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('stock transfer apps resume after reopening', () => {
  it('reopens at the quantity question with the same summary, then finishes the transfer', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    const first = renderApp(<StockTransferApp />);
    await scan(user, '01-A01-01', 'Scan the item');
    await scan(user, 'ITEM-001', /^How many pcs of ITEM-001\? Now 1/);
    await waitFor(() => expect(localStorage.getItem(savedKey)).toContain('"stepId":"quantity"'));
    first.unmount();

    renderApp(<StockTransferApp />);
    await waitForPrompt(/^How many pcs of ITEM-001\? Now 1/);
    expect(screen.getByTestId('summary-from').textContent).toBe('01-A01-01');
    expect(screen.getByTestId('summary-item').textContent).toBe('ITEM-001 · Hex bolt M8x40');
    // The saved contents may be old: loaded again.
    await waitFor(() => expect(contentsCalls(calls)).toBe(2));
    await scan(user, '5', 'Scan the target location');
    // Back still returns to the questions asked before reopening.
    await user.click(screen.getByTestId('handheld-back'));
    await waitForPrompt(/^How many pcs of ITEM-001\? Now 1/);
    await scan(user, '6', 'Scan the target location');
    await scan(user, '01-P01-01', 'Scan the item');
    expect(lines(calls)[0]?.body).toEqual({
      lines: [{ fromLocation: '01-A01-01', item: 'ITEM-001', batch: null, lot: null, serial: null, quantity: 6 }],
      toLocation: '01-P01-01',
    });
    // The next transfer (same from location) is saved; Cancel removes it.
    await waitFor(() => expect(localStorage.getItem(savedKey)).toContain('"stepId":"item"'));
    await user.click(screen.getByTestId('handheld-cancel'));
    await waitForPrompt('Scan the location to take stock from');
    await waitFor(() => expect(localStorage.getItem(savedKey)).toBeNull());
  });

  it('a reopened app retries a transfer with a lost answer with the same Idempotency-Key', async () => {
    let drop = true;
    const calls = fakeServer((call) => (call.path.endsWith('/lines') && drop ? 'networkError' : undefined));
    const user = userEvent.setup();
    const first = renderApp(<StockTransferApp />);
    await scan(user, '01-A01-01', 'Scan the item');
    await scan(user, 'ITEM-001', /^How many/);
    await scan(user, '5', 'Scan the target location');
    await scan(user, '01-P01-01', 'The transfer did not finish. Press Retry to try again.');
    await waitFor(() => expect(localStorage.getItem(savedKey)).toContain('"failed":true'));
    first.unmount();

    drop = false;
    renderApp(<StockTransferApp />);
    await waitForPrompt('The transfer did not finish. Press Retry to try again.');
    await user.click(await screen.findByTestId('handheld-retry'));
    await waitForPrompt('Scan the item');
    const [lost, retried] = lines(calls);
    expect(retried?.headers['idempotency-key']).toBe(lost?.headers['idempotency-key']);
    expect(retried?.body).toEqual(lost?.body);
  });

  it('resumes for the same user only', async () => {
    fakeServer();
    const user = userEvent.setup();
    const first = renderApp(<StockTransferApp />);
    await scan(user, '01-A01-01', 'Scan the item');
    await waitFor(() => expect(localStorage.getItem(savedKey)).not.toBeNull());
    first.unmount();

    session.userId = 8;
    const other = renderApp(<StockTransferApp />);
    await waitForPrompt('Scan the location to take stock from');
    expect(screen.queryByTestId('summary-from')).toBeNull();
    other.unmount();

    session.userId = 7;
    renderApp(<StockTransferApp />);
    await waitForPrompt('Scan the item');
    expect(screen.getByTestId('summary-from').textContent).toBe('01-A01-01');
  });

  it('the multi stock transfer keeps its collected lines', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    const first = renderApp(<MultiStockTransferApp />);
    await scan(user, '01-A01-01', 'Scan the item');
    await scan(user, 'ITEM-001', /^How many/);
    await scan(user, '4', 'Scan the item');
    await scan(user, 'SERIAL-002', /^How many/);
    await waitFor(() => expect(localStorage.getItem('wms.workflow.multiStockTransfer.7')).toContain('SERIAL-002'));
    first.unmount();

    renderApp(<MultiStockTransferApp />);
    await waitForPrompt(/^How many pcs of SERIAL-002/);
    expect(screen.getAllByTestId('transfer-line')).toHaveLength(1);
    await scan(user, '2', 'Scan the item');
    expect(screen.getAllByTestId('transfer-line')).toHaveLength(2);
    await user.click(screen.getByTestId('choose-target'));
    await scan(user, '01-P01-01', 'Scan the location to take stock from');
    const body = lines(calls)[0]?.body as { lines: { item: string; quantity: number }[] };
    expect(body.lines.map((line) => [line.item, line.quantity])).toEqual([
      ['ITEM-001', 4],
      ['SERIAL-002', 2],
    ]);
    await waitFor(() => expect(localStorage.getItem('wms.workflow.multiStockTransfer.7')).toBeNull());
  });
});
