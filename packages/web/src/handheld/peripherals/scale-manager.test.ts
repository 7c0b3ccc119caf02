import { describe, expect, it, vi } from 'vitest';
import { BluetoothScaleDriver } from './bluetooth-scale-driver.js';
import { defaultScaleConfig, type ScaleConfig } from './scale-config.js';
import type { ScaleDriver } from './scale-driver.js';
import { ScaleError } from './scale-errors.js';
import { createScaleDriver, ScaleManager, scaleService, type ScaleDriverFactory } from './scale-manager.js';
import { TestScaleDriver } from './test-scale-driver.js';

function setup(initial: Partial<ScaleConfig> = {}) {
  let config: ScaleConfig = { ...defaultScaleConfig, ...initial };
  const created: { type: string; driver: ScaleDriver }[] = [];
  const factory: ScaleDriverFactory = (type, first, settings, onChange) => {
    const driver =
      type === 'TEST'
        ? new TestScaleDriver(() => settings().testWeight, onChange)
        : createScaleDriver(type, first, settings, onChange);
    created.push({ type, driver });
    return driver;
  };
  const manager = new ScaleManager(factory, () => config);
  const change = (patch: Partial<ScaleConfig>) => (config = { ...config, ...patch });
  return { manager, created, change };
}

describe('TestScaleDriver', () => {
  it('connects at once, reads the weight asked for at each read, refuses to read when not connected', async () => {
    let weight = 2.5;
    const onChange = vi.fn();
    const driver = new TestScaleDriver(() => weight, onChange);
    await expect(driver.read()).rejects.toMatchObject({ code: 'notConnected', message: 'NOT CONNECTED' });
    await driver.connect();
    expect(driver.connected).toBe(true);
    await expect(driver.read()).resolves.toEqual({ weight: 2.5, unit: 'kg' });
    weight = 0.125;
    await expect(driver.read()).resolves.toEqual({ weight: 0.125, unit: 'kg' });
    driver.disconnect();
    expect(driver.connected).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(2);
    await expect(driver.read()).rejects.toBeInstanceOf(ScaleError);
  });
});

describe('ScaleManager', () => {
  it('uses the TEST driver for AUTO on a TEST server and Bluetooth elsewhere', () => {
    const { manager } = setup();
    expect(manager.driverType()).toBe('BLUETOOTH');
    manager.setRuntimeType('TEST');
    expect(manager.driverType()).toBe('TEST');
    expect(manager.driverType({ ...defaultScaleConfig, driver: 'BLUETOOTH' })).toBe('BLUETOOTH');
  });

  it('read() connects on demand and reads the configured test weight; a new weight applies without reconnecting', async () => {
    const { manager, created, change } = setup({ driver: 'TEST', testWeight: 4.2 });
    const listener = vi.fn();
    manager.subscribe(listener);
    expect(manager.connected).toBe(false);
    await expect(manager.read()).resolves.toEqual({ weight: 4.2, unit: 'kg' });
    expect(manager.connected).toBe(true);
    expect(listener).toHaveBeenCalled();
    change({ testWeight: 0.5 });
    await expect(manager.read()).resolves.toEqual({ weight: 0.5, unit: 'kg' });
    expect(created).toHaveLength(1);
    manager.disconnect();
    expect(manager.connected).toBe(false);
  });

  it('keeps a Bluetooth driver while only the command changes, and replaces it for another service or driver', () => {
    const { manager, created, change } = setup({ driver: 'BLUETOOTH' });
    manager.refresh();
    expect(created.map((entry) => entry.type)).toEqual(['BLUETOOTH']);
    expect(created[0]!.driver).toBeInstanceOf(BluetoothScaleDriver);
    change({ command: 'SI\\r\\n' });
    manager.refresh();
    expect(created).toHaveLength(1);
    change({ serviceUuid: '0000fff0-0000-1000-8000-00805f9b34fb' });
    manager.refresh();
    expect(created).toHaveLength(2);
    const bluetooth = created[1]!.driver;
    const disconnect = vi.spyOn(bluetooth, 'disconnect');
    change({ driver: 'TEST' });
    manager.refresh();
    expect(disconnect).toHaveBeenCalled();
    expect(created.map((entry) => entry.type)).toEqual(['BLUETOOTH', 'BLUETOOTH', 'TEST']);
  });

  it('passes a driver failure on', async () => {
    const failing: ScaleDriver = {
      connected: false,
      connect: () => Promise.reject(new ScaleError('couldNotConnectToDevice')),
      read: () => Promise.reject(new ScaleError('notConnected')),
      disconnect: () => undefined,
    };
    const manager = new ScaleManager(
      () => failing,
      () => defaultScaleConfig,
    );
    await expect(manager.read()).rejects.toMatchObject({ code: 'couldNotConnectToDevice' });
    await expect(manager.connect()).rejects.toMatchObject({ code: 'couldNotConnectToDevice' });
  });
});

describe('scaleService', () => {
  it("has the workflow engine's services.scale shape", () => {
    expect(typeof scaleService.read).toBe('function');
  });
});
