import { authenticator } from 'otplib';

/** RFC 6238 codes of 6 digits every 30 s; one step either side is accepted for clock drift. */
const totp = authenticator.clone({ window: 1 });

/** Whether the code fits the user's base32 TOTP secret now. A malformed secret never matches. */
export function verifyTotp(secret: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  try {
    return totp.check(code, secret);
  } catch {
    return false;
  }
}
