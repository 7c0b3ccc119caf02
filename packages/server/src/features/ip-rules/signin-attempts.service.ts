import type { AppContext } from '../../context.js';
import { AppError, forbidden } from '../../http/app-error.js';
import { callerIp } from './ip-access.service.js';
import * as counters from './failed-signin.repository.js';

/** One password check in progress: counted against the address and the account before it runs. */
export interface SigninAttempt {
  ip: string;
  account: string;
  /** The address's count including this attempt. */
  addressFailures: number;
  /** The account's count including this attempt (what a success forgives at the address). */
  accountFailures: number;
}

function isBlocked(state: counters.CounterState, now: number): boolean {
  return state.blocked_until !== null && Date.parse(state.blocked_until) > now;
}

/**
 * Counts a sign-in attempt BEFORE the password is checked, atomically in the database (so
 * parallel requests and several instances share the count), per address and per account (the
 * lower-cased username as typed, known or not). Refuses without checking anything:
 * - 403 ipAddressBlocked / accountSigninBlocked while the address / account is blocked;
 * - 429 tooManyRequests when the limit is already taken by attempts still being checked (the
 *   attempt is not counted; the ones in flight decide whether a block follows).
 * The caller settles the attempt with failSigninAttempt, succeedSigninAttempt or dropSigninAttempt.
 */
export async function beginSigninAttempt(ctx: AppContext, rawIp: string, username: string): Promise<SigninAttempt> {
  const ip = callerIp(rawIp);
  const account = username.trim().toLowerCase();
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const windowStart = new Date(now - ctx.config.signinFailureWindowMinutes * 60_000).toISOString();
  const limit = ctx.config.signinMaxFailures;

  const address = await counters.addAttempt(ctx.db, counters.addressCounter, ip, nowIso, windowStart);
  if (isBlocked(address, now) || address.failures > limit) {
    await counters.removeAttempts(ctx.db, counters.addressCounter, ip, 1);
    if (isBlocked(address, now)) throw forbidden('ipAddressBlocked', { ip, blockedUntil: address.blocked_until });
    throw new AppError(429, 'tooManyRequests', { retryAfterSeconds: 1 });
  }
  const perAccount = await counters.addAttempt(ctx.db, counters.accountCounter, account, nowIso, windowStart);
  if (isBlocked(perAccount, now) || perAccount.failures > limit) {
    await counters.removeAttempts(ctx.db, counters.accountCounter, account, 1);
    await counters.removeAttempts(ctx.db, counters.addressCounter, ip, 1);
    if (isBlocked(perAccount, now)) throw forbidden('accountSigninBlocked', { blockedUntil: perAccount.blocked_until });
    throw new AppError(429, 'tooManyRequests', { retryAfterSeconds: 1 });
  }
  return { ip, account, addressFailures: address.failures, accountFailures: perAccount.failures };
}

/**
 * The attempt failed (wrong password, unknown user, wrong code): it stays counted; a count at the
 * limit blocks. Only an attempt that took the limit's last place writes the block: a count only
 * grows by one begun attempt at a time (one beyond the limit is refused), so while a count is at
 * the limit the attempt that brought it there is still to settle, or has failed and blocked, or
 * has taken its place back. A failure below the limit thus costs no statement here.
 */
export async function failSigninAttempt(ctx: AppContext, attempt: SigninAttempt): Promise<void> {
  const limit = ctx.config.signinMaxFailures;
  if (attempt.addressFailures < limit && attempt.accountFailures < limit) return;
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const until = new Date(now + ctx.config.signinBlockMinutes * 60_000).toISOString();
  if (attempt.addressFailures >= limit)
    await counters.blockAtLimit(ctx.db, counters.addressCounter, attempt.ip, limit, nowIso, until);
  if (attempt.accountFailures >= limit)
    await counters.blockAtLimit(ctx.db, counters.accountCounter, attempt.account, limit, nowIso, until);
}

/**
 * The attempt succeeded: the account's count is cleared; the address forgets this attempt and
 * the account's own earlier failures (a user's typos), but not failures at other accounts, so
 * a success at one account never buys guesses at another.
 */
export async function succeedSigninAttempt(ctx: AppContext, attempt: SigninAttempt): Promise<void> {
  await counters.removeAttempts(ctx.db, counters.addressCounter, attempt.ip, attempt.accountFailures);
  await counters.deleteCounter(ctx.db, counters.accountCounter, attempt.account);
}

/** The attempt ended without a verdict on the secret (e.g. the code is still to be asked): not counted. */
export async function dropSigninAttempt(ctx: AppContext, attempt: SigninAttempt): Promise<void> {
  await counters.removeAttempts(ctx.db, counters.accountCounter, attempt.account, 1);
  await counters.removeAttempts(ctx.db, counters.addressCounter, attempt.ip, 1);
}

/** Forgets an account's failures and lifts its block (a manager set a new password). */
export async function clearAccountAttempts(ctx: AppContext, username: string): Promise<void> {
  await counters.deleteCounter(ctx.db, counters.accountCounter, username.trim().toLowerCase());
}
