import type { AppContext } from '../../context.js';
import type { AppUserRow } from '../../db/schema.js';
import { badRequest, unauthorized } from '../../http/app-error.js';
import { allowedAccessOrThrow, type IpAccess } from '../ip-rules/ip-access.service.js';
import { claimTotpStep, findUserByUsername } from '../users/user-accounts.service.js';
import { verifyPassword } from './secrets.js';
import {
  beginSigninAttempt,
  dropSigninAttempt,
  failSigninAttempt,
  succeedSigninAttempt,
  type SigninAttempt,
} from '../ip-rules/signin-attempts.service.js';
import { totpStepOf } from './totp.js';

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

type Verdict = 'failed' | 'succeeded' | 'undecided';

/** Runs a check counted as a sign-in attempt and settles the attempt with the check's verdict. */
async function counted<T>(
  ctx: AppContext,
  attempt: SigninAttempt,
  check: (settle: (verdict: Verdict) => void) => Promise<T>,
): Promise<T> {
  const state: { verdict: Verdict } = { verdict: 'undecided' };
  try {
    return await check((verdict) => {
      state.verdict = verdict;
    });
  } finally {
    if (state.verdict === 'succeeded') await succeedSigninAttempt(ctx, attempt);
    else if (state.verdict === 'failed') await failSigninAttempt(ctx, attempt);
    else await dropSigninAttempt(ctx, attempt);
  }
}

/**
 * Checks a user's credentials from the caller's address, as sign-in and manager verification do:
 * 1. a BLOCK rule or a block from failed sign-ins: 403 ipAddressBlocked (even with the right password);
 * 2. an empty password without the setting allowEmptyPassword: 400 invalidInput listing body.password;
 * 3. the attempt is counted per address and per account BEFORE the password is checked (see
 *    beginSigninAttempt: 403 ipAddressBlocked / accountSigninBlocked, 429 tooManyRequests);
 * 4. unknown user, wrong password or inactive user: one 401 invalidLoginDetails, a failure
 *    (unknown users are checked against a dummy hash: same timing);
 * 5. policy ALLOW_2FA: the user's TOTP code is required (twoFactorNotConfigured,
 *    authenticationCodeRequired, invalidAuthenticationCode; authenticationCodeAlreadyUsed for a
 *    code of a time step used before; a wrong or reused code counts as a failure).
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
  const attempt = await beginSigninAttempt(ctx, ip, credentials.username);
  return counted(ctx, attempt, async (settle) => {
    const row = await findUserByUsername(ctx.db, credentials.username);
    const matches = await passwordMatches(credentials.password, row?.password_hash ?? null);
    if (!row || !matches || row.active !== 1) {
      settle('failed');
      throw unauthorized('invalidLoginDetails');
    }
    if (access.twoFactorRequired) {
      if (row.totp_enabled !== 1 || !row.totp_secret) throw unauthorized('twoFactorNotConfigured');
      if (!credentials.mfaToken) throw unauthorized('authenticationCodeRequired');
      const step = totpStepOf(row.totp_secret, credentials.mfaToken);
      if (step === null) {
        settle('failed');
        throw unauthorized('invalidAuthenticationCode');
      }
      if (!(await claimTotpStep(ctx.db, row.id, step))) {
        settle('failed');
        throw unauthorized('authenticationCodeAlreadyUsed');
      }
    }
    settle('succeeded');
    return { user: row, access };
  });
}

/**
 * Checks a signed-in user's current password before they change it (so a stolen session can
 * not lock the owner out), counted like a sign-in attempt of the account from the address:
 * 400 currentPasswordRequired when it is missing, 400 currentPasswordIncorrect when wrong.
 */
export async function checkCurrentPassword(
  ctx: AppContext,
  user: Pick<AppUserRow, 'username' | 'password_hash'>,
  password: string | undefined,
  ip: string,
): Promise<void> {
  const field = 'body.currentPassword';
  if (password === undefined) throw badRequest('currentPasswordRequired', { fields: [{ field, message: 'required' }] });
  const attempt = await beginSigninAttempt(ctx, ip, user.username);
  await counted(ctx, attempt, async (settle) => {
    if (!(await passwordMatches(password, user.password_hash))) {
      settle('failed');
      throw badRequest('currentPasswordIncorrect', { fields: [{ field, message: 'wrong password' }] });
    }
    settle('succeeded');
  });
}
