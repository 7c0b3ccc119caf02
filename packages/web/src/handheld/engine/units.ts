import { codeKey, toThousandths } from '@wms/contract';
import type { ScannerSettings } from './types.js';

/**
 * Exact quantity arithmetic for the quantity and scale steps: every quantity is integer
 * thousandths; unit conversions run on BigInt fractions and round once, half away from zero.
 */

/** A non-negative decimal typed or scanned ("12", "2.5", "2,5"), in thousandths; null if it is not one. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^(?:\d+(?:[.,]\d*)?|[.,]\d+)$/.test(trimmed)) return null;
  try {
    return toThousandths(trimmed.replace(',', '.'));
  } catch {
    return null;
  }
}

/** "2.5 kg", "500ml", "1,5 L": the amount in thousandths and the unit as written; null otherwise. */
export function parseAmountWithUnit(text: string): { amount: number; unit: string } | null {
  const match = /^(\d+(?:[.,]\d*)?|[.,]\d+)\s*([a-zA-Z\u00b5\u03bc][a-zA-Z\u00b5\u03bc0-9]*)$/.exec(text.trim());
  if (!match) return null;
  const amount = parseAmount(match[1]!);
  return amount === null ? null : { amount, unit: match[2]! };
}

export type UnitKind = 'weight' | 'volume';

/** A table entry: its kind and its factor in thousandths (milligrams or millilitres per unit). */
export interface UnitFactor {
  kind: UnitKind;
  name: string;
  factor: bigint;
}

/** The weightTable (toMG) or volumeTable (toML) entry of a unit name, without regard to case. */
export function findUnit(name: string, settings: ScannerSettings): UnitFactor | null {
  const key = codeKey(name);
  const toFactor = (value: number): bigint | null => {
    try {
      const thousandths = toThousandths(value);
      return thousandths > 0 ? BigInt(thousandths) : null;
    } catch {
      return null;
    }
  };
  for (const entry of settings.weightTable) {
    if (codeKey(entry.name) !== key) continue;
    const factor = toFactor(entry.toMG);
    if (factor !== null) return { kind: 'weight', name: entry.name, factor };
  }
  for (const entry of settings.volumeTable) {
    if (codeKey(entry.name) !== key) continue;
    const factor = toFactor(entry.toML);
    if (factor !== null) return { kind: 'volume', name: entry.name, factor };
  }
  return null;
}

/** numerator / denominator rounded half away from zero (denominator > 0). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return negative ? -rounded : rounded;
}

export type Conversion = { ok: true; quantity: number } | { ok: false };

/**
 * Converts an amount (thousandths) from one unit to another through the weight and volume tables;
 * between weight and volume through the density mlToMg (milligrams per millilitre). Fails when a
 * unit is in neither table or a weight/volume conversion has no density.
 */
export function convertAmount(
  amount: number,
  fromUnit: string,
  toUnit: string | null,
  settings: ScannerSettings,
  mlToMg: number | null,
): Conversion {
  const from = findUnit(fromUnit, settings);
  const to = toUnit === null ? null : findUnit(toUnit, settings);
  if (!from || !to) return { ok: false };
  const value = BigInt(amount);
  let result: bigint;
  if (from.kind === to.kind) {
    result = divideRounded(value * from.factor, to.factor);
  } else {
    if (mlToMg === null || !(mlToMg > 0)) return { ok: false };
    let density: bigint;
    try {
      density = BigInt(toThousandths(mlToMg));
    } catch {
      return { ok: false };
    }
    if (density <= 0n) return { ok: false };
    result =
      from.kind === 'weight'
        ? // mg = v·f; ml = mg / d; q = ml / t  (all in thousandths: ·1000 / (d·t))
          divideRounded(value * from.factor * 1000n, density * to.factor)
        : // ml = v·f; mg = ml · d; q = mg / t  (/ 1000 for the density's thousandths)
          divideRounded(value * from.factor * density, 1000n * to.factor);
  }
  if (result > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false };
  return { ok: true, quantity: Number(result) };
}
