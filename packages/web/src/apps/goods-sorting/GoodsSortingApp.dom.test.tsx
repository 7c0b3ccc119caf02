// First: its vi.mock calls must run before the platform modules load.
import '../../handheld/testing/handheld-dom.js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { playSuccessSound } from '../../platform/sounds.js';
import { GoodsSortingApp } from './GoodsSortingApp.js';
import {
  fakeServer,
  moves,
  renderAt,
  scan,
  staging,
  suggests,
  waitForPrompt,
  type Call,
  type Override,
} from './sorting-dom-support.js';

// Whole flows typed key by key: give them room on a loaded machine (two cores for all tests).
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  vi.clearAllMocks();
  staging.reset();
});
afterEach(() => vi.unstubAllGlobals());

const refusal = (status: number, key: string, args: Record<string, unknown>) => ({
  status,
  json: { status, key, args, message: key },
});

function start(path = '/goods_sorting', override?: Override) {
  const calls = fakeServer(override);
  const user = userEvent.setup();
  renderAt(path, <GoodsSortingApp />);
  return { calls, user };
}

/** Staging location, item, the proposed quantity confirmed: the destination question is asked. */
async function upToDestination(user: ReturnType<typeof userEvent.setup>, item = 'ITEM-001') {
  await waitForPrompt('Scan the staging location or cart to sort');
  await scan(user, '01-RECEIVE', 'Scan an item from 01-RECEIVE');
  await scan(user, item, new RegExp(`^How many pcs of ${item}\\? Now \\d+`));
  await user.click(screen.getByTestId('quantity-ok'));
}

const bodyOf = (call: Call | undefined) => call?.body as Record<string, unknown>;

describe('goods sorting by item (/goods_sorting)', () => {
  it('lists the staging location oldest first, proposes a destination with its reason and moves there', async () => {
    const { calls, user } = start();
    await waitForPrompt('Scan the staging location or cart to sort');
    expect(document.activeElement).toBe(screen.getByTestId('scanner-input'));
    await scan(user, '01-RECEIVE', 'Scan an item from 01-RECEIVE');
    const rows = within(screen.getByTestId('staging-list')).getAllByTestId('staging-line');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('ITEM-002'),
      expect.stringContaining('ITEM-001'),
    ]);

    await scan(user, 'ITEM-001', /^How many pcs of ITEM-001\? Now 10/);
    expect(bodyOf(suggests(calls)[0])).toEqual({ location: '01-RECEIVE', item: 'ITEM-001', batch: null, serial: null });
    expect(screen.getByTestId('summary-proposed').textContent).toBe('01-P01-01 · enforced default location');
    await user.click(screen.getByTestId('quantity-ok'));
    await waitForPrompt('Scan the destination: 01-P01-01 (enforced default location)');
    await scan(user, '01-P01-01', 'Scan an item from 01-RECEIVE');

    const [move] = moves(calls);
    expect(bodyOf(move)).toEqual({
      from: '01-RECEIVE',
      to: '01-P01-01',
      item: 'ITEM-001',
      batch: null,
      serial: null,
      quantity: 10,
      confirmed: false,
    });
    expect(move?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('success', 'handheld:successfullyMoved', {
      quantity: 10,
      item: 'ITEM-001',
      from: '01-RECEIVE',
      to: '01-P01-01',
    });
    expect(playSuccessSound).toHaveBeenCalledTimes(1);
    // The staging content is loaded again: the moved row is gone.
    await waitFor(() => expect(screen.getAllByTestId('staging-line')).toHaveLength(1));
    expect(screen.getByTestId('summary-from').textContent).toBe('01-RECEIVE');
    expect(screen.queryByTestId('summary-item')).toBeNull();
  });

  it('asks to scan another destination again (destinationNeedsConfirmation), then sends confirmed', async () => {
    const { calls, user } = start('/goods_sorting', (call) =>
      call.path.endsWith('/move') && !bodyOf(call).confirmed
        ? refusal(422, 'destinationNeedsConfirmation', { proposed: '01-P01-01' })
        : undefined,
    );
    await upToDestination(user, 'ITEM-002');
    await waitForPrompt('Scan the destination: 01-P01-01 (default location)');
    await scan(
      user,
      '01-A01-01',
      'Scan 01-A01-01 again to put the goods there instead of 01-P01-01, or scan another destination',
    );
    expect(notify).toHaveBeenCalledWith('warning', 'errors:destinationNeedsConfirmation', { proposed: '01-P01-01' });
    // A person rescans after reading the warning: later than the scanner's double-read window (80 ms),
    // inside which the same code is one label read twice.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await scan(user, '01-A01-01', 'Scan an item from 01-RECEIVE');
    const [first, second] = moves(calls);
    expect(bodyOf(first)).toMatchObject({ to: '01-A01-01', confirmed: false });
    expect(bodyOf(second)).toMatchObject({ to: '01-A01-01', confirmed: true, quantity: 4 });
    // A refused request is answered: the confirmed one is a new request with a new key.
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
    expect(notify).toHaveBeenLastCalledWith(
      'success',
      'handheld:successfullyMoved',
      expect.objectContaining({ to: '01-A01-01' }),
    );
  });

  it('asks a manager when the enforced default location is left; refused credentials ask again', async () => {
    const { calls, user } = start('/goods_sorting', (call) => {
      if (!call.path.endsWith('/move')) return undefined;
      const approval = bodyOf(call).managerApproval as { username: string; password: string } | undefined;
      if (!approval) return refusal(422, 'enforcedDefaultLocation', { location: '01-P01-01' });
      if (approval.password !== 'manager') return refusal(422, 'invalidLoginDetails', {});
      return undefined;
    });
    await upToDestination(user);
    await waitForPrompt(/^Scan the destination: 01-P01-01/);
    await scan(user, '01-A01-01');
    const dialog = await screen.findByTestId('manager-approval');
    expect(within(dialog).getByTestId('manager-approval-reason').textContent).toBe(
      "This item belongs in its enforced default location 01-P01-01. Another location needs a manager's approval.",
    );
    await user.type(within(dialog).getByLabelText('Manager username'), 'manager');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByTestId('manager-approval-ok'));
    await waitFor(() =>
      expect(screen.getByTestId('manager-approval-reason').textContent).toBe('Invalid username or password.'),
    );
    const again = screen.getByTestId('manager-approval');
    await user.type(within(again).getByLabelText('Manager username'), 'manager');
    await user.type(within(again).getByLabelText('Password'), 'manager');
    await user.click(within(again).getByTestId('manager-approval-ok'));
    await waitForPrompt('Scan an item from 01-RECEIVE');
    expect(screen.queryByTestId('manager-approval')).toBeNull();

    const sent = moves(calls);
    expect(sent.map((call) => bodyOf(call).managerApproval)).toEqual([
      undefined,
      { username: 'manager', password: 'wrong' },
      { username: 'manager', password: 'manager' },
    ]);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('success', 'goodsSorting:movedWithApproval', {
      quantity: 10,
      item: 'ITEM-001',
      from: '01-RECEIVE',
      to: '01-A01-01',
      manager: 'manager',
    });
    expect(JSON.stringify(localStorage)).not.toContain('manager');
  });

  it('cancelling the manager dialog moves nothing and asks the destination again', async () => {
    const { calls, user } = start('/goods_sorting', (call) =>
      call.path.endsWith('/move') ? refusal(422, 'enforcedDefaultLocation', { location: '01-P01-01' }) : undefined,
    );
    await upToDestination(user);
    await scan(user, '01-A01-01');
    await user.click(within(await screen.findByTestId('manager-approval')).getByTestId('manager-approval-cancel'));
    await waitForPrompt('Scan the destination: 01-P01-01 (enforced default location)');
    expect(notify).toHaveBeenCalledWith('danger', 'errors:enforcedDefaultLocation', { location: '01-P01-01' });
    expect(moves(calls)).toHaveLength(1);
  });

  it('refuses a wrong scan at each question with a danger notice; the question stays and nothing moves', async () => {
    const { calls, user } = start();
    await waitForPrompt('Scan the staging location or cart to sort');
    await scan(user, 'NOPE');
    await waitFor(() => expect(notify).toHaveBeenLastCalledWith('danger', 'unknownLocation', { code: 'NOPE' }));
    await scan(user, '01-A01-01');
    await waitFor(() =>
      expect(notify).toHaveBeenLastCalledWith('danger', 'goodsSorting:stagingEmpty', { location: '01-A01-01' }),
    );
    await waitForPrompt('Scan the staging location or cart to sort');

    await scan(user, '01-RECEIVE', 'Scan an item from 01-RECEIVE');
    await scan(user, 'ITEM-009');
    await waitFor(() =>
      expect(notify).toHaveBeenLastCalledWith('danger', 'goodsSorting:itemNotInStaging', {
        item: 'ITEM-009',
        location: '01-RECEIVE',
      }),
    );
    await waitForPrompt('Scan an item from 01-RECEIVE');
    expect(suggests(calls)).toHaveLength(0);

    await scan(user, 'ITEM-002', /^How many pcs of ITEM-002\? Now 4/);
    await scan(user, '5');
    await waitFor(() =>
      expect(notify).toHaveBeenLastCalledWith(
        'danger',
        'goodsSorting:quantityAboveAvailable',
        expect.objectContaining({ quantity: 5, available: 4 }),
      ),
    );
    await waitForPrompt(/^How many pcs of ITEM-002\? Now 4/);
    await scan(user, '3', 'Scan the destination: 01-P01-01 (default location)');
    await scan(user, '01-BLOCKED');
    await waitFor(() =>
      expect(notify).toHaveBeenLastCalledWith('danger', 'errors:stockMovementsBlocked', { code: '01-BLOCKED' }),
    );
    await scan(user, '01-RECEIVE');
    await waitFor(() =>
      expect(notify).toHaveBeenLastCalledWith('danger', 'errors:sameSourceAndTarget', { code: '01-RECEIVE' }),
    );
    await waitForPrompt('Scan the destination: 01-P01-01 (default location)');
    expect(moves(calls)).toHaveLength(0);
    await scan(user, '01-P01-01', 'Scan an item from 01-RECEIVE');
    expect(bodyOf(moves(calls)[0])).toMatchObject({ item: 'ITEM-002', quantity: 3, to: '01-P01-01' });
  });
});

describe('goods sorting by location (/goods_sorting/location)', () => {
  it('takes the destination first, then item after item to it, until another location is scanned', async () => {
    const { calls, user } = start('/goods_sorting/location');
    await waitForPrompt('Scan the staging location or cart to sort');
    await scan(user, '01-RECEIVE', 'Scan the destination to fill');
    await scan(user, '01-P01-01', 'Scan the next item to put on 01-P01-01, or another destination');
    await scan(user, 'ITEM-002', /^How many pcs of ITEM-002\? Now 4/);
    await user.click(screen.getByTestId('quantity-ok'));
    await waitForPrompt('Scan the next item to put on 01-P01-01, or another destination');
    await scan(user, '01-A01-01', 'Scan the next item to put on 01-A01-01, or another destination');
    expect(notify).toHaveBeenLastCalledWith('info', 'goodsSorting:destinationChanged', { code: '01-A01-01' });
    await scan(user, 'ITEM-001', /^How many pcs of ITEM-001\? Now 10/);
    await user.click(screen.getByTestId('quantity-ok'));
    // Everything sorted: the next staging location is asked, the destination kept.
    await waitForPrompt('Scan the staging location or cart to sort');
    expect(moves(calls).map((call) => [bodyOf(call).item, bodyOf(call).to])).toEqual([
      ['ITEM-002', '01-P01-01'],
      ['ITEM-001', '01-A01-01'],
    ]);
    expect(notify).toHaveBeenCalledWith('info', 'goodsSorting:stagingDone', { location: '01-RECEIVE' });
    expect(screen.getByTestId('summary-to').textContent).toBe('01-A01-01');
  });
});
