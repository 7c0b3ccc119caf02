import { describe, expect, it } from 'vitest';
import { parseBooleanCell, parseDateCell, parseNumberCell } from './import-cells.js';
import { numberText } from './xlsx-reader.js';

describe('parseNumberCell', () => {
  it('reads each language’s grouping and decimal separator', () => {
    expect(parseNumberCell('1,234.5', 'en')).toBe(1234.5);
    expect(parseNumberCell('1.234,5', 'nl')).toBe(1234.5);
    expect(parseNumberCell('1.234,5', 'de')).toBe(1234.5);
    expect(parseNumberCell('1 234,5', 'pl')).toBe(1234.5);
    expect(parseNumberCell('1\u00a0234,5', 'pl')).toBe(1234.5);
    expect(parseNumberCell('12,5', 'nl')).toBe(12.5);
    expect(parseNumberCell('1,234', 'en')).toBe(1234);
    expect(parseNumberCell('1.234', 'nl')).toBe(1234);
    expect(parseNumberCell('1.234', 'en')).toBe(1.234);
    expect(parseNumberCell('1.234.567', 'de')).toBe(1_234_567);
    expect(parseNumberCell('1,234,567', 'en')).toBe(1_234_567);
    expect(parseNumberCell('-1.234,5', 'nl')).toBe(-1234.5);
    expect(parseNumberCell('+5', 'en')).toBe(5);
    expect(parseNumberCell('\u22125', 'de')).toBe(-5);
    expect(parseNumberCell(' 7 ', 'en')).toBe(7);
  });

  it('reads an XLSX number (a dot decimal) in every language', () => {
    for (const language of ['en', 'nl', 'de', 'pl'] as const) {
      expect(parseNumberCell('12.5', language)).toBe(12.5);
      expect(parseNumberCell('0.125', language)).toBe(0.125);
      expect(parseNumberCell(numberText(1.234), language)).toBe(1.234);
      expect(parseNumberCell(numberText(-12.345), language)).toBe(-12.345);
      expect(parseNumberCell(numberText(1234.5), language)).toBe(1234.5);
    }
  });

  it('answers null for what is not a number', () => {
    for (const text of ['', '  ', 'abc', '12x', '1e5', '-', '.', '1.2.3', '1,2,3', '1,234.5.6', '1.23,4.5', '0x10']) {
      expect(parseNumberCell(text, 'en'), text).toBeNull();
      expect(parseNumberCell(text, 'nl'), text).toBeNull();
    }
    expect(parseNumberCell('1.234.567', 'en')).toBeNull();
    expect(parseNumberCell('1,234,567', 'nl')).toBeNull();
  });
});

describe('parseDateCell', () => {
  it('reads ISO dates (a time dropped), Excel serials and day-month-year', () => {
    expect(parseDateCell('2025-03-31')).toBe('2025-03-31');
    expect(parseDateCell('2025-3-1')).toBe('2025-03-01');
    expect(parseDateCell('2025-03-31T10:15:00Z')).toBe('2025-03-31');
    expect(parseDateCell('2025-03-31 10:15')).toBe('2025-03-31');
    expect(parseDateCell('45000')).toBe('2023-03-15');
    expect(parseDateCell('45000.75')).toBe('2023-03-15');
    expect(parseDateCell('61')).toBe('1900-03-01');
    expect(parseDateCell('31-12-2025')).toBe('2025-12-31');
    expect(parseDateCell('31.12.2025')).toBe('2025-12-31');
    expect(parseDateCell('1/2/2025')).toBe('2025-02-01');
    expect(parseDateCell('29-02-2024')).toBe('2024-02-29');
  });

  it('answers null for what is not a date', () => {
    for (const text of [
      '',
      'tomorrow',
      '2025-02-30',
      '31-02-2025',
      '12/31/2025',
      '2025-13-01',
      '0',
      '-5',
      '20250331',
      '3000000',
    ]) {
      expect(parseDateCell(text), text).toBeNull();
    }
  });
});

describe('parseBooleanCell', () => {
  it('reads yes and no in the four languages', () => {
    for (const text of ['1', 'true', 'TRUE', 'yes', 'ja', 'Tak', 'waar', 'wahr', 'x'])
      expect(parseBooleanCell(text), text).toBe(true);
    for (const text of ['0', 'false', 'no', 'nee', 'nein', 'nie', '', ' '])
      expect(parseBooleanCell(text), text).toBe(false);
    expect(parseBooleanCell('maybe')).toBeNull();
  });
});
