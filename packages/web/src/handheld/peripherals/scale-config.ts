import type { RuntimeType } from '@wms/contract';
import { loadStoredConfig, parseDecimal, saveStoredConfig, storedFields } from './peripheral-config.js';

/**
 * The scale settings of this device, kept in their own local storage key (not in the device
 * config). Driver AUTO is the TEST driver on a server whose runtime type is TEST and the
 * Bluetooth driver otherwise.
 *
 * Bluetooth defaults: the 0xFFE0 service with its 0xFFE1 characteristic, which the common
 * serial-over-BLE modules (HM-10, CC2541/CC254x "BLE UART" boards and most clones built into
 * scales) expose for both writing and notifications, and the command "P\r\n" (print). Scales
 * speaking MT-SICS take "S\r\n" or "SI\r\n"; a scale that sends by itself takes an empty command.
 */
export const scaleDriverChoices = ['AUTO', 'BLUETOOTH', 'TEST'] as const;
export type ScaleDriverChoice = (typeof scaleDriverChoices)[number];
export type ScaleDriverType = Exclude<ScaleDriverChoice, 'AUTO'>;

export interface ScaleConfig {
  driver: ScaleDriverChoice;
  /** A full lower-case 128-bit UUID. */
  serviceUuid: string;
  characteristicUuid: string;
  /** As typed, with escapes: \r, \n, \t, \\ and \xHH (see decodeScaleCommand). */
  command: string;
  /** What the TEST driver reads, in kg. */
  testWeight: number;
}

export const scaleConfigStorageKey = 'wms.scaleConfig';
export const scaleCommandMaxLength = 100;
export const scaleTestWeightMax = 1_000_000;

export const defaultScaleConfig: Readonly<ScaleConfig> = Object.freeze({
  driver: 'AUTO',
  serviceUuid: '0000ffe0-0000-1000-8000-00805f9b34fb',
  characteristicUuid: '0000ffe1-0000-1000-8000-00805f9b34fb',
  command: 'P\\r\\n',
  testWeight: 1.234,
});

/** The driver that AUTO stands for on this server. */
export function effectiveScaleDriver(choice: ScaleDriverChoice, runtimeType: RuntimeType): ScaleDriverType {
  if (choice !== 'AUTO') return choice;
  return runtimeType === 'TEST' ? 'TEST' : 'BLUETOOTH';
}

const fullUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const shortUuid = /^(?:0x)?([0-9a-f]{4}|[0-9a-f]{8})$/;

/**
 * A Bluetooth UUID as Web Bluetooth wants it: a full UUID in lower case. A 16- or 32-bit alias
 * ("ffe0", "0xFFE0", "0000ffe0") becomes the Bluetooth base UUID form. Null when unusable.
 */
export function normalizeBluetoothUuid(text: string): string | null {
  const value = text.trim().toLowerCase();
  if (fullUuid.test(value)) return value;
  const alias = shortUuid.exec(value)?.[1];
  return alias ? `${alias.padStart(8, '0')}-0000-1000-8000-00805f9b34fb` : null;
}

/** The command as sent: \r, \n, \t, \\ and \xHH replaced by their characters; other text as is. */
export function decodeScaleCommand(command: string): string {
  return command.replace(/\\(x[0-9a-fA-F]{2}|[rnt\\])/g, (_match, escape: string) => {
    switch (escape) {
      case 'r':
        return '\r';
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case '\\':
        return '\\';
      default:
        return String.fromCharCode(parseInt(escape.slice(1), 16));
    }
  });
}

/** A test weight in kg from a number or text (decimal point or comma); null when unusable. */
export function parseTestWeight(value: unknown): number | null {
  return parseDecimal(value, { min: 0, max: scaleTestWeightMax });
}

/**
 * Reads a stored scale config field by field: a missing or unusable field gets its default, so a
 * damaged entry never breaks the scale. No entry (or no object) gives the defaults.
 */
export function parseScaleConfig(raw: string | null): ScaleConfig {
  const stored = storedFields(raw);
  const uuid = (value: unknown, fallback: string) =>
    (typeof value === 'string' ? normalizeBluetoothUuid(value) : null) ?? fallback;
  return {
    driver: scaleDriverChoices.find((choice) => choice === stored.driver) ?? defaultScaleConfig.driver,
    serviceUuid: uuid(stored.serviceUuid, defaultScaleConfig.serviceUuid),
    characteristicUuid: uuid(stored.characteristicUuid, defaultScaleConfig.characteristicUuid),
    command:
      typeof stored.command === 'string' && stored.command.length <= scaleCommandMaxLength
        ? stored.command
        : defaultScaleConfig.command,
    testWeight: parseTestWeight(stored.testWeight) ?? defaultScaleConfig.testWeight,
  };
}

export function loadScaleConfig(): ScaleConfig {
  return loadStoredConfig(scaleConfigStorageKey, parseScaleConfig, defaultScaleConfig);
}

export function saveScaleConfig(config: ScaleConfig): void {
  saveStoredConfig(scaleConfigStorageKey, config);
}
