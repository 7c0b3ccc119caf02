import type { RuntimeType } from '@wms/contract';
import { loadStoredConfig, parseDecimal, saveStoredConfig, storedFields } from './peripheral-config.js';

/**
 * The cartoncube settings of this device (the cartoncube drivers are TEST and PARCELCUBE), kept
 * in their own local storage key like the scale's. Driver AUTO is the TEST
 * driver on a server whose runtime type is TEST and PARCELCUBE otherwise.
 *
 * PARCELCUBE reads a parcel-cube device over HTTP: a GET of `url` answering the spec's parcel
 * dimension result {width, height, depth, weight} in the device's own units. The device units
 * become millimetres and kilograms through the config: a dimension × dimensionMultiplier (e.g. 10
 * for a device measuring in cm), the height then + heightCorrection (mm; e.g. minus a platform
 * the device counts in), the weight × weightMultiplier (e.g. 0.001 for grams) + weightCorrection
 * (kg; e.g. minus a pallet). The server has no proxy for the device, so the browser calls it
 * itself: the device must allow the page's origin (CORS) and be reachable from the handheld.
 */
export const cartoncubeDriverChoices = ['AUTO', 'PARCELCUBE', 'TEST'] as const;
export type CartoncubeDriverChoice = (typeof cartoncubeDriverChoices)[number];
export type CartoncubeDriverType = Exclude<CartoncubeDriverChoice, 'AUTO'>;

export interface CartoncubeConfig {
  driver: CartoncubeDriverChoice;
  /** PARCELCUBE: the device's measurement URL (http or https). */
  url: string;
  dimensionMultiplier: number;
  /** In mm, added to the height after the multiplier (negative subtracts). */
  heightCorrection: number;
  weightMultiplier: number;
  /** In kg, added to the weight after the multiplier (negative subtracts). */
  weightCorrection: number;
  /** What the TEST driver measures: mm and kg. */
  testLengthInMm: number;
  testWidthInMm: number;
  testHeightInMm: number;
  testWeight: number;
}

export const cartoncubeConfigStorageKey = 'wms.cartoncubeConfig';
export const cartoncubeUrlMaxLength = 500;
/** The largest multiplier or correction taken (a typo such as 1e9 is refused). */
export const cartoncubeFactorMax = 1_000_000;

export const defaultCartoncubeConfig: Readonly<CartoncubeConfig> = Object.freeze({
  driver: 'AUTO',
  url: '',
  dimensionMultiplier: 1,
  heightCorrection: 0,
  weightMultiplier: 1,
  weightCorrection: 0,
  testLengthInMm: 400,
  testWidthInMm: 300,
  testHeightInMm: 200,
  testWeight: 3.5,
});

/** The driver that AUTO stands for on this server. */
export function effectiveCartoncubeDriver(
  choice: CartoncubeDriverChoice,
  runtimeType: RuntimeType,
): CartoncubeDriverType {
  if (choice !== 'AUTO') return choice;
  return runtimeType === 'TEST' ? 'TEST' : 'PARCELCUBE';
}

/** A number from a number or text (decimal point or comma, a leading minus); null when unusable. */
export function parseCartoncubeNumber(value: unknown, { min = -cartoncubeFactorMax, max = cartoncubeFactorMax } = {}) {
  return parseDecimal(value, { min, max });
}

/** An http(s) URL, or null. */
export function parseCartoncubeUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > cartoncubeUrlMaxLength) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The ranges of the numeric fields (multipliers above 0, test sizes 1 mm to 100 m). */
export const cartoncubeFieldRanges = {
  dimensionMultiplier: { min: 0.000001, max: cartoncubeFactorMax },
  heightCorrection: { min: -cartoncubeFactorMax, max: cartoncubeFactorMax },
  weightMultiplier: { min: 0.000001, max: cartoncubeFactorMax },
  weightCorrection: { min: -cartoncubeFactorMax, max: cartoncubeFactorMax },
  testLengthInMm: { min: 1, max: 100_000 },
  testWidthInMm: { min: 1, max: 100_000 },
  testHeightInMm: { min: 1, max: 100_000 },
  testWeight: { min: 0, max: 10_000 },
} as const;
export type CartoncubeNumberField = keyof typeof cartoncubeFieldRanges;

/**
 * Reads a stored cartoncube config field by field: a missing or unusable field gets its default,
 * so a damaged entry never breaks the device. No entry gives the defaults.
 */
export function parseCartoncubeConfig(raw: string | null): CartoncubeConfig {
  const stored = storedFields(raw);
  const config: CartoncubeConfig = {
    ...defaultCartoncubeConfig,
    driver: cartoncubeDriverChoices.find((choice) => choice === stored.driver) ?? defaultCartoncubeConfig.driver,
    url: stored.url === '' ? '' : (parseCartoncubeUrl(stored.url) ?? defaultCartoncubeConfig.url),
  };
  for (const field of Object.keys(cartoncubeFieldRanges) as CartoncubeNumberField[]) {
    config[field] =
      parseCartoncubeNumber(stored[field], cartoncubeFieldRanges[field]) ?? defaultCartoncubeConfig[field];
  }
  return config;
}

export function loadCartoncubeConfig(): CartoncubeConfig {
  return loadStoredConfig(cartoncubeConfigStorageKey, parseCartoncubeConfig, defaultCartoncubeConfig);
}

export function saveCartoncubeConfig(config: CartoncubeConfig): void {
  saveStoredConfig(cartoncubeConfigStorageKey, config);
}

/** Whether a cartoncube is saved on this device (the pack box step offers Measure then). */
export function cartoncubeSaved(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(cartoncubeConfigStorageKey) !== null;
  } catch {
    return false;
  }
}
