import { describe, expect, it } from 'vitest';
import { parseScaleReply } from './scale-reply.js';
import { ScaleError } from './scale-errors.js';

function failure(text: string): ScaleError {
  try {
    parseScaleReply(text);
  } catch (error) {
    if (error instanceof ScaleError) return error;
    throw error;
  }
  throw new Error(`"${text}" was accepted`);
}

describe('parseScaleReply', () => {
  it('takes the third field as the number and the fourth as the unit', () => {
    expect(parseScaleReply('S S     12.345 kg')).toEqual({ weight: 12.345, unit: 'kg' });
    expect(parseScaleReply('  ST GS 0.5 KG \r\n')).toEqual({ weight: 0.5, unit: 'kg' });
    expect(parseScaleReply('S\tS\t7\tkg\textra fields')).toEqual({ weight: 7, unit: 'kg' });
  });

  it('converts grams to kilograms exactly (divided by 1000)', () => {
    expect(parseScaleReply('S S 1250 g')).toEqual({ weight: 1.25, unit: 'kg' });
    expect(parseScaleReply('S S 12.5 g')).toEqual({ weight: 0.0125, unit: 'kg' });
    expect(parseScaleReply('S S 300.1 G')).toEqual({ weight: 0.3001, unit: 'kg' });
    expect(parseScaleReply('S S 7 g')).toEqual({ weight: 0.007, unit: 'kg' });
    expect(parseScaleReply('S S 1234567 g')).toEqual({ weight: 1234.567, unit: 'kg' });
  });

  it('reads a sign, a decimal comma and a bare fraction', () => {
    expect(parseScaleReply('S S -0.250 kg')).toEqual({ weight: -0.25, unit: 'kg' });
    expect(parseScaleReply('S S +2,5 kg')).toEqual({ weight: 2.5, unit: 'kg' });
    expect(parseScaleReply('S S .5 kg')).toEqual({ weight: 0.5, unit: 'kg' });
    expect(parseScaleReply('S S -0 g')).toEqual({ weight: 0, unit: 'kg' });
    expect(Object.is(parseScaleReply('S S -0 g').weight, 0)).toBe(true);
  });

  it.each([
    ['too few fields', 'S S 12.345'],
    ['an empty reply', ''],
    ['an MT-SICS error', 'ES'],
    ['an unstable reading without a weight', 'S I'],
    ['a number with letters', 'S S 12a kg'],
    ['two decimal points', 'S S 1.2.3 kg'],
    ['only a sign', 'S S - kg'],
    ['an unknown unit', 'S S 12 lb'],
    ['the unit glued to the number', 'S S 12kg x'],
  ])('refuses %s with invalidInputReceived', (_case, text) => {
    const error = failure(text);
    expect(error.code).toBe('invalidInputReceived');
    expect(error.key).toBe('device:peripherals.invalidInputReceived');
    expect(error.args).toEqual({ input: text.trim() });
  });
});
