import { parseScaleReply } from './scale-reply.js';
import { ScaleError } from './scale-errors.js';
import type { ScaleDriver, ScaleReading } from './scale-driver.js';
import {
  navigatorBluetooth,
  type BluetoothDeviceLike,
  type BluetoothLike,
  type CharacteristicLike,
} from './web-bluetooth.js';

/** 5 s to reach the device, 5 s for a reply; a reply is complete 250 ms after its last part. */
export const scaleTimings = { connectTimeoutMs: 5000, readTimeoutMs: 5000, settleMs: 250 } as const;

export interface BluetoothScaleOptions {
  /** Full lower-case UUIDs (see normalizeBluetoothUuid). */
  serviceUuid: string;
  characteristicUuid: string;
  /** The command to write before each reading, already decoded; asked at each read. Empty: write nothing. */
  command: () => string;
  /** Web Bluetooth; by default navigator.bluetooth (undefined where the browser lacks it). */
  bluetooth?: BluetoothLike | undefined;
  /** Called when the connection state changes (connected, dropped, disconnected). */
  onChange?: () => void;
  timings?: Partial<typeof scaleTimings>;
}

interface ReplyWaiter {
  received(): void;
  failed(error: ScaleError): void;
}

/**
 * A scale behind a serial-over-BLE characteristic. connect() lets the user pick a device that
 * offers the service (the browser's chooser, not timed: the user takes as long as needed), then
 * opens the GATT server, the service and the characteristic and starts notifications within 5 s,
 * else couldNotConnectToDevice. read() writes the command and collects the notifications as text
 * until a line ends (or 250 ms pass after the last part), within 5 s, else couldNotReadInput.
 * A dropped connection keeps the chosen device, so the next connect() reconnects without the
 * chooser; disconnect() and a failed connect() forget it.
 */
export class BluetoothScaleDriver implements ScaleDriver {
  private device: BluetoothDeviceLike | null = null;
  private characteristic: CharacteristicLike | null = null;
  private opening: Promise<void> | null = null;
  private reads: Promise<unknown> = Promise.resolve();
  private received = '';
  private waiter: ReplyWaiter | null = null;
  private readonly timings: typeof scaleTimings;
  private readonly decoder = new TextDecoder();

  constructor(private readonly options: BluetoothScaleOptions) {
    this.timings = { ...scaleTimings, ...options.timings };
  }

  get connected(): boolean {
    return this.characteristic !== null && this.device?.gatt?.connected === true;
  }

  connect(): Promise<void> {
    if (this.connected) return Promise.resolve();
    this.opening ??= this.open().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  read(): Promise<ScaleReading> {
    const reading = this.reads.then(() => this.readOnce());
    this.reads = reading.catch(() => undefined);
    return reading;
  }

  disconnect(): void {
    const { device, characteristic } = this;
    this.device = null;
    this.characteristic = null;
    characteristic?.removeEventListener('characteristicvaluechanged', this.handleValue);
    device?.removeEventListener('gattserverdisconnected', this.handleDisconnected);
    this.waiter?.failed(new ScaleError('notConnected'));
    if (device?.gatt?.connected) device.gatt.disconnect();
    if (device) this.options.onChange?.();
  }

  private async open(): Promise<void> {
    const bluetooth = 'bluetooth' in this.options ? this.options.bluetooth : navigatorBluetooth();
    if (!bluetooth) throw new ScaleError('couldNotConnectToDevice', { cause: new Error('no Web Bluetooth') });
    if (!this.device) {
      const service = this.options.serviceUuid;
      try {
        this.device = await bluetooth.requestDevice({
          filters: [{ services: [service] }],
          optionalServices: [service],
        });
      } catch (error) {
        throw new ScaleError('couldNotConnectToDevice', { cause: error });
      }
      this.device.addEventListener('gattserverdisconnected', this.handleDisconnected);
    }
    const device = this.device;
    const opening = this.openCharacteristic(device);
    try {
      this.characteristic = await withTimeout(opening, this.timings.connectTimeoutMs);
    } catch (error) {
      // A late success must not leave a listener behind.
      opening.then((late) => late.removeEventListener('characteristicvaluechanged', this.handleValue)).catch(() => {});
      // Forget the device: the next connect() lets the user choose again (maybe the right one).
      device.removeEventListener('gattserverdisconnected', this.handleDisconnected);
      if (this.device === device) this.device = null;
      device.gatt?.disconnect();
      throw new ScaleError('couldNotConnectToDevice', { cause: error });
    }
    this.options.onChange?.();
  }

  private async openCharacteristic(device: BluetoothDeviceLike): Promise<CharacteristicLike> {
    if (!device.gatt) throw new Error('the device has no GATT server');
    const server = await device.gatt.connect();
    const service = await server.getPrimaryService(this.options.serviceUuid);
    const characteristic = await service.getCharacteristic(this.options.characteristicUuid);
    characteristic.addEventListener('characteristicvaluechanged', this.handleValue);
    await characteristic.startNotifications();
    return characteristic;
  }

  private async readOnce(): Promise<ScaleReading> {
    const characteristic = this.characteristic;
    if (!characteristic || !this.connected) throw new ScaleError('notConnected');
    const command = this.options.command();
    this.received = '';
    const reply = this.waitForReply();
    // Handled below; this only keeps a failure during the write from counting as unhandled.
    reply.catch(() => undefined);
    if (command !== '') {
      try {
        await writeTo(characteristic, new TextEncoder().encode(command));
      } catch (error) {
        this.waiter?.failed(new ScaleError('couldNotReadInput', { cause: error }));
      }
    }
    return parseScaleReply(await reply);
  }

  private waitForReply(): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      let settle: ReturnType<typeof setTimeout> | undefined;
      const finish = (done: () => void) => {
        clearTimeout(timeout);
        clearTimeout(settle);
        this.waiter = null;
        done();
      };
      const timeout = setTimeout(
        () => finish(() => reject(new ScaleError('couldNotReadInput'))),
        this.timings.readTimeoutMs,
      );
      this.waiter = {
        received: () => {
          const line = firstCompleteLine(this.received);
          if (line !== null) return finish(() => resolve(line));
          clearTimeout(settle);
          if (this.received.trim() !== '') {
            settle = setTimeout(() => finish(() => resolve(this.received)), this.timings.settleMs);
          }
        },
        failed: (error) => finish(() => reject(error)),
      };
    });
  }

  private readonly handleValue = (event: Event) => {
    const value = (event.target as CharacteristicLike | null)?.value;
    if (!value || !this.waiter) return;
    this.received += this.decoder.decode(value);
    this.waiter.received();
  };

  private readonly handleDisconnected = () => {
    this.characteristic?.removeEventListener('characteristicvaluechanged', this.handleValue);
    this.characteristic = null;
    this.waiter?.failed(new ScaleError('notConnected'));
    this.options.onChange?.();
  };
}

/** The first line that ended (CR or LF) with something in it; null while none has. */
export function firstCompleteLine(text: string): string | null {
  const parts = text.split(/[\r\n]/);
  parts.pop();
  return parts.find((part) => part.trim() !== '') ?? null;
}

function writeTo(characteristic: CharacteristicLike, data: Uint8Array<ArrayBuffer>): Promise<void> {
  const properties = characteristic.properties;
  if (properties?.write && characteristic.writeValueWithResponse) return characteristic.writeValueWithResponse(data);
  if (properties?.writeWithoutResponse && characteristic.writeValueWithoutResponse) {
    return characteristic.writeValueWithoutResponse(data);
  }
  if (characteristic.writeValue) return characteristic.writeValue(data);
  return Promise.reject(new Error('the characteristic cannot be written'));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
