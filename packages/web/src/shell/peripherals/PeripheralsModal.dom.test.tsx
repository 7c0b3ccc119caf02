import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConfigAnswer } from '@wms/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cartoncubeConfigStorageKey } from '../../handheld/peripherals/cartoncube-config.js';
import { CartoncubeManager } from '../../handheld/peripherals/cartoncube-manager.js';
import { scaleConfigStorageKey } from '../../handheld/peripherals/scale-config.js';
import { ScaleManager } from '../../handheld/peripherals/scale-manager.js';
import { ConfigProvider, type BootData } from '../../platform/config.js';
import { notify } from '../../platform/notifications.js';
import { PeripheralsModal } from './PeripheralsModal.js';

vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));

function renderModal() {
  const boot = {
    config: { runtimeType: 'TEST' } as ConfigAnswer,
    version: '1.0.0',
    ipRules: { ip: '127.0.0.1', policy: 'ALLOW', twoFactorRequired: false, blocked: false },
  } satisfies BootData;
  const scale = new ScaleManager();
  const cartoncube = new CartoncubeManager();
  render(
    <ConfigProvider value={boot}>
      <PeripheralsModal onHide={vi.fn()} manager={scale} cartoncube={cartoncube} />
    </ConfigProvider>,
  );
  return { user: userEvent.setup(), scale, cartoncube };
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('PeripheralsModal', () => {
  it('adds a cartoncube beside the scale: its maintenance panel measures with the TEST driver; connect, disconnect, delete', async () => {
    const { user, cartoncube } = renderModal();
    await user.click(within(screen.getByTestId('peripherals-empty')).getByTestId('peripheral-add-cartoncube'));
    const row = await screen.findByTestId('peripheral-cartoncube');
    expect(localStorage.getItem(cartoncubeConfigStorageKey)).not.toBeNull();
    // Added: its settings are open; the scale can still be added.
    const panel = within(row).getByTestId('cartoncube-settings');
    expect(
      within(row).getByText('Automatic (TEST on a test server, PARCELCUBE otherwise)', { selector: 'small' }),
    ).toBeTruthy();
    await user.clear(within(panel).getByLabelText('Test length (mm)'));
    await user.type(within(panel).getByLabelText('Test length (mm)'), '555');
    await user.click(within(panel).getByTestId('cartoncube-test'));
    expect((await within(panel).findByTestId('cartoncube-measured')).textContent).toBe(
      'Measured: 555 × 300 × 200 mm, 3.5 kg',
    );
    expect(cartoncube.connected).toBe(true);
    await user.click(within(row).getByTestId('peripheral-disconnect'));
    await user.click(within(row).getByTestId('peripheral-connect'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'device:peripheralsManager.connectedMessage'));
    expect(within(row).getByTestId('peripheral-status').textContent).toBe('Connected');

    await user.click(screen.getByTestId('peripheral-add-scale'));
    expect(await screen.findByTestId('peripheral-scale')).toBeTruthy();
    expect(screen.queryByTestId('peripheral-add-cartoncube')).toBeNull();

    await user.click(within(row).getByTestId('peripheral-delete'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(within(confirm).getByText('Delete the cartoncube saved on this device?')).toBeTruthy();
    await user.click(within(confirm).getByTestId('confirm'));
    await waitFor(() => expect(screen.queryByTestId('peripheral-cartoncube')).toBeNull());
    expect(localStorage.getItem(cartoncubeConfigStorageKey)).toBeNull();
    expect(localStorage.getItem(scaleConfigStorageKey)).not.toBeNull();
    expect(cartoncube.connected).toBe(false);
    expect(screen.getByTestId('peripheral-add-cartoncube')).toBeTruthy();
  });

  it('PARCELCUBE asks for the device URL and refuses to connect without one', async () => {
    const { user } = renderModal();
    await user.click(screen.getByTestId('peripheral-add-cartoncube'));
    const panel = await screen.findByTestId('cartoncube-settings');
    await user.selectOptions(within(panel).getByLabelText('Cartoncube driver'), 'PARCELCUBE');
    const url = within(panel).getByLabelText<HTMLInputElement>('Device URL');
    expect(url.classList.contains('is-invalid')).toBe(true);
    expect(within(panel).getByTestId<HTMLButtonElement>('cartoncube-test').disabled).toBe(true);
    await user.type(url, 'http://cube.local/measure');
    await user.clear(within(panel).getByLabelText('Dimension multiplier (device unit to mm)'));
    await user.type(within(panel).getByLabelText('Dimension multiplier (device unit to mm)'), '10');
    expect(JSON.parse(localStorage.getItem(cartoncubeConfigStorageKey) ?? '{}')).toMatchObject({
      driver: 'PARCELCUBE',
      url: 'http://cube.local/measure',
      dimensionMultiplier: 10,
    });
    expect(within(panel).getByTestId<HTMLButtonElement>('cartoncube-test').disabled).toBe(false);
  });
});
