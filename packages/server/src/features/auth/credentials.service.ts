import type { AppContext } from '../../context.js';
import type { AppUserRow } from '../../db/schema.js';
import { badRequest, unauthorized } from '../../http/app-error.js';
import { allowedAccessOrThrow, recordFailedSignin, type IpAccess } from '../ip-rules/ip-access.service.js';
import { findUserByUsername } from '../users/user.repository.js';
import { verifyPassword } from './secrets.js';
import { verifyTotp } from './totp.js';

export interface Credentials {
  username: string;
  password: string;
  mfaToken?: string | null | undefined;
}

/** A password hash of '' means the user has no password (only usable with allowEmptyPassword). */
async function passwordMatches(password: string, stored: string | null): Promise<boolean> {
  if (stored === '') {
    await verifyPassword(password, null); // same cost as a real check
    return password === '';
  }
  return verifyPassword(password, stored);
}

/**
 * Checks a user's credentials from the caller's address, as sign-in and manager verification do:
 * 1. a BLOCK rule or a block from failed sign-ins: 403 ipAddressBlocked (even with the right password);
 * 2. an empty password without the setting allowEmptyPassword: 400 invalidInput listing body.password;
 * 3. unknown user, wrong password or inactive user: one 401 invalidLoginDetails, counted as a
 *    failure of the address (unknown users are checked against a dummy hash: same timing);
 * 4. policy ALLOW_2FA: the user's TOTP code is required (twoFactorNotConfigured,
 *    authenticationCodeRequired, invalidAuthenticationCode; a wrong code counts as a failure).
 */
export async function checkCredentials(
  ctx: AppContext,
  credentials: Credentials,
  ip: string,
): Promise<{ user: AppUserRow; access: IpAccess }> {
  const access = await allowedAccessOrThrow(ctx, ip);
  if (credentials.password === '' && !(await ctx.settings.settings()).allowEmptyPassword) {
    throw badRequest('invalidInput', { fields: [{ field: 'body.password', message: 'password is required' }] });
  }
  const row = await findUserByUsername(ctx.db, credentials.username);
  const matches = await passwordMatches(credentials.password, row?.password_hash ?? null);
  if (!row || !matches || row.active !== 1) {
    await recordFailedSignin(ctx, ip);
    throw unauthorized('invalidLoginDetails');
  }
  if (access.twoFactorRequired) {
    if (row.totp_enabled !== 1 || !row.totp_secret) throw unauthorized('twoFactorNotConfigured');
    if (!credentials.mfaToken) throw unauthorized('authenticationCodeRequired');
    if (!verifyTotp(row.totp_secret, credentials.mfaToken)) {
      await recordFailedSignin(ctx, ip);
      throw unauthorized('invalidAuthenticationCode');
    }
  }
  return { user: row, access };
}
