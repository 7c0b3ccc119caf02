import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSystemSettings, packEndpoints, pickListEndpoints } from '@wms/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  cartoncubeConfigStorageKey,
  defaultCartoncubeConfig,
  type CartoncubeConfig,
} from '../../handheld/peripherals/cartoncube-config.js';
import { notify } from '../../platform/notifications.js';
import { callsTo, fakeServer, packTestHooks, packView, renderApp, waitForPrompt } from './dom-test-support.js';

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

const saveCartoncube = (config: Partial<CartoncubeConfig>) =>
  localStorage.setItem(cartoncubeConfigStorageKey, JSON.stringify({ ...defaultCartoncubeConfig, ...config }));
const testCarton = { driver: 'TEST', testLengthInMm: 410, testWidthInMm: 310, testHeightInMm: 210 } as const;

/** /pack with verification NONE, up to the box question of C1. */
async function atTheBox() {
  const server = { view: { ...packView(), verification: 'NONE' as const } };
  const calls = fakeServer(server);
  const user = userEvent.setup();
  renderApp('/pack');
  const input = screen.getByTestId('scanner-input');
  await user.type(input, 'PL-1{Enter}');
  await waitForPrompt('Pick list PL-1: check the containers below, then press OK');
  await user.click(screen.getByTestId('pd-contents-ok'));
  await waitForPrompt('Close C1: choose a box type or type its size L x W x H in mm');
  return { calls, user, input };
}

const closeBodies = (calls: ReturnType<typeof fakeServer>) =>
  callsTo(calls, pickListEndpoints.closeContainer, { container: 'C1' }).map((call) => call.body);

describe('/pack box step with the cartoncube', () => {
  it('Measure takes the TEST cartoncube size and weight and closes the container without the weight step', async () => {
    saveCartoncube({ ...testCarton, testWeight: 4.2 });
    const { calls, user } = await atTheBox();
    await user.click(screen.getByTestId('pd-measure'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'packAndDelivery:packed', { code: 'PL-1' }));
    expect(notify).toHaveBeenCalledWith('success', 'packAndDelivery:measured', {
      container: 'C1',
      length: 410,
      width: 310,
      height: 210,
    });
    expect(closeBodies(calls)).toEqual([{ weightInMg: 4_200_000, lengthInMm: 410, widthInMm: 310, heightInMm: 210 }]);
    expect(callsTo(calls, packEndpoints.finish, { code: 'PL-1' })).toHaveLength(1);
  });

  it('a cartoncube that does not weigh fills in the size; the weight step then asks (the scale here)', async () => {
    saveCartoncube({ ...testCarton, testWeight: 0 });
    const { calls, user } = await atTheBox();
    await user.click(screen.getByTestId('pd-measure'));
    await waitForPrompt('Weigh C1: type its weight in kg, or press Read scale');
    expect(closeBodies(calls)).toEqual([]);
    await user.click(screen.getByTestId('pd-read-scale'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'packAndDelivery:packed', { code: 'PL-1' }));
    expect(closeBodies(calls)).toEqual([{ weightInMg: 2_500_000, lengthInMm: 410, widthInMm: 310, heightInMm: 210 }]);
  });

  it('a failed measurement is told and the box question stays; OK keeps its behaviour', async () => {
    saveCartoncube({ driver: 'PARCELCUBE', url: '' });
    const { calls, user, input } = await atTheBox();
    await user.click(screen.getByTestId('pd-measure'));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('danger', 'device:peripherals.couldNotConnectToDevice', {}),
    );
    await waitForPrompt('Close C1: choose a box type or type its size L x W x H in mm');
    // The scanner's OK code: the container keeps its size; the weight is asked.
    await user.type(input, '[[OK]{Enter}');
    await waitForPrompt('Weigh C1: type its weight in kg, or press Read scale');
    await user.type(input, '1.5{Enter}');
    await waitFor(() => expect(closeBodies(calls)).toEqual([{ weightInMg: 1_500_000 }]));
  });

  it('offers no Measure without a saved cartoncube', async () => {
    await atTheBox();
    expect(screen.queryByTestId('pd-measure')).toBeNull();
    expect(screen.getByTestId('pd-box-ok')).toBeTruthy();
  });
});
