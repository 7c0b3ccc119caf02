import { findUnit, parseAmount, parseAmountWithUnit } from '../engine/units.js';
import type { ScannerSettings } from '../engine/types.js';

/** The heaviest box the server takes (contract: weightInMg at most 10 t). */
export const maxWeightInMg = 10_000_000_000;

/**
 * A weight typed or scanned, in milligrams: a plain number is kilograms ("1.25"); a number with a
 * unit of the weight table ("1250 g", "1,5 kg") is converted. null: not a weight.
 */
export function weightInMgOf(text: string, settings: ScannerSettings): number | null {
  const plain = parseAmount(text);
  if (plain !== null) return plain * 1000;
  const withUnit = parseAmountWithUnit(text);
  if (!withUnit) return null;
  const unit = findUnit(withUnit.unit, settings);
  if (unit?.kind !== 'weight') return null;
  // amount and factor are thousandths: mg = amount · factor / 10^6.
  return Math.round(Number(BigInt(withUnit.amount) * unit.factor) / 1_000_000);
}

/** A scale reading ({weight, unit}) in milligrams; null when its unit is not a weight. */
export function readingInMg(reading: { weight: number; unit: string }, settings: ScannerSettings): number | null {
  if (!Number.isFinite(reading.weight) || reading.weight < 0) return null;
  return weightInMgOf(`${reading.weight.toFixed(3)} ${reading.unit}`, settings);
}
