import { isLocalPath, maxUserApiParams, quantityCommandPattern, scannerCommandPrefixes } from '@wms/contract';
import {
  detectDeviceTraits,
  deviceNameFromIdentification,
  parseDeviceConfig,
  type DeviceConfig,
} from '../../platform/device-config.js';

/**
 * What a scanned or typed text means in the scanner input bar: a plain scan, a
 * plus or minus quantity ([PLUS<n>] / [MIN<n>]) or one of the `_be_` command strings. Pure: the
 * ScannerInput component carries the commands out.
 */

// The command strings are defined in contract (scanner-commands.ts), where the action barcode
// generator builds its barcodes from them too.
export { isLocalPath, maxUserApiParams, scannerCommandPrefixes };

export interface UserApiParam {
  /** The question shown in the prompt (shown as it is: it comes from the scanned code). */
  label: string;
  defaultValue: string;
}

/** A `_be_call_user_api_` call: `{param1}` and `{param2}` in url and payload are the prompted values. */
export interface UserApiCall {
  url: string;
  method: 'GET' | 'POST';
  payload: unknown;
  /** Ask before calling; a string is the question itself. */
  confirm: boolean | string;
  params: UserApiParam[];
}

export type InvalidReason = 'invalidJson' | 'invalidPath' | 'invalidMethod' | 'tooManyParams' | 'missingValue';

export type ScannerInput =
  | { kind: 'scan'; text: string }
  /** [PLUS<n>] gives sign 1, [MIN<n>] sign -1; amount is the exact decimal text. */
  | { kind: 'quantity'; sign: 1 | -1; amount: string }
  | { kind: 'redirect'; path: string }
  | { kind: 'deviceIdentification'; deviceName: string }
  | { kind: 'overrideDeviceSettings'; settings: Record<string, unknown> }
  | { kind: 'callUserApi'; call: UserApiCall }
  | { kind: 'logout' }
  | { kind: 'peripheralInput'; value: string }
  | { kind: 'openWorkTimes'; argument: string }
  | { kind: 'invalidCommand'; command: keyof typeof scannerCommandPrefixes; reason: InvalidReason };

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function parseParams(raw: unknown): UserApiParam[] | 'tooManyParams' | 'invalidJson' {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return 'invalidJson';
  if (raw.length > maxUserApiParams) return 'tooManyParams';
  const params: UserApiParam[] = [];
  for (const entry of raw as unknown[]) {
    if (typeof entry === 'string') params.push({ label: entry, defaultValue: '' });
    else if (typeof entry === 'object' && entry !== null && typeof (entry as { label?: unknown }).label === 'string') {
      const { label, defaultValue } = entry as { label: string; defaultValue?: unknown };
      params.push({ label, defaultValue: typeof defaultValue === 'string' ? defaultValue : '' });
    } else return 'invalidJson';
  }
  return params;
}

function parseUserApiCall(text: string): UserApiCall | InvalidReason {
  const json = parseJsonObject(text);
  if (!json) return 'invalidJson';
  if (typeof json.url !== 'string' || !isLocalPath(json.url)) return 'invalidPath';
  const method = typeof json.method === 'string' ? json.method.toUpperCase() : 'GET';
  if (method !== 'GET' && method !== 'POST') return 'invalidMethod';
  const confirm = typeof json.confirm === 'string' && json.confirm.trim() !== '' ? json.confirm : json.confirm === true;
  const params = parseParams(json.params);
  if (typeof params === 'string') return params;
  return { url: json.url, method, payload: json.payload, confirm, params };
}

/** Reads one submitted text. Surrounding white space (a scanner's CR/LF) is ignored. */
export function parseScannerInput(raw: string): ScannerInput {
  const text = raw.trim();
  const quantity = quantityCommandPattern.exec(text);
  if (quantity) {
    const amount = quantity[2]!.replace(',', '.');
    return { kind: 'quantity', sign: quantity[1]!.toUpperCase() === 'PLUS' ? 1 : -1, amount };
  }
  const p = scannerCommandPrefixes;
  const rest = (prefix: string) => text.slice(prefix.length);
  const invalid = (command: keyof typeof p, reason: InvalidReason): ScannerInput => ({
    kind: 'invalidCommand',
    command,
    reason,
  });
  if (text.startsWith(p.redirect)) {
    const path = rest(p.redirect).trim();
    return isLocalPath(path) ? { kind: 'redirect', path } : invalid('redirect', 'invalidPath');
  }
  if (text.startsWith(p.deviceIdentification)) {
    const deviceName = deviceNameFromIdentification(text) ?? '';
    return deviceName ? { kind: 'deviceIdentification', deviceName } : invalid('deviceIdentification', 'missingValue');
  }
  if (text.startsWith(p.overrideDeviceSettings)) {
    const settings = parseJsonObject(rest(p.overrideDeviceSettings));
    return settings ? { kind: 'overrideDeviceSettings', settings } : invalid('overrideDeviceSettings', 'invalidJson');
  }
  if (text.startsWith(p.callUserApi)) {
    const call = parseUserApiCall(rest(p.callUserApi));
    return typeof call === 'string' ? invalid('callUserApi', call) : { kind: 'callUserApi', call };
  }
  if (text.startsWith(p.logout)) return { kind: 'logout' };
  if (text.startsWith(p.peripheralInput)) return { kind: 'peripheralInput', value: rest(p.peripheralInput) };
  if (text.startsWith(p.openWorkTimes)) return { kind: 'openWorkTimes', argument: rest(p.openWorkTimes) };
  return { kind: 'scan', text };
}

/** Puts the prompted values in place of `{param1}` and `{param2}`; in the url they are URL-encoded. */
export function applyUserApiParams(call: UserApiCall, values: string[]): { url: string; payload: unknown } {
  const replace = (text: string, encode: boolean) =>
    text.replace(/\{param([12])\}/g, (match, index: string) => {
      const value = values[Number(index) - 1];
      if (value === undefined) return match;
      return encode ? encodeURIComponent(value) : value;
    });
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return replace(value, false);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    return value;
  };
  return { url: replace(call.url, true), payload: walk(call.payload) };
}

/**
 * The device config with a scanned override laid over it; every field goes through the same
 * checks as a stored config, so a bad value falls back to its default and unknown names are dropped.
 */
export function mergeDeviceSettings(current: DeviceConfig, override: Record<string, unknown>): DeviceConfig {
  const merged = parseDeviceConfig(JSON.stringify({ ...current, ...override }), detectDeviceTraits());
  return merged ?? current;
}
