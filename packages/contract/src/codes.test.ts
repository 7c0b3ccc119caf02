import { describe, expect, it } from 'vitest';
import { codeKey, paddedCodeKey, sameCode, samePaddedCode } from './codes.js';
import { fromThousandths, toThousandths } from './quantity.js';

describe('code matching', () => {
  it('compares item and location codes without regard to case or surrounding spaces', () => {
    expect(codeKey(' Item-001 ')).toBe('item-001');
    expect(sameCode('ITEM-001', 'item-001')).toBe(true);
    expect(sameCode('ITEM-001', 'ITEM-0001')).toBe(false);
  });
  it('compares batch, serial and partner codes zero-padded to 64 characters', () => {
    expect(paddedCodeKey('123')).toHaveLength(64);
    expect(samePaddedCode('00123', '123')).toBe(true);
    expect(samePaddedCode('b-1', 'B-1')).toBe(true);
    expect(samePaddedCode('1230', '123')).toBe(false);
  });
});

describe('exact quantities in thousandths', () => {
  it('converts decimals exactly', () => {
    expect(toThousandths('1.5')).toBe(1500);
    expect(toThousandths(0.1 + 0.2)).toBe(300);
    expect(toThousandths('-0.0005')).toBe(-1);
    expect(toThousandths('12')).toBe(12_000);
    expect(toThousandths('.25')).toBe(250);
    expect(toThousandths(750_500.5)).toBe(750_500_500);
    expect(fromThousandths(1500)).toBe(1.5);
    expect(fromThousandths('-500')).toBe(-0.5);
  });
  it('refuses what is not a decimal', () => {
    for (const bad of ['', 'abc', '1,5', '1e3', '.']) expect(() => toThousandths(bad)).toThrow(RangeError);
  });
});
