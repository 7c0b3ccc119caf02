import { describe, expect, it } from 'vitest';
import { formatNumber, weightInKg } from './format-number.js';

describe('formatNumber', () => {
  it('uses the language and at most the given decimals', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'nl')).toBe('1.234,5');
    expect(formatNumber(0.1234, 'en')).toBe('0.123');
    expect(formatNumber(0.004, 'en', 6)).toBe('0.004');
  });

  it('gives an empty text for nothing', () => {
    expect(formatNumber(null, 'en')).toBe('');
    expect(formatNumber(undefined, 'en')).toBe('');
  });
});

describe('weightInKg', () => {
  it('divides milligrams by a million', () => {
    expect(weightInKg(15_000)).toBe(0.015);
    expect(weightInKg(1_650_000)).toBe(1.65);
    expect(weightInKg(0)).toBe(0);
    expect(weightInKg(null)).toBeNull();
  });
});
