import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date.js';

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
    expect(formatDate(null)).toBe('');
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
