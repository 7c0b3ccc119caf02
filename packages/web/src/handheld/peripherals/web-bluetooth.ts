/**
 * The part of the Web Bluetooth API the scale driver uses. TypeScript's DOM library has no Web
 * Bluetooth types, and these small interfaces also let the tests pass a fake.
 */
export interface BluetoothRequestOptions {
  filters?: { services?: string[]; name?: string; namePrefix?: string }[];
  optionalServices?: string[];
  acceptAllDevices?: boolean;
}

export interface BluetoothLike {
  requestDevice(options: BluetoothRequestOptions): Promise<BluetoothDeviceLike>;
}

export interface BluetoothDeviceLike extends EventTarget {
  readonly id?: string;
  readonly name?: string;
  readonly gatt?: GattServerLike;
}

export interface GattServerLike {
  readonly connected: boolean;
  connect(): Promise<GattServerLike>;
  disconnect(): void;
  getPrimaryService(service: string): Promise<GattServiceLike>;
}

export interface GattServiceLike {
  getCharacteristic(characteristic: string): Promise<CharacteristicLike>;
}

export interface CharacteristicLike extends EventTarget {
  /** The last value received (set before characteristicvaluechanged fires). */
  readonly value?: DataView | null;
  readonly properties?: { write?: boolean; writeWithoutResponse?: boolean; notify?: boolean; indicate?: boolean };
  startNotifications(): Promise<CharacteristicLike>;
  stopNotifications(): Promise<CharacteristicLike>;
  writeValue?(value: BufferSource): Promise<void>;
  writeValueWithResponse?(value: BufferSource): Promise<void>;
  writeValueWithoutResponse?(value: BufferSource): Promise<void>;
}

/** navigator.bluetooth, or undefined where the browser has no Web Bluetooth (or it is switched off). */
export function navigatorBluetooth(): BluetoothLike | undefined {
  if (typeof navigator === 'undefined' || !('bluetooth' in navigator)) return undefined;
  return (navigator as Navigator & { bluetooth?: BluetoothLike }).bluetooth;
}
