import { describe, expect, it } from 'vitest';
import { maxLabelCount, parseLabelCount, parsePositiveQuantity, parseStockLevel } from './prompt-values.js';

describe('parsePositiveQuantity', () => {
  it('reads decimals with a point or a comma', () => {
    expect(parsePositiveQuantity('1.0')).toBe(1);
    expect(parsePositiveQuantity(' 12 ')).toBe(12);
    expect(parsePositiveQuantity('2,5')).toBe(2.5);
    expect(parsePositiveQuantity('.5')).toBe(0.5);
  });

  it('gives null (cancel silently) for non-numeric, zero, negative or cancelled answers', () => {
    for (const text of ['abc', '', '1.2.3', '-1', '0', '0.0', '1e3', null])
      expect(parsePositiveQuantity(text)).toBeNull();
  });
});

describe('parseLabelCount', () => {
  it('reads whole numbers', () => {
    expect(parseLabelCount('3')).toBe(3);
    expect(parseLabelCount(' 12 ')).toBe(12);
  });

  it('prints nothing for 0, empty, a cancel or text', () => {
    for (const text of ['0', '', '  ', null, 'two', '1.5', '-2']) expect(parseLabelCount(text)).toBe(0);
  });

  it('caps the count at the largest request', () => {
    expect(parseLabelCount('5000')).toBe(maxLabelCount);
  });
});

describe('parseStockLevel', () => {
  it('reads floats, empty as null and anything else as invalid', () => {
    expect(parseStockLevel('10')).toBe(10);
    expect(parseStockLevel('2000,5')).toBe(2000.5);
    expect(parseStockLevel('')).toBeNull();
    expect(parseStockLevel('-1')).toBeUndefined();
    expect(parseStockLevel('x')).toBeUndefined();
  });
});
