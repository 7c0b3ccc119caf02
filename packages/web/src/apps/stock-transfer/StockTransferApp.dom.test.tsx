import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSystemSettings } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { playSuccessSound } from '../../platform/sounds.js';
import { act } from '@testing-library/react';
import { fakeServer, renderApp, scan, waitForPrompt, type Call, type Override } from './dom-test-support.js';
import { contentRow, pills } from './test-fixtures.js';
import { StockTransferApp } from './StockTransferApp.js';

vi.mock('../../platform/session.js', () => ({ useSession: () => ({ signOut: vi.fn() }) }));
vi.mock('../../platform/config.js', () => ({ useConfig: () => ({ scanner: defaultSystemSettings.scanner }) }));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));
vi.mock('../../platform/sounds.js', () => ({
  playSoftSound: vi.fn(),
  playErrorSound: vi.fn(),
  playSuccessSound: vi.fn(),
  playSerialSound: vi.fn(),
  playBeep: vi.fn(),
}));
const live = vi.hoisted(() => ({ handlers: new Map<string, (message: unknown) => void>() }));
vi.mock('../../platform/live.js', () => ({
  useLiveMessage: (kind: string, handler: (message: unknown) => void) => live.handlers.set(kind, handler),
}));

const lines = (calls: Call[]) => calls.filter((c) => c.path === '/api/v1/operations/stock_transfer/lines');

function start(override?: Override) {
  const calls = fakeServer(override);
  const user = userEvent.setup();
  renderApp(<StockTransferApp />);
  return { calls, user };
}

/** Scans from, item, quantity 5 and the target. */
async function transferFive(user: ReturnType<typeof userEvent.setup>, to = '01-P01-01') {
  await scan(user, '01-A01-01', 'Scan the item');
  await scan(user, 'ITEM-001', /^How many pcs of ITEM-001\? Now 1/);
  await scan(user, '5', 'Scan the target location');
  await scan(user, to);
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StockTransferApp', () => {
  it('moves stock with one question per screen and starts the next transfer from the same location', async () => {
    const { calls, user } = start();
    await waitForPrompt('Scan the location to take stock from');
    expect(document.activeElement).toBe(screen.getByTestId('scanner-input'));
    await transferFive(user);
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'handheld:successfullyMoved', {
        quantity: 5,
        item: 'ITEM-001',
        from: '01-A01-01',
        to: '01-P01-01',
      }),
    );
    expect(playSuccessSound).toHaveBeenCalled();
    const [move] = lines(calls);
    expect(move?.body).toEqual({
      lines: [{ fromLocation: '01-A01-01', item: 'ITEM-001', batch: null, lot: null, serial: null, quantity: 5 }],
      toLocation: '01-P01-01',
    });
    expect(move?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitForPrompt('Scan the item');
    expect(screen.getByTestId('summary-from').textContent).toBe('01-A01-01');
    expect(screen.queryByTestId('summary-item')).toBeNull();
    await user.click(screen.getByTestId('handheld-back'));
    await waitForPrompt('Scan the location to take stock from');
    expect(document.activeElement).toBe(screen.getByTestId('scanner-input'));
  });

  it('shows the collected values as a summary and goes back one question', async () => {
    const { user } = start();
    await scan(user, '01-A01-01', 'Scan the item');
    await scan(user, 'ITEM-001', /^How many/);
    const summary = screen.getByTestId('transfer-summary');
    expect(within(summary).getByTestId('summary-item').textContent).toBe('ITEM-001 · Hex bolt M8x40');
    expect(within(summary).getByTestId('summary-quantity').textContent).toBe('1 pcs');
    await user.click(screen.getByTestId('handheld-back'));
    await waitForPrompt('Scan the item');
    await user.click(screen.getByTestId('handheld-cancel'));
    await waitForPrompt('Scan the location to take stock from');
    expect(screen.queryByTestId('transfer-summary')).toBeNull();
  });

  it('shows an unknown location once as a danger notice, stays, and the right scan continues', async () => {
    const { user } = start();
    await scan(user, 'NOPE');
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    expect(notify).toHaveBeenCalledWith('danger', 'unknownLocation', { code: 'NOPE' });
    await waitForPrompt('Scan the location to take stock from');
    await scan(user, '01-a01-01', 'Scan the item');
    await scan(user, 'UNKNOWN-ITEM');
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(2));
    expect(notify).toHaveBeenLastCalledWith('warning', 'handheld:itemIdentification.unknownItemForCode', {
      code: 'UNKNOWN-ITEM',
    });
    await scan(user, 'ITEM-001', /^How many/);
  });

  it('shows a refusal of the server once, with its args, and asks the quantity again', async () => {
    const { calls, user } = start((call) =>
      call.path.endsWith('/validateRequest')
        ? {
            status: 422,
            json: { status: 422, key: 'notEnoughAvailableStock', args: { itemCode: 'ITEM-001', binCode: '01-A01-01' } },
          }
        : undefined,
    );
    await transferFive(user);
    await waitForPrompt(/^How many/);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('danger', 'errors:notEnoughAvailableStock', {
      itemCode: 'ITEM-001',
      binCode: '01-A01-01',
    });
    expect(lines(calls)).toHaveLength(0);
  });

  it('asks to confirm the QC blocking, then moves and blocks the target with a reason', async () => {
    const { calls, user } = start((call) =>
      call.path.endsWith('/validateRequest')
        ? { status: 200, json: { valid: true, locationsToBlockForQc: ['01-QC'] } }
        : undefined,
    );
    await transferFive(user, '01-QC');
    const dialog = await screen.findByTestId('qc-block-confirm');
    expect(within(dialog).getByTestId('qc-block-locations').textContent).toBe('01-QC');
    expect(lines(calls)).toHaveLength(0);
    await user.click(screen.getByTestId('qc-block-confirm-button'));
    await waitForPrompt('Scan the item');
    const block = calls.find((c) => c.path === '/api/v1/bin_location/01-QC/setBlockStockMovements/true');
    expect(block?.body).toEqual({ reason: 'Holds stock waiting for quality control (stock transfer)' });
    expect(calls.indexOf(block!)).toBeGreaterThan(calls.indexOf(lines(calls)[0]!));
  });

  it('offers a retry after a lost answer and sends the same Idempotency-Key again', async () => {
    let drop = true;
    const { calls, user } = start((call) => (call.path.endsWith('/lines') && drop ? 'networkError' : undefined));
    await transferFive(user);
    await waitForPrompt('The transfer did not finish. Press Retry to try again.');
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('danger', 'errors:networkErrorTooManyRetries', {});
    drop = false;
    await user.click(await screen.findByTestId('handheld-retry'));
    await waitForPrompt('Scan the item');
    const [first, second] = lines(calls);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(notify).toHaveBeenLastCalledWith('success', 'handheld:successfullyMoved', expect.any(Object));
  });

  it('reloads the from location contents on BIN_LOCATION_CHANGED (another batch arrived: no auto-select)', async () => {
    let twoBatches = false;
    const { calls, user } = start((call) =>
      twoBatches && call.path === '/api/v1/bin_location/01-P01-01/contents'
        ? {
            status: 200,
            json: [
              contentRow(pills, 210, {
                batches: [
                  ['B2025-014', 200],
                  ['B2025-015', 10],
                ],
              }),
            ],
          }
        : undefined,
    );
    const contentsCalls = () => calls.filter((c) => c.path === '/api/v1/bin_location/01-P01-01/contents').length;
    await scan(user, '01-P01-01', 'Scan the item');
    twoBatches = true;
    act(() => live.handlers.get('BIN_LOCATION_CHANGED')?.({ payload: { codes: ['01-p01-01'] } }));
    await waitFor(() => expect(contentsCalls()).toBe(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await scan(user, 'BATCH-001', 'Scan the batch of BATCH-001');
  });
});
