import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  defaultSystemSettings,
  deliveryEndpoints,
  packEndpoints,
  packingSlipEndpoints,
  pathOf,
  pickListEndpoints,
} from '@wms/contract';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import {
  callsTo,
  fakeServer,
  packTestHooks,
  packView,
  renderApp,
  waitForPrompt,
  type Server,
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

packTestHooks({ testScale: true });

describe('/pack', () => {
  it('packs a SCAN_ALL list with a batch and a serial item: a wrong item changes nothing, a difference is accepted, the box closes with the scale weight, finish', async () => {
    const server: Server = { view: packView() };
    const calls = fakeServer(server);
    const user = userEvent.setup();
    renderApp('/pack');
    await waitForPrompt('Scan a pick list or one of its containers to pack');
    expect((await screen.findAllByTestId('pack-list-row')).map((row) => row.textContent)).toEqual([
      expect.stringContaining('PL-1'),
    ]);
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'PL-1{Enter}');
    await waitForPrompt('Scan every unit into its container: 0 of 3');

    // A wrong item: the danger notice with its key and args, nothing posted, the step stays.
    await user.type(input, 'BOLT{Enter}');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'handheld:wrongItemScanned', {
        expected: 'MILK, PHONE',
        scanned: 'BOLT',
      }),
    );
    await waitForPrompt('Scan every unit into its container: 0 of 3');
    expect(callsTo(calls, packEndpoints.verify, { code: 'PL-1' })).toEqual([]);

    // A burst: item, batch, serial label, typed without pauses: each handled, in order.
    await user.type(input, 'MILK{Enter}B1{Enter}SN1{Enter}');
    await waitForPrompt('Scan every unit into its container: 2 of 3');
    expect(callsTo(calls, packEndpoints.verify, { code: 'PL-1' }).map((call) => call.body)).toEqual([
      {
        idempotencyKey: expect.stringMatching(/.{8,}/) as unknown,
        container: 'C1',
        item: 'MILK',
        batch: 'B1',
        serial: null,
        quantity: 1,
      },
      {
        idempotencyKey: expect.stringMatching(/.{8,}/) as unknown,
        container: 'C1',
        item: 'PHONE',
        batch: null,
        serial: 'SN1',
        quantity: 1,
      },
    ]);
    const keys = callsTo(calls, packEndpoints.verify, { code: 'PL-1' }).map(
      (call) => (call.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(new Set(keys).size).toBe(2);

    // One MILK is missing: the difference, then accepted.
    await user.click(screen.getByTestId('pd-unit-ok'));
    await waitForPrompt('Missing: 1 × MILK (B1) in C1. Scan again, or accept the difference');
    await user.click(screen.getByTestId('pd-accept-difference'));
    await waitForPrompt('Close C1: choose a box type or type its size L x W x H in mm');
    expect(callsTo(calls, packEndpoints.acceptDifference, { code: 'PL-1' })).toHaveLength(1);

    await user.click(await screen.findByTestId('pd-box-type-S'));
    await waitForPrompt('Weigh C1: type its weight in kg, or press Read scale');
    await user.click(screen.getByTestId('pd-read-scale'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'packAndDelivery:packed', { code: 'PL-1' }));
    expect(callsTo(calls, pickListEndpoints.closeContainer, { container: 'C1' }).map((call) => call.body)).toEqual([
      { weightInMg: 2_500_000, lengthInMm: 300, widthInMm: 200, heightInMm: 150 },
    ]);
    expect(callsTo(calls, packEndpoints.finish, { code: 'PL-1' }).map((call) => call.body)).toEqual([{ version: 3 }]);
    // /pack goes back to its list.
    await waitForPrompt('Scan a pick list or one of its containers to pack');
  });

  it('asks to confirm a partly picked list, then starts it with confirmFlush', async () => {
    const calls = fakeServer({ view: packView(), partlyPicked: true });
    const user = userEvent.setup();
    renderApp('/pack');
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'PL-1{Enter}');
    await waitForPrompt(/^Pick list PL-1 is not fully picked/);
    expect(notify).toHaveBeenCalledWith('warning', 'errors:picklistNotFullyPicked', { status: 'PARTLY_PICKED' });
    await user.click(screen.getByTestId('pd-confirmFlush-ok'));
    await waitForPrompt('Scan every unit into its container: 0 of 3');
    expect(callsTo(calls, packEndpoints.start).map((call) => call.body)).toEqual([
      { scan: 'PL-1', confirmFlush: false },
      { scan: 'PL-1', confirmFlush: true },
    ]);
  });
});

describe('/delivery', () => {
  it('starts on the packed lists; scan and confirm create the delivery and offer its packing slip', async () => {
    const calls = fakeServer({ view: packView() });
    const user = userEvent.setup();
    renderApp('/delivery');
    await waitForPrompt('Scan a packed pick list or one of its containers to deliver');
    expect(await screen.findByTestId('packed-lists')).toBeTruthy();
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'C1{Enter}');
    await waitForPrompt('Deliver pick list PL-1 (Customer one)? Scan it again or press Deliver');
    await user.click(screen.getByTestId('pd-deliverConfirm-ok'));
    await waitForPrompt('Delivery D-1 created. Press OK for the next list');
    expect(notify).toHaveBeenCalledWith('success', 'packAndDelivery:deliveryCreated', {
      code: 'D-1',
      pickList: 'PL-1',
    });
    expect(callsTo(calls, deliveryEndpoints.create).map((call) => call.body)).toEqual([
      { pickList: 'PL-1', idempotencyKey: expect.stringMatching(/.{8,}/) as unknown },
    ]);
    await waitFor(() =>
      expect(calls.some((call) => call.path === pathOf(packingSlipEndpoints.pdf, { code: 'D-1' }))).toBe(true),
    );
    expect(await screen.findByTestId('pd-packing-slip')).toBeTruthy();
  });

  it('shows addressNotValidated as a danger notice and stays', async () => {
    const calls = fakeServer({ view: packView(), deliveryRefusal: 'addressNotValidated' });
    const user = userEvent.setup();
    renderApp('/delivery');
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'PL-1{Enter}');
    await waitForPrompt(/^Deliver pick list PL-1/);
    // The same code again confirms (after the scanner's double-read window).
    await new Promise((resolve) => setTimeout(resolve, 150));
    await user.type(input, 'PL-1{Enter}');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('danger', 'errors:addressNotValidated', {}));
    expect(calls.filter((call) => call.path === pathOf(deliveryEndpoints.create, {}))).toHaveLength(1);
    await waitForPrompt(/^Deliver pick list PL-1/);
  });
});

describe('/pack_and_delivery', () => {
  it('starts on the pack scan and goes on to the delivery after packing', async () => {
    const view = packView();
    fakeServer({ view: { ...view, verification: 'NONE' } });
    const user = userEvent.setup();
    renderApp('/pack_and_delivery');
    await waitForPrompt('Scan a pick list or one of its containers to pack');
    const input = screen.getByTestId('scanner-input');
    await user.type(input, 'PL-1{Enter}');
    await waitForPrompt('Pick list PL-1: check the containers below, then press OK');
    await user.click(screen.getByTestId('pd-contents-ok'));
    await waitForPrompt(/^Close C1/);
    await user.type(input, '300x200x100{Enter}');
    await user.type(input, '1.5{Enter}');
    await waitForPrompt('Deliver pick list PL-1 (Customer one)? Scan it again or press Deliver');
  });
});
