import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { binLocationEndpoints, defaultSystemSettings, pathOf, stockTransferEndpoints } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { playSoftSound, playSuccessSound } from '../../platform/sounds.js';
import { act } from '@testing-library/react';
import {
  defaultAnswer,
  fakeServer,
  renderApp,
  scan,
  waitForPrompt,
  type Call,
  type Override,
} from './dom-test-support.js';
import { contentRow, locations, pills } from './test-fixtures.js';
import { StockTransferApp } from './StockTransferApp.js';

vi.mock('../../platform/session.js', () => ({ useSession: () => ({ signOut: vi.fn(), hasRole: () => true }) }));
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

const locationOf = (call: Call) => locations.find((l) => call.path.endsWith(`/${l.code}`))!;
const lines = (calls: Call[]) => calls.filter((c) => c.path === pathOf(stockTransferEndpoints.lines));

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

// Whole flows typed key by key: give them room on a loaded machine (two cores for all tests).
vi.setConfig({ testTimeout: 15_000 });

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
    const block = calls.find(
      (c) => c.path === pathOf(stockTransferEndpoints.setBlockStockMovements, { code: '01-QC', block: 'true' }),
    );
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
      twoBatches && call.path === pathOf(binLocationEndpoints.contents, { code: '01-P01-01' })
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
    const contentsCalls = () =>
      calls.filter((c) => c.path === pathOf(binLocationEndpoints.contents, { code: '01-P01-01' })).length;
    await scan(user, '01-P01-01', 'Scan the item');
    twoBatches = true;
    act(() => live.handlers.get('BIN_LOCATION_CHANGED')?.({ payload: { codes: ['01-p01-01'] } }));
    await waitFor(() => expect(contentsCalls()).toBe(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await scan(user, 'BATCH-001', 'Scan the batch of BATCH-001');
  });

  it('a burst of rounds typed while each move is in flight: one success message per committed move', async () => {
    const { calls, user } = start((call) =>
      call.path.endsWith('/lines') ? ({ ...(defaultAnswer(call) as object), delayMs: 150 } as never) : undefined,
    );
    await scan(user, '01-A01-01', 'Scan the item');
    // A wedge scanner types a whole code at once: each scan is one change and Enter, all three
    // rounds before the first move answers.
    const input = screen.getByTestId('scanner-input');
    for (const quantity of ['1', '2', '3'])
      for (const text of ['ITEM-001', quantity, '01-P01-01']) {
        fireEvent.change(input, { target: { value: text } });
        fireEvent.submit(input.closest('form')!);
      }
    await waitFor(() => expect(lines(calls)).toHaveLength(3));
    await waitForPrompt('Scan the item');
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Working…' })).toBeNull());
    expect(lines(calls).map((call) => (call.body as { lines: { quantity: number }[] }).lines[0]!.quantity)).toEqual([
      1, 2, 3,
    ]);
    const successes = vi.mocked(notify).mock.calls.filter(([variant]) => variant === 'success');
    expect(successes.map(([, , args]) => (args as { quantity: number }).quantity)).toEqual([1, 2, 3]);
    expect(notify).toHaveBeenCalledTimes(3);
  });

  it('counts the item scanned again; a double read is ignored with a hint and a short sound', async () => {
    const { user } = start();
    await scan(user, '01-A01-01', 'Scan the item');
    // The same location again at once: a double read (1 s at the item question).
    await scan(user, '01-A01-01');
    await waitFor(() =>
      expect(screen.getByTestId('scanner-hint').textContent).toBe(
        '01-A01-01 ignored: the same scan came again too soon (a double read). Wait a moment and scan again.',
      ),
    );
    expect(playSoftSound).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
    await scan(user, 'ITEM-001', /Now 1:/);
    expect(screen.getByTestId('scanner-hint').textContent).toBe('');
    for (let count = 2; count <= 5; count += 1) {
      await new Promise((resolve) => setTimeout(resolve, 120));
      await scan(user, 'ITEM-001', new RegExp(`Now ${count}:`));
    }
    expect(screen.getByTestId('summary-quantity').textContent).toBe('5 pcs');
  });

  it('tells a blocked location with its reason at the location question, and OK confirms an expired batch', async () => {
    const { user } = start((call) => {
      if (call.path === pathOf(binLocationEndpoints.find, { code: '01-A01-01' }))
        return {
          status: 200,
          json: { ...locationOf(call), blockStockMovements: true, blockStockMovementsReason: 'Rack' },
        };
      if (call.path === pathOf(binLocationEndpoints.contents, { code: '01-P01-01' }))
        return {
          status: 200,
          json: [contentRow(pills, 200, { batches: [['B2025-014', 200]] })].map((row) => ({
            ...row,
            batches: row.batches.map((batch) => ({ ...batch, expirationDate: '2020-01-31' })),
          })),
        };
      return undefined;
    });
    await scan(user, '01-A01-01');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'stockTransfer:locationBlocked', {
        code: '01-A01-01',
        reason: 'Rack',
      }),
    );
    await waitForPrompt('Scan the location to take stock from');
    await scan(user, '01-P01-01', 'Scan the item');
    await scan(
      user,
      'BATCH-001',
      'BATCH-001 B2025-014 has expired. Press OK to move it anyway, or scan another batch.',
    );
    expect(notify).toHaveBeenLastCalledWith('warning', 'stockTransfer:expiredStock', {
      item: 'BATCH-001',
      code: 'B2025-014',
      date: '2020-01-31',
    });
    await user.click(screen.getByTestId('quantity-ok'));
    await waitForPrompt(/^How many box of BATCH-001\?/);
  });
});
