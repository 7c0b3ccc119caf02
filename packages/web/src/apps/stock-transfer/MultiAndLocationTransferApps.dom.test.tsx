import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSystemSettings, pathOf, stockTransferEndpoints } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { fakeServer, renderApp, scan, waitForPrompt } from './dom-test-support.js';
import { LocationStockTransferApp } from './LocationStockTransferApp.js';
import { MultiStockTransferApp } from './MultiStockTransferApp.js';

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
vi.mock('../../platform/live.js', () => ({ useLiveMessage: () => undefined }));

// Whole flows typed key by key: give them room on a loaded machine (two cores for all tests).
vi.setConfig({ testTimeout: 15_000 });

beforeEach(() => {
  vi.clearAllMocks();
  // jsdom has no layout: give the contents table a viewport so its virtual rows render.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MultiStockTransferApp', () => {
  it('collects removable lines, then moves them to one target in one request', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderApp(<MultiStockTransferApp />);
    await waitForPrompt('Scan the location to take stock from');
    expect(screen.queryByTestId('choose-target')).toBeNull();
    await scan(user, '01-A01-01', 'Scan the item');
    await scan(user, 'ITEM-001', /^How many/);
    await scan(user, '4', 'Scan the item');
    await scan(user, 'SERIAL-002', /^How many/);
    await scan(user, '2', 'Scan the item');
    const list = screen.getByTestId('transfer-lines');
    expect(within(list).getAllByTestId('transfer-line')).toHaveLength(2);
    expect(within(list).getByRole('heading').textContent).toBe('Lines to move (2)');
    await user.click(within(list).getAllByTestId('remove-line')[1]!);
    await waitFor(() => expect(within(list).getAllByTestId('transfer-line')).toHaveLength(1));
    await user.click(screen.getByTestId('choose-target'));
    await waitForPrompt('Scan the target location');
    await scan(user, '01-P01-01', 'Scan the location to take stock from');
    const move = calls.find((c) => c.path === pathOf(stockTransferEndpoints.lines));
    expect(move?.body).toEqual({
      lines: [{ fromLocation: '01-A01-01', item: 'ITEM-001', batch: null, lot: null, serial: null, quantity: 4 }],
      toLocation: '01-P01-01',
    });
    expect(move?.headers['idempotency-key']).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('success', 'handheld:successfullyMoved', {
      quantity: 4,
      item: 'ITEM-001',
      from: '01-A01-01',
      to: '01-P01-01',
    });
    expect(screen.queryAllByTestId('transfer-line')).toHaveLength(0);
  });

  it('asks before Cancel drops collected lines', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp(<MultiStockTransferApp />);
    await scan(user, '01-A01-01', 'Scan the item');
    await scan(user, 'ITEM-001', /^How many/);
    await user.click(screen.getByTestId('quantity-ok'));
    await waitForPrompt('Scan the item');
    await user.click(screen.getByTestId('handheld-cancel'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Drop the 1 collected line?');
    await user.click(within(dialog).getByTestId('confirm'));
    await waitForPrompt('Scan the location to take stock from');
    expect(screen.queryAllByTestId('transfer-line')).toHaveLength(0);
  });
});

describe('LocationStockTransferApp', () => {
  it('shows the from location contents, then moves all of it after the confirmation', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderApp(<LocationStockTransferApp />);
    await waitForPrompt('Scan the location to empty');
    await scan(user, '01-A01-01', 'Scan the location to move everything to');
    const contents = await screen.findByTestId('from-contents');
    expect(within(contents).getByRole('heading').textContent).toBe('Contents of 01-A01-01');
    await waitFor(() => expect(within(contents).getByTestId('location-contents').textContent).toContain('ITEM-001'));
    await scan(user, '01-EMPTY', 'Move everything from 01-A01-01 to 01-EMPTY? Press Move, or scan 01-EMPTY again.');
    await user.click(screen.getByTestId('location-transfer-confirm'));
    await waitForPrompt('Scan the location to empty');
    const move = calls.find((c) => c.path === pathOf(stockTransferEndpoints.location));
    expect(move?.body).toEqual({ fromLocation: '01-A01-01', toLocation: '01-EMPTY' });
    expect(move?.headers['idempotency-key']).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('success', 'handheld:successfullyMovedLocation', {
      from: '01-A01-01',
      to: '01-EMPTY',
    });
  });

  it('refuses a location with nothing to move', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp(<LocationStockTransferApp />);
    await scan(user, '01-EMPTY');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('danger', 'errors:nothingToMove', { code: '01-EMPTY' }));
    await waitForPrompt('Scan the location to empty');
  });
});
