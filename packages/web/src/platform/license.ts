/**
 * The licenseExpired warning: once the license has expired, each API
 * request shows the warning with a chance that falls over the 14 days after expiry.
 *
 * Curve: chance(d) = max(0.05, 1 - d / 14) for d days since expiry (d >= 0): every request on
 * the day it expires, half of them after a week, and from day 14 on a floor of 1 in 20, so the
 * warning never disappears. Not expired (or no date): 0. A date that cannot be read counts as
 * 7 days since expiry (0.5).
 */
export const licenseWarningDays = 14;
export const licenseWarningFloor = 0.05;
export const unparseableExpiryDays = 7;
const dayMs = 86_400_000;

/** Days since expiry (fractional; negative before it), or null without a date. */
export function daysSinceExpiry(expirationDate: string | null | undefined, now: number): number | null {
  if (expirationDate === null || expirationDate === undefined || expirationDate.trim() === '') return null;
  const time = Date.parse(expirationDate);
  if (Number.isNaN(time)) return unparseableExpiryDays;
  return (now - time) / dayMs;
}

/** The chance (0 to 1) that one request shows the warning. */
export function licenseWarningChance(expirationDate: string | null | undefined, now: number): number {
  const days = daysSinceExpiry(expirationDate, now);
  if (days === null || days < 0) return 0;
  return Math.max(licenseWarningFloor, 1 - days / licenseWarningDays);
}

let expiration: string | null = null;

/** The config layer passes config.licenseExpirationDate once the config is loaded. */
export function setLicenseExpirationDate(date: string | null): void {
  expiration = date;
}

/** Whether this request should show the warning (random). */
export function shouldWarnLicense(now = Date.now(), random = Math.random()): boolean {
  return random < licenseWarningChance(expiration, now);
}
