import { describe, expect, it } from 'vitest';
import {
  formatCellDate,
  formatDate,
  formatDateTime,
  formatQuantity,
  parseLabelCount,
  serverPrinterId,
} from './format.js';

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

  it('takes a positive printer id, also as digits', () => {
    expect(serverPrinterId('12')).toBe(12);
    for (const choice of [0, '', 'x1', 1.5]) expect(serverPrinterId(choice)).toBeNull();
  });
});

describe('formatDate', () => {
  it('writes a plain date as DD-MM-YYYY without shifting it', () => {
    expect(formatDate('2025-05-01')).toBe('01-05-2025');
    expect(formatDate('1999-12-31')).toBe('31-12-1999');
  });

  it('writes a date-time as its local date', () => {
    const at = new Date(2024, 1, 29, 23, 59);
    expect(formatDate(at.toISOString())).toBe('29-02-2024');
  });

  it('gives an empty text for nothing and the text itself for something that is no date', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('formatDateTime', () => {
  it('adds hours and minutes in local time', () => {
    const at = new Date(2025, 0, 5, 7, 3, 59);
    expect(formatDateTime(at.toISOString())).toBe('05-01-2025 07:03');
  });

  it('writes a plain date without a time, and passes other text through', () => {
    expect(formatDateTime('2025-05-01')).toBe('01-05-2025');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('later')).toBe('later');
  });
});

describe('one date format everywhere (issue 14)', () => {
  it('formats the dates of custom grid cells (the open orders grid showed 2026-11-27)', () => {
    expect(formatCellDate('2026-11-27')).toBe('27-11-2026');
    expect(formatCellDate(new Date(2026, 10, 27, 8, 5).toISOString())).toBe('27-11-2026 08:05');
    expect(formatCellDate('PO-2026-11')).toBe('PO-2026-11');
    expect(formatCellDate('')).toBe('');
  });

  it('formats times of the error log and broadcasts, with seconds when asked', () => {
    const at = new Date(2026, 10, 27, 8, 5, 9);
    expect(formatDateTime(at.getTime(), true)).toBe('27-11-2026 08:05:09');
    expect(formatDateTime(at)).toBe('27-11-2026 08:05');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});
