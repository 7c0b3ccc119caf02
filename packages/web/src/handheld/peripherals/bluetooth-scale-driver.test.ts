import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BluetoothScaleDriver, firstCompleteLine } from './bluetooth-scale-driver.js';
import { defaultScaleConfig } from './scale-config.js';
import { ScaleError } from './scale-errors.js';
import type { BluetoothRequestOptions } from './web-bluetooth.js';

const service = defaultScaleConfig.serviceUuid;
const characteristicUuid = defaultScaleConfig.characteristicUuid;

/** A serial-over-BLE characteristic: records what is written, sends what the test says. */
class FakeCharacteristic extends EventTarget {
  value: DataView | null = null;
  properties = { write: true, notify: true };
  written: string[] = [];
  notifying = false;
  failWrites = false;
  /** Answers a written command synchronously with these chunks (none: the test sends later). */
  answer: (command: string) => string[] = () => [];

  async startNotifications() {
    this.notifying = true;
    return this;
  }
  async stopNotifications() {
    this.notifying = false;
    return this;
  }
  async writeValueWithResponse(data: BufferSource) {
    if (this.failWrites) throw new DOMException('GATT operation failed', 'NetworkError');
    const text = new TextDecoder().decode(data);
    this.written.push(text);
    for (const chunk of this.answer(text)) this.send(chunk);
  }
  send(text: string) {
    this.value = new DataView(new TextEncoder().encode(text).buffer);
    this.dispatchEvent(new Event('characteristicvaluechanged'));
  }
}

class FakeDevice extends EventTarget {
  readonly characteristic = new FakeCharacteristic();
  /** 'never': the device is out of reach, connect() hangs. */
  reach: 'ok' | 'never' = 'ok';
  services = [service];
  connects = 0;
  readonly gatt = {
    connected: false,
    connect: async () => {
      this.connects += 1;
      if (this.reach === 'never') return new Promise<never>(() => {});
      this.gatt.connected = true;
      return this.gatt;
    },
    disconnect: vi.fn(() => {
      if (!this.gatt.connected) return;
      this.gatt.connected = false;
      this.dispatchEvent(new Event('gattserverdisconnected'));
    }),
    getPrimaryService: async (uuid: string) => {
      if (!this.services.includes(uuid)) throw new DOMException('No Services matching UUID found', 'NotFoundError');
      return {
        getCharacteristic: async (uuid: string) => {
          if (uuid !== characteristicUuid) throw new DOMException('No Characteristics found', 'NotFoundError');
          return this.characteristic;
        },
      };
    },
  };
  /** The scale switched off or walked out of range. */
  drop() {
    this.gatt.connected = false;
    this.dispatchEvent(new Event('gattserverdisconnected'));
  }
}

function setup(options: { command?: string; bluetooth?: 'none' } = {}) {
  const device = new FakeDevice();
  const requestDevice = vi.fn(async (_options: BluetoothRequestOptions) => device);
  const onChange = vi.fn();
  const driver = new BluetoothScaleDriver({
    serviceUuid: service,
    characteristicUuid,
    command: () => options.command ?? 'P\r\n',
    bluetooth: options.bluetooth === 'none' ? undefined : { requestDevice },
    onChange,
  });
  return { device, characteristic: device.characteristic, requestDevice, onChange, driver };
}

async function failureOf(promise: Promise<unknown>): Promise<ScaleError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ScaleError) return error;
    throw error;
  }
  throw new Error('it did not fail');
}

/** Runs pending promise callbacks (and timers due now) under fake timers. */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('BluetoothScaleDriver', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for a device offering the service, opens the characteristic and starts notifications', async () => {
    const { driver, requestDevice, characteristic, onChange } = setup();
    expect(driver.connected).toBe(false);
    await driver.connect();
    expect(requestDevice).toHaveBeenCalledWith({ filters: [{ services: [service] }], optionalServices: [service] });
    expect(driver.connected).toBe(true);
    expect(characteristic.notifying).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
    await driver.connect();
    expect(requestDevice).toHaveBeenCalledTimes(1);
  });

  it('writes the command and reads the reply arriving in parts; grams become kg', async () => {
    const { driver, characteristic } = setup();
    await driver.connect();
    characteristic.answer = () => ['S S     1', '2.5 kg\r', '\n'];
    await expect(driver.read()).resolves.toEqual({ weight: 12.5, unit: 'kg' });
    expect(characteristic.written).toEqual(['P\r\n']);

    characteristic.answer = () => [];
    const reading = driver.read();
    await flush();
    characteristic.send('S S 1250 g\r\n');
    await expect(reading).resolves.toEqual({ weight: 1.25, unit: 'kg' });
  });

  it('takes a reply without a line end 250 ms after its last part', async () => {
    const { driver, characteristic } = setup();
    await driver.connect();
    const reading = driver.read();
    let settled = false;
    void reading.then(() => (settled = true));
    await flush();
    characteristic.send('S S 0.75');
    await vi.advanceTimersByTimeAsync(200);
    characteristic.send(' kg');
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    await expect(reading).resolves.toEqual({ weight: 0.75, unit: 'kg' });
  });

  it('ignores what the scale sent before the command', async () => {
    const { driver, characteristic } = setup();
    await driver.connect();
    characteristic.send('S S 9 kg\r\n');
    characteristic.answer = () => ['S S 2 kg\r\n'];
    await expect(driver.read()).resolves.toEqual({ weight: 2, unit: 'kg' });
  });

  it('writes nothing with an empty command and reads what a streaming scale sends', async () => {
    const { driver, characteristic } = setup({ command: '' });
    await driver.connect();
    const reading = driver.read();
    await flush();
    characteristic.send('\r\nS D 3.1 kg\r\n');
    await expect(reading).resolves.toEqual({ weight: 3.1, unit: 'kg' });
    expect(characteristic.written).toEqual([]);
  });

  it('answers an unreadable reply with invalidInputReceived', async () => {
    const { driver, characteristic } = setup();
    await driver.connect();
    characteristic.answer = () => ['ES\r\n'];
    const error = await failureOf(driver.read());
    expect(error.code).toBe('invalidInputReceived');
    expect(error.key).toBe('device:peripherals.invalidInputReceived');
  });

  it('gives up after 5 s without a reply (couldNotReadInput), and on a failed write', async () => {
    const { driver, characteristic } = setup();
    await driver.connect();
    const reading = failureOf(driver.read());
    await vi.advanceTimersByTimeAsync(4999);
    characteristic.send('S S 1');
    await vi.advanceTimersByTimeAsync(1);
    expect((await reading).code).toBe('couldNotReadInput');

    characteristic.failWrites = true;
    expect((await failureOf(driver.read())).code).toBe('couldNotReadInput');
  });

  it('refuses to read without a connection: NOT CONNECTED', async () => {
    const { driver, characteristic } = setup();
    const error = await failureOf(driver.read());
    expect(error.code).toBe('notConnected');
    expect(error.message).toBe('NOT CONNECTED');
    expect(error.key).toBe('device:peripherals.notConnected');
    expect(characteristic.written).toEqual([]);
  });

  it('answers couldNotConnectToDevice when the device is not reached within 5 s', async () => {
    const { driver, device, onChange } = setup();
    device.reach = 'never';
    const connecting = failureOf(driver.connect());
    await vi.advanceTimersByTimeAsync(4999);
    expect(driver.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await connecting;
    expect(error.code).toBe('couldNotConnectToDevice');
    expect(error.key).toBe('device:peripherals.couldNotConnectToDevice');
    expect(device.gatt.disconnect).toHaveBeenCalled();
    expect(driver.connected).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('answers couldNotConnectToDevice for a cancelled chooser, a missing service and no Web Bluetooth', async () => {
    const cancelled = setup();
    cancelled.requestDevice.mockRejectedValueOnce(
      new DOMException('User cancelled the requestDevice() chooser.', 'NotFoundError'),
    );
    expect((await failureOf(cancelled.driver.connect())).code).toBe('couldNotConnectToDevice');

    const wrongService = setup();
    wrongService.device.services = [];
    expect((await failureOf(wrongService.driver.connect())).code).toBe('couldNotConnectToDevice');
    expect(wrongService.driver.connected).toBe(false);
    // The wrong device is forgotten: the next attempt opens the chooser again.
    wrongService.device.services = [service];
    await wrongService.driver.connect();
    expect(wrongService.requestDevice).toHaveBeenCalledTimes(2);
    expect(wrongService.driver.connected).toBe(true);

    const noBluetooth = setup({ bluetooth: 'none' });
    expect((await failureOf(noBluetooth.driver.connect())).code).toBe('couldNotConnectToDevice');
  });

  it('after a dropped connection: a read fails NOT CONNECTED, connect() reconnects without the chooser', async () => {
    const { driver, device, requestDevice, onChange } = setup();
    await driver.connect();
    const reading = failureOf(driver.read());
    await flush();
    device.drop();
    expect((await reading).code).toBe('notConnected');
    expect(driver.connected).toBe(false);
    expect(onChange).toHaveBeenCalledTimes(2);

    await driver.connect();
    expect(driver.connected).toBe(true);
    expect(requestDevice).toHaveBeenCalledTimes(1);
    expect(device.connects).toBe(2);
  });

  it('disconnect() closes the connection and forgets the device', async () => {
    const { driver, device, requestDevice } = setup();
    await driver.connect();
    driver.disconnect();
    expect(driver.connected).toBe(false);
    expect(device.gatt.connected).toBe(false);
    expect((await failureOf(driver.read())).code).toBe('notConnected');
    await driver.connect();
    expect(requestDevice).toHaveBeenCalledTimes(2);
  });

  it('reads one after the other, each with its own reply', async () => {
    const { driver, characteristic } = setup();
    await driver.connect();
    let weight = 0;
    characteristic.answer = () => [`S S ${++weight} kg\r\n`];
    const readings = await Promise.all([driver.read(), driver.read(), driver.read()]);
    expect(readings.map((reading) => reading.weight)).toEqual([1, 2, 3]);
    expect(characteristic.written).toHaveLength(3);
  });
});

describe('firstCompleteLine', () => {
  it('is the first non-blank line that ended', () => {
    expect(firstCompleteLine('S S 1 kg')).toBeNull();
    expect(firstCompleteLine('\r\n  \nS S 1 kg\r\nS S 2')).toBe('S S 1 kg');
    expect(firstCompleteLine('S S 1 kg\r')).toBe('S S 1 kg');
  });
});
