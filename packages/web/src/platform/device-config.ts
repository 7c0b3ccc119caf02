import { useCallback, useSyncExternalStore } from 'react';
import { deviceIdentificationPrefix } from '@wms/contract';
import { clampRepeatWindow, defaultRepeatWindowMs } from './scanner-windows.js';

/** The device's own settings, kept in this browser's local storage. */
export interface DeviceConfig {
  deviceName: string;
  /** Printer ids; -1 = none. */
  defaultPrinter: PrinterChoice;
  defaultItemLabelPrinter: PrinterChoice;
  defaultLocationLabelPrinter: PrinterChoice;
  defaultDeliveryLabelPrinter: PrinterChoice;
  allowSelectingText: boolean;
  useEmbeddedBarcodeScanner: boolean;
  useVirtualKeyboard: boolean;
  /** voiceURI of a speechSynthesis voice; null = the browser's default voice. */
  TTSVoice: string | null;
  TTSRate: number;
  goFullscreenOnFirstInteraction: boolean;
  /**
   * The scanner's double-read window (ms) at steps where a repeated scan counts (counting by
   * scanning, "scan it again"); elsewhere the same scan within 1 s is a double read.
   */
  scannerRepeatWindowMs: number;
}

/**
 * A default printer: -1 (none), 'PERIPHERAL' (print through the browser's own print dialog) or
 * the id of a server printer (there is no printers API yet; ids are kept as stored).
 */
export type PrinterChoice = number | string;
export const noPrinter = -1;
export const browserPrinter = 'PERIPHERAL';

export const printerFields = [
  'defaultPrinter',
  'defaultItemLabelPrinter',
  'defaultLocationLabelPrinter',
  'defaultDeliveryLabelPrinter',
] as const satisfies readonly (keyof DeviceConfig)[];
export type PrinterField = (typeof printerFields)[number];

export const protectedToggles = [
  'useEmbeddedBarcodeScanner',
  'useVirtualKeyboard',
  'allowSelectingText',
  'goFullscreenOnFirstInteraction',
] as const satisfies readonly (keyof DeviceConfig)[];
export type ProtectedToggle = (typeof protectedToggles)[number];

export const ttsRateLimits = { min: 0.1, max: 10, step: 0.1 } as const;
export const deviceNameMaxLength = 100;
export const deviceConfigStorageKey = 'wms.deviceConfig';

/** What the defaults depend on: a touch device (mobile or tablet) or a desktop. */
export interface DeviceTraits {
  touchDevice: boolean;
}

/** Mobile or tablet: a coarse primary pointer, or a mobile user agent. */
export function detectDeviceTraits(): DeviceTraits {
  if (typeof window === 'undefined') return { touchDevice: false };
  const coarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  const mobileAgent = /Android|iPhone|iPad|iPod|Mobile|Tablet|Silk|Kindle/i.test(navigator.userAgent);
  return { touchDevice: coarse || mobileAgent };
}

export function defaultDeviceConfig(traits: DeviceTraits): DeviceConfig {
  return {
    deviceName: '',
    defaultPrinter: noPrinter,
    defaultItemLabelPrinter: noPrinter,
    defaultLocationLabelPrinter: noPrinter,
    defaultDeliveryLabelPrinter: noPrinter,
    allowSelectingText: !traits.touchDevice,
    useEmbeddedBarcodeScanner: false,
    useVirtualKeyboard: traits.touchDevice,
    TTSVoice: null,
    TTSRate: 1,
    goFullscreenOnFirstInteraction: false,
    scannerRepeatWindowMs: defaultRepeatWindowMs,
  };
}

/** TTS rate within 0.1..10 on the 0.1 grid; anything unusable gives 1. */
export function clampTtsRate(value: unknown): number {
  const rate = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(rate)) return 1;
  const clamped = Math.min(ttsRateLimits.max, Math.max(ttsRateLimits.min, rate));
  return Math.round(clamped * 10) / 10;
}

function printerChoice(value: unknown): PrinterChoice {
  if (typeof value === 'number' && Number.isInteger(value) && value >= -1) return value;
  if (typeof value === 'string' && value.trim() !== '' && value.length <= 200) return value;
  return noPrinter;
}

/**
 * Reads a stored device config field by field: a missing or mistyped field gets its default, so
 * an old or damaged entry never breaks the app. Returns null when there is no usable object.
 */
export function parseDeviceConfig(raw: string | null, traits: DeviceTraits): DeviceConfig | null {
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const stored = json as Record<string, unknown>;
  const defaults = defaultDeviceConfig(traits);
  const bool = (name: ProtectedToggle) => (typeof stored[name] === 'boolean' ? stored[name] : defaults[name]);
  const name = typeof stored.deviceName === 'string' ? stored.deviceName.trim().slice(0, deviceNameMaxLength) : '';
  return {
    deviceName: name,
    defaultPrinter: printerChoice(stored.defaultPrinter),
    defaultItemLabelPrinter: printerChoice(stored.defaultItemLabelPrinter),
    defaultLocationLabelPrinter: printerChoice(stored.defaultLocationLabelPrinter),
    defaultDeliveryLabelPrinter: printerChoice(stored.defaultDeliveryLabelPrinter),
    allowSelectingText: bool('allowSelectingText'),
    useEmbeddedBarcodeScanner: bool('useEmbeddedBarcodeScanner'),
    useVirtualKeyboard: bool('useVirtualKeyboard'),
    TTSVoice: typeof stored.TTSVoice === 'string' && stored.TTSVoice !== '' ? stored.TTSVoice : null,
    TTSRate: stored.TTSRate === undefined ? defaults.TTSRate : clampTtsRate(stored.TTSRate),
    goFullscreenOnFirstInteraction: bool('goFullscreenOnFirstInteraction'),
    scannerRepeatWindowMs: clampRepeatWindow(stored.scannerRepeatWindowMs),
  };
}

/** The device name with surrounding spaces removed; the name is part of live destinations. */
export function normalizeDeviceName(name: string): string {
  return name.trim().slice(0, deviceNameMaxLength);
}

// --- the store: one snapshot shared by every hook, updated on save and on other tabs' writes ---

interface Snapshot {
  config: DeviceConfig;
  stored: boolean;
}

const listeners = new Set<() => void>();
let snapshot: Snapshot | null = null;

function readSnapshot(): Snapshot {
  const traits = detectDeviceTraits();
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(deviceConfigStorageKey);
  } catch {
    raw = null;
  }
  const parsed = parseDeviceConfig(raw, traits);
  return { config: parsed ?? defaultDeviceConfig(traits), stored: parsed !== null };
}

function getSnapshot(): Snapshot {
  snapshot ??= readSnapshot();
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== deviceConfigStorageKey && event.key !== null) return;
    snapshot = readSnapshot();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current device config, outside React (HTTP sign-in, live device socket). */
export function currentDeviceConfig(): DeviceConfig {
  return getSnapshot().config;
}

export function saveDeviceConfig(next: DeviceConfig): void {
  const config = {
    ...next,
    deviceName: normalizeDeviceName(next.deviceName),
    TTSRate: clampTtsRate(next.TTSRate),
    scannerRepeatWindowMs: clampRepeatWindow(next.scannerRepeatWindowMs),
  };
  localStorage.setItem(deviceConfigStorageKey, JSON.stringify(config));
  snapshot = { config, stored: true };
  for (const listener of listeners) listener();
}

/** The device config; stored is false until the device settings were saved once on this device. */
export function useDeviceConfig(): { config: DeviceConfig; stored: boolean; save: (next: DeviceConfig) => void } {
  const current = useSyncExternalStore(subscribe, getSnapshot);
  const save = useCallback((next: DeviceConfig) => saveDeviceConfig(next), []);
  return { config: current.config, stored: current.stored, save };
}

/**
 * What follows the identification prefix (the device name, and `/` and the pairing secret once the
 * device listens: contract's deviceIdentificationCode), or null when the value is no such code.
 */
export function deviceNameFromIdentification(value: string): string | null {
  const trimmed = value.trim();
  return trimmed.startsWith(deviceIdentificationPrefix) ? trimmed.slice(deviceIdentificationPrefix.length) : null;
}

/** Why a device name cannot be used (it is part of live destinations), or null when it can. */
export function deviceNameProblem(name: string): 'invalidCharacters' | 'tooLong' | null {
  const trimmed = name.trim();
  if (trimmed.length > deviceNameMaxLength) return 'tooLong';
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(trimmed)) return 'invalidCharacters';
  return null;
}
