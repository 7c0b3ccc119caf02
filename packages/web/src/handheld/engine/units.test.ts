import { describe, expect, it } from 'vitest';
import { testSettings } from './testing/fakes.js';
import { convertAmount, findUnit, parseAmount, parseAmountWithUnit } from './units.js';

const settings = testSettings();

describe('parseAmount', () => {
  it('reads non-negative decimals with a point or comma into thousandths', () => {
    expect(parseAmount('12')).toBe(12_000);
    expect(parseAmount('2.5')).toBe(2500);
    expect(parseAmount('2,5')).toBe(2500);
    expect(parseAmount('.5')).toBe(500);
    expect(parseAmount('0.0015')).toBe(2);
  });
  it('refuses anything else', () => {
    for (const text of ['', '-1', 'abc', '1.2.3', '1e3', '1 000']) expect(parseAmount(text)).toBeNull();
  });
});

describe('parseAmountWithUnit', () => {
  it('reads a number with a unit, with or without a space', () => {
    expect(parseAmountWithUnit('2.5 kg')).toEqual({ amount: 2500, unit: 'kg' });
    expect(parseAmountWithUnit('500ml')).toEqual({ amount: 500_000, unit: 'ml' });
    expect(parseAmountWithUnit('1,5 L')).toEqual({ amount: 1500, unit: 'L' });
  });
  it('refuses a unit alone or a number alone', () => {
    expect(parseAmountWithUnit('kg')).toBeNull();
    expect(parseAmountWithUnit('12')).toBeNull();
  });
});

describe('findUnit and convertAmount', () => {
  it('finds units in both tables without regard to case', () => {
    expect(findUnit('KG', settings)).toMatchObject({ kind: 'weight', factor: 1_000_000_000n });
    expect(findUnit('l', settings)).toMatchObject({ kind: 'volume', factor: 1_000_000n });
    expect(findUnit('pcs', settings)).toBeNull();
  });
  it('converts weight to weight and volume to volume exactly', () => {
    expect(convertAmount(500_000, 'g', 'kg', settings, null)).toEqual({ ok: true, quantity: 500 });
    expect(convertAmount(2500, 'kg', 'g', settings, null)).toEqual({ ok: true, quantity: 2_500_000 });
    expect(convertAmount(500_000, 'ml', 'l', settings, null)).toEqual({ ok: true, quantity: 500 });
    expect(convertAmount(1000, 'mg', 'kg', settings, null)).toEqual({ ok: true, quantity: 0 });
    expect(convertAmount(333_000, 'cl', 'l', settings, null)).toEqual({ ok: true, quantity: 3330 });
  });
  it('converts between weight and volume through the density (mg per ml)', () => {
    // oil: 920 mg/ml; 1 l = 920 g = 0.92 kg
    expect(convertAmount(1000, 'l', 'kg', settings, 920)).toEqual({ ok: true, quantity: 920 });
    // 0.92 kg of oil = 1 l
    expect(convertAmount(920, 'kg', 'l', settings, 920)).toEqual({ ok: true, quantity: 1000 });
    // 1 kg of oil = 1.08695... l -> 1.087
    expect(convertAmount(1000, 'kg', 'l', settings, 920)).toEqual({ ok: true, quantity: 1087 });
    // 250 ml at 1.5 mg/ml = 375 mg
    expect(convertAmount(250_000, 'ml', 'mg', settings, 1.5)).toEqual({ ok: true, quantity: 375_000 });
  });
  it('fails for unknown units and weight/volume without a density', () => {
    expect(convertAmount(1000, 'kg', 'pcs', settings, null)).toEqual({ ok: false });
    expect(convertAmount(1000, 'lb', 'kg', settings, null)).toEqual({ ok: false });
    expect(convertAmount(1000, 'kg', null, settings, null)).toEqual({ ok: false });
    expect(convertAmount(1000, 'l', 'kg', settings, null)).toEqual({ ok: false });
    expect(convertAmount(1000, 'l', 'kg', settings, 0)).toEqual({ ok: false });
  });
});
