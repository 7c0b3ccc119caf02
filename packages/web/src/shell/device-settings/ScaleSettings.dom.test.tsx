import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConfigAnswer, RuntimeType } from '@wms/contract';
import { describe, expect, it, vi } from 'vitest';
import { ConfigProvider, type BootData } from '../../platform/config.js';
import { scaleConfigStorageKey } from '../../handheld/peripherals/scale-config.js';
import type { ScaleDriver, ScaleReading } from '../../handheld/peripherals/scale-driver.js';
import { ScaleError } from '../../handheld/peripherals/scale-errors.js';
import { ScaleManager } from '../../handheld/peripherals/scale-manager.js';
import { ScaleSettings } from './ScaleSettings.js';

/** A scale whose connect and read the test decides. */
class FakeDriver implements ScaleDriver {
  connected = false;
  connectResult: ScaleError | null = null;
  readResult: ScaleReading | ScaleError = { weight: 7.25, unit: 'kg' };
  constructor(private readonly onChange: () => void) {}
  async connect() {
    if (this.connectResult) throw this.connectResult;
    this.connected = true;
    this.onChange();
  }
  async read() {
    if (this.readResult instanceof ScaleError) throw this.readResult;
    return this.readResult;
  }
  disconnect() {
    this.connected = false;
    this.onChange();
  }
}

function renderPanel(runtimeType: RuntimeType, manager = new ScaleManager()) {
  const boot = {
    config: { runtimeType } as ConfigAnswer,
    version: '1.0.0',
    ipRules: { ip: '127.0.0.1', policy: 'ALLOW', twoFactorRequired: false, blocked: false },
  } satisfies BootData;
  render(
    <ConfigProvider value={boot}>
      <ScaleSettings manager={manager} />
    </ConfigProvider>,
  );
  return { user: userEvent.setup(), manager };
}

function withFakeDriver() {
  let driver: FakeDriver | undefined;
  const manager = new ScaleManager((_type, _config, _settings, onChange) => (driver = new FakeDriver(onChange)));
  return { manager, driver: () => driver! };
}

const stored = (): unknown => JSON.parse(localStorage.getItem(scaleConfigStorageKey) ?? 'null');

describe('ScaleSettings', () => {
  it('on a TEST server uses the TEST scale by default: Test connects and shows the configured weight', async () => {
    const { user } = renderPanel('TEST');
    expect(screen.getByLabelText<HTMLSelectElement>('Scale driver').value).toBe('AUTO');
    expect(screen.getByTestId('scale-status').textContent).toBe('Not connected');
    expect(screen.getByLabelText<HTMLInputElement>('Test weight (kg)').value).toBe('1.234');
    expect(screen.queryByLabelText('Service UUID')).toBeNull();
    await user.click(screen.getByTestId('scale-test'));
    expect((await screen.findByTestId('scale-weight')).textContent).toBe('Weight: 1.234 kg');
    expect(screen.getByTestId('scale-status').textContent).toBe('Connected');
  });

  it('stores a changed test weight (decimal comma too) and reads it; an invalid one disables Test', async () => {
    const { user } = renderPanel('TEST');
    const weight = screen.getByLabelText('Test weight (kg)');
    await user.clear(weight);
    await user.type(weight, 'abc');
    expect(weight.classList.contains('is-invalid')).toBe(true);
    expect(weight.nextElementSibling?.className).toBe('invalid-feedback');
    expect(weight.nextElementSibling?.textContent).toBe('Enter a weight of 0 or more.');
    expect(screen.getByTestId<HTMLButtonElement>('scale-test').disabled).toBe(true);
    await user.clear(weight);
    await user.type(weight, '2,5');
    expect(stored()).toMatchObject({ testWeight: 2.5 });
    await user.click(screen.getByTestId('scale-test'));
    expect((await screen.findByTestId('scale-weight')).textContent).toBe('Weight: 2.5 kg');
  });

  it('shows the Bluetooth settings with their defaults and stores valid UUIDs in full form', async () => {
    const { user } = renderPanel('PRODUCTION');
    expect(screen.getByRole('alert').textContent).toBe(
      'This browser has no Web Bluetooth. Use Chrome or Edge over HTTPS, or switch on its Bluetooth flag.',
    );
    const service = screen.getByLabelText<HTMLInputElement>('Service UUID');
    expect(service.value).toBe('0000ffe0-0000-1000-8000-00805f9b34fb');
    expect(screen.getByLabelText<HTMLInputElement>('Characteristic UUID').value).toBe(
      '0000ffe1-0000-1000-8000-00805f9b34fb',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Command').value).toBe('P\\r\\n');
    await user.clear(service);
    await user.type(service, 'zz');
    expect(service.classList.contains('is-invalid')).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('scale-test').disabled).toBe(true);
    await user.clear(service);
    await user.type(service, 'FFF0');
    expect(service.classList.contains('is-invalid')).toBe(false);
    expect(stored()).toMatchObject({ serviceUuid: '0000fff0-0000-1000-8000-00805f9b34fb' });
    const command = screen.getByLabelText('Command');
    await user.clear(command);
    await user.type(command, 'SI');
    expect(stored()).toMatchObject({ command: 'SI' });
  });

  it('switching the driver to TEST on a production server stores it and shows the test weight', async () => {
    const { user, manager } = renderPanel('PRODUCTION');
    await user.selectOptions(screen.getByLabelText('Scale driver'), 'TEST');
    expect(stored()).toMatchObject({ driver: 'TEST' });
    expect(manager.driverType()).toBe('TEST');
    expect(screen.getByLabelText<HTMLInputElement>('Test weight (kg)').value).toBe('1.234');
  });

  it('Connect and Disconnect follow the driver; Test shows the weight read', async () => {
    const { manager, driver } = withFakeDriver();
    const { user } = renderPanel('TEST', manager);
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.getByTestId('scale-status').textContent).toBe('Connected'));
    expect(driver().connected).toBe(true);
    await user.click(screen.getByTestId('scale-test'));
    expect((await screen.findByTestId('scale-weight')).textContent).toBe('Weight: 7.25 kg');
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(screen.getByTestId('scale-status').textContent).toBe('Not connected');
    expect(screen.queryByTestId('scale-weight')).toBeNull();
  });

  it.each([
    ['connect', new ScaleError('couldNotConnectToDevice'), 'Could not connect to the device.'],
    ['read', new ScaleError('notConnected'), 'NOT CONNECTED'],
    ['read', new ScaleError('invalidInputReceived'), 'Invalid input received from the device.'],
    ['read', new ScaleError('couldNotReadInput'), 'Could not read input from the peripheral device.'],
  ] as const)('Test shows the error text when %s fails with %s', async (step, error, text) => {
    const { manager, driver } = withFakeDriver();
    const { user } = renderPanel('TEST', manager);
    manager.refresh();
    if (step === 'connect') driver().connectResult = error;
    else driver().readResult = error;
    await user.click(screen.getByTestId('scale-test'));
    expect((await screen.findByTestId('scale-error')).textContent).toBe(text);
    expect(screen.queryByTestId('scale-weight')).toBeNull();
  });

  it('an unexpected failure shows as a failed read', async () => {
    const manager = new ScaleManager(() => ({
      connected: true,
      connect: vi.fn(async () => undefined),
      read: () => Promise.reject(new Error('boom')),
      disconnect: vi.fn(),
    }));
    const { user } = renderPanel('TEST', manager);
    await user.click(screen.getByTestId('scale-test'));
    expect((await screen.findByTestId('scale-error')).textContent).toBe(
      'Could not read input from the peripheral device.',
    );
  });
});
