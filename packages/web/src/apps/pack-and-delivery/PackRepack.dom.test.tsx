import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSystemSettings, packEndpoints, type PackView } from '@wms/contract';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import {
  callsTo,
  container,
  content,
  fakeServer,
  packTestHooks,
  packView,
  renderApp,
  waitForPrompt,
} from './dom-test-support.js';

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

packTestHooks({ testScale: false });

/** PL-1 with C1 (2 × MILK B1, PHONE SN1) and C2 (3 × BOLT). */
function twoBoxes(): PackView {
  const view = packView();
  return {
    ...view,
    containers: [...view.containers, container('C2', [content('BOLT', null, null, 3)])],
  };
}

const repackCalls = (calls: ReturnType<typeof fakeServer>) =>
  callsTo(calls, packEndpoints.repack, { code: 'PL-1' }).map((call) => call.body);
const repackedNotices = () => vi.mocked(notify).mock.calls.filter((call) => call[1] === 'packAndDelivery:repacked');
const contentsOf = (code: string) =>
  screen.getAllByTestId('pack-container').find((box) => box.textContent.startsWith(code))?.textContent ?? '';

describe('/pack repack', () => {
  it('moves units between containers: wrong scans are told and change nothing, back and cancel work, one call per repack', async () => {
    const server = { view: twoBoxes(), otherListContainers: ['X9'] };
    const calls = fakeServer(server);
    const user = userEvent.setup();
    renderApp('/pack');
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'PL-1{Enter}');
    await waitForPrompt('Scan every unit into its container: 0 of 6');

    await user.click(screen.getByTestId('pd-repack'));
    await waitForPrompt('Repack in PL-1: scan the container to take units out of');
    // A container that is not one of the list's.
    await user.type(input, 'X9{Enter}');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'packAndDelivery:notAContainerOfList', {
        code: 'X9',
        pickList: 'PL-1',
      }),
    );
    await user.type(input, 'C1{Enter}');
    await waitForPrompt('Repack from C1: scan a unit');
    // An item of the list that is not in this container.
    await user.type(input, 'BOLT{Enter}');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'packAndDelivery:unitNotInContainer', {
        item: 'BOLT',
        code: '',
        container: 'C1',
      }),
    );
    await waitForPrompt('Repack from C1: scan a unit');
    await user.type(input, 'MILK{Enter}');
    await waitForPrompt('Scan the batch of MILK');
    await user.type(input, 'B1{Enter}');
    await waitForPrompt('How many MILK B1 move out of C1? It holds 2');
    // More than the container holds.
    await user.type(input, '3{Enter}');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'packAndDelivery:moreThanHeld', {
        quantity: 3,
        held: 2,
        item: 'MILK',
        container: 'C1',
      }),
    );
    await user.type(input, '2{Enter}');
    await waitForPrompt(/^Move 2 × MILK from C1: scan the target container/);
    // The container the units leave, then a container of another list (the server's refusal).
    await user.type(input, 'C1{Enter}');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'packAndDelivery:sameContainer', { container: 'C1' }),
    );
    await user.type(input, 'X9{Enter}');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'errors:containerBelongsToOtherPicklist', {
        container: 'X9',
        picklist: 'PL-2',
      }),
    );
    await waitForPrompt(/^Move 2 × MILK from C1/);
    expect(contentsOf('C1')).toContain('MILK B1');
    expect(repackedNotices()).toEqual([]);

    // Back to the quantity: one instead of two, into a new box.
    await user.click(screen.getByTestId('handheld-back'));
    await waitForPrompt('How many MILK B1 move out of C1? It holds 2');
    await user.type(input, '1{Enter}');
    await waitForPrompt(/^Move 1 × MILK from C1/);
    await user.type(input, 'NEWBOX{Enter}');
    await waitForPrompt('Scan every unit into its container: 0 of 6');
    expect(repackedNotices()).toEqual([
      ['success', 'packAndDelivery:repacked', { quantity: 1, item: 'MILK', from: 'C1', to: 'NEWBOX' }],
    ]);
    expect(repackCalls(calls).at(-1)).toEqual({
      idempotencyKey: expect.stringMatching(/.{8,}/) as unknown,
      from: 'C1',
      to: 'NEWBOX',
      item: 'MILK',
      batch: 'B1',
      serial: null,
      quantity: 1,
    });
    expect(contentsOf('NEWBOX')).toContain('MILK B1');

    // Cancel during a repack goes back to packing, not to the list scan.
    await user.click(screen.getByTestId('pd-repack'));
    await user.type(input, 'C2{Enter}');
    await waitForPrompt('Repack from C2: scan a unit');
    await user.click(screen.getByTestId('handheld-cancel'));
    await waitForPrompt('Scan every unit into its container: 0 of 6');

    // A serial: one unit, no quantity asked.
    await user.click(screen.getByTestId('pd-repack'));
    await user.type(input, 'C1{Enter}');
    await waitForPrompt('Repack from C1: scan a unit');
    await user.type(input, 'SN1{Enter}');
    await waitForPrompt(/^Move 1 × PHONE from C1/);
    await user.type(input, 'C2{Enter}');
    await waitForPrompt('Scan every unit into its container: 0 of 6');
    expect(repackCalls(calls).at(-1)).toMatchObject({
      from: 'C1',
      to: 'C2',
      item: 'PHONE',
      serial: 'SN1',
      quantity: 1,
    });
    expect(repackedNotices()).toHaveLength(2);
    expect(contentsOf('C2')).toContain('PHONE');
    // Three calls in all: the refused one to X9 and the two repacks.
    expect(repackCalls(calls)).toHaveLength(3);
  });
});
