import { describe, expect, it } from 'vitest';
import { formatDate, formatQuantity, parseLabelCount, serverPrinterId } from './format.js';

describe('object dialog formats', () => {
  it('shows dates as DD-MM-YYYY', () => {
    expect(formatDate('2024-03-07')).toBe('07-03-2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate('2024-03-07T12:00:00Z')).toMatch(/^0[67]-03-2024$/);
  });

  it('rounds quantities to three decimals', () => {
    expect(formatQuantity(1.23456)).toBe('1.235');
    expect(formatQuantity(2)).toBe('2');
    expect(formatQuantity(null)).toBe('');
  });

  it('reads a label count: integers only, anything else prints nothing', () => {
    expect(parseLabelCount('3')).toBe(3);
    expect(parseLabelCount(' 12 ')).toBe(12);
    expect(parseLabelCount('')).toBe(0);
    expect(parseLabelCount('0')).toBe(0);
    expect(parseLabelCount('1.5')).toBe(0);
    expect(parseLabelCount('-2')).toBe(0);
    expect(parseLabelCount('abc')).toBe(0);
  });

  it('prints only on a server printer', () => {
    expect(serverPrinterId(3)).toBe(3);
    expect(serverPrinterId(-1)).toBeNull();
    expect(serverPrinterId('PERIPHERAL')).toBeNull();
  });
});
