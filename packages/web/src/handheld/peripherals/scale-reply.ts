import { ScaleError } from './scale-errors.js';
import type { ScaleReading } from './scale-driver.js';

/**
 * A scale's reply: text split on whitespace, the third field the number and
 * the fourth the unit; grams are converted to kilograms (divided by 1000). Fits MT-SICS style
 * answers such as "S S     12.345 kg". The number may carry a sign and a decimal point or comma.
 * Anything else is ScaleError('invalidInputReceived').
 */
export function parseScaleReply(text: string): ScaleReading {
  const fields = text.trim().split(/\s+/);
  const numberText = fields[2];
  const unit = fields[3]?.toLowerCase();
  const match = numberText === undefined ? null : /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(numberText);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '') || (unit !== 'kg' && unit !== 'g')) {
    throw new ScaleError('invalidInputReceived', { args: { input: text.trim() } });
  }
  const sign = match[1] === '-' ? '-' : '';
  const weight = unit === 'kg' ? decimal(sign, whole, fraction) : gramsToKg(sign, whole, fraction);
  return { weight: weight === 0 ? 0 : weight, unit: 'kg' };
}

function decimal(sign: string, whole: string, fraction: string): number {
  return Number(`${sign}${whole || '0'}.${fraction || '0'}`);
}

/** Moves the decimal point three places in the text, so no float division rounds the result. */
function gramsToKg(sign: string, whole: string, fraction: string): number {
  const padded = whole.padStart(4, '0');
  return decimal(sign, padded.slice(0, -3), padded.slice(-3) + fraction);
}
