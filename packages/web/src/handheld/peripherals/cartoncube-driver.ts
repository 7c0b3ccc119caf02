import type { CartoncubeConfig } from './cartoncube-config.js';
import type { PeripheralDriver } from './peripheral-driver.js';
import { ScaleError } from './scale-errors.js';

/**
 * A carton measured: whole millimetres, and the weight in milligrams when the device weighs too
 * (null: it does not, or its weight came out at zero or less; the weight step asks then).
 */
export interface CartoncubeMeasurement {
  lengthInMm: number;
  widthInMm: number;
  heightInMm: number;
  weightInMg: number | null;
}

/**
 * A cartoncube driver: connect, measure one carton, disconnect. measure() without a connection
 * throws ScaleError('notConnected'): the peripherals share their failures and their texts
 * (device:peripherals.*), so the cartoncube's read as the scale's do.
 */
export interface CartoncubeDriver extends PeripheralDriver {
  measure(): Promise<CartoncubeMeasurement>;
}

/** What the pack steps ask of the cartoncube: connect on demand, then measure. */
export interface CartoncubeService {
  measure(): Promise<CartoncubeMeasurement>;
}

/** The spec's parcel dimension result, in the device's units. */
export interface ParcelDimensionResult {
  width: number;
  height: number;
  depth: number;
  weight: number | null;
}

/** The largest side taken (the contract's 100 m). */
export const cartonSideMaxInMm = 100_000;

const numberOf = (value: unknown): number | null => {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
};

/** The device's answer as a parcel dimension result; null when it is not one (weight may be absent). */
export function parseParcelDimensionResult(answer: unknown): ParcelDimensionResult | null {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return null;
  const fields = answer as Record<string, unknown>;
  const width = numberOf(fields.width);
  const height = numberOf(fields.height);
  const depth = numberOf(fields.depth);
  if (width === null || height === null || depth === null) return null;
  return {
    width,
    height,
    depth,
    weight: fields.weight === undefined || fields.weight === null ? null : numberOf(fields.weight),
  };
}

/**
 * PARCELCUBE's corrections: every dimension × dimensionMultiplier, the height then +
 * heightCorrection (mm); the weight × weightMultiplier + weightCorrection (kg). Sides round to
 * whole mm and must come out between 1 mm and 100 m, else invalidInputReceived; a weight at zero
 * or below after its correction counts as no weight.
 */
export function applyParcelcubeConfig(
  result: ParcelDimensionResult,
  config: Pick<CartoncubeConfig, 'dimensionMultiplier' | 'heightCorrection' | 'weightMultiplier' | 'weightCorrection'>,
): CartoncubeMeasurement {
  const side = (value: number) => Math.round(value * 1000) / 1000;
  const lengthInMm = Math.round(side(result.depth * config.dimensionMultiplier));
  const widthInMm = Math.round(side(result.width * config.dimensionMultiplier));
  const heightInMm = Math.round(side(result.height * config.dimensionMultiplier + config.heightCorrection));
  for (const value of [lengthInMm, widthInMm, heightInMm]) {
    if (value < 1 || value > cartonSideMaxInMm) {
      throw new ScaleError('invalidInputReceived', {
        args: { value: `${result.depth} x ${result.width} x ${result.height}` },
      });
    }
  }
  let weightInMg: number | null = null;
  if (result.weight !== null) {
    const kilograms = result.weight * config.weightMultiplier + config.weightCorrection;
    const milligrams = Math.round(kilograms * 1e6);
    weightInMg = milligrams > 0 ? milligrams : null;
  }
  return { lengthInMm, widthInMm, heightInMm, weightInMg };
}
