import { authenticator } from 'otplib';

/** RFC 6238 time step length. */
const stepMs = 30_000;

/**
 * The RFC 6238 time step (30 s) a 6-digit code belongs to, checked against the user's base32
 * secret at `now` with one step either side accepted for clock drift; null when it does not fit
 * (a malformed secret never fits). The step lets the caller refuse a code used before.
 */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const delta = authenticator.clone({ window: 1, epoch: now }).checkDelta(code, secret);
    return delta === null ? null : Math.floor(now / stepMs) + delta;
  } catch {
    return null;
  }
}

/** Whether the code fits the user's base32 TOTP secret now. */
export function verifyTotp(secret: string, code: string): boolean {
  return totpStepOf(secret, code) !== null;
}
