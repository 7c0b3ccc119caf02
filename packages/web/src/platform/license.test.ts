import { describe, expect, it } from 'vitest';
import { daysSinceExpiry, licenseWarningChance } from './license.js';

const day = 86_400_000;
const expiry = Date.parse('2024-03-01T00:00:00Z');

describe('the licenseExpired warning chance', () => {
  it('is 0 without a date and before expiry', () => {
    expect(licenseWarningChance(null, expiry)).toBe(0);
    expect(licenseWarningChance('', expiry)).toBe(0);
    expect(licenseWarningChance('2024-03-01T00:00:00Z', expiry - day)).toBe(0);
  });

  it('falls from 1 at expiry to half after 7 days and a floor of 0.05 from day 14 on', () => {
    expect(licenseWarningChance('2024-03-01T00:00:00Z', expiry)).toBe(1);
    expect(licenseWarningChance('2024-03-01T00:00:00Z', expiry + 7 * day)).toBeCloseTo(0.5);
    expect(licenseWarningChance('2024-03-01T00:00:00Z', expiry + 13 * day)).toBeCloseTo(1 / 14);
    expect(licenseWarningChance('2024-03-01T00:00:00Z', expiry + 14 * day)).toBe(0.05);
    expect(licenseWarningChance('2024-03-01T00:00:00Z', expiry + 400 * day)).toBe(0.05);
  });

  it('never rises as the days go by', () => {
    let previous = 1;
    for (let days = 0; days <= 30; days += 0.5) {
      const chance = licenseWarningChance('2024-03-01T00:00:00Z', expiry + days * day);
      expect(chance).toBeLessThanOrEqual(previous);
      previous = chance;
    }
  });

  it('counts an unparseable date as 7 days', () => {
    expect(daysSinceExpiry('not a date', expiry)).toBe(7);
    expect(licenseWarningChance('not a date', expiry)).toBeCloseTo(0.5);
  });
});
