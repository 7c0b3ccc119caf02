import { expandRoles, type Role } from '@wms/contract';
import type { Principal } from '../../http/access.js';
import { badRequest, forbidden } from '../../http/app-error.js';
import { commonPasswords } from './common-passwords.js';

/**
 * Who may do what to a user account. The rules, in one place:
 * - A userManager manages every account; anyone else reads and changes only their own settings.
 * - Nobody raises their own roles (removing your own roles is allowed to a userManager).
 * - A user grants only roles they hold themselves (after hierarchy expansion; an admin holds all).
 * - Only an admin manages another admin's account (roles, settings, password, 2FA, API keys),
 *   so a user manager can not take over an admin account by setting its password or a key.
 */
export function isUserManager(caller: Principal): boolean {
  return caller.expandedRoles.has('userManager');
}

export function isSelf(caller: Principal, userId: number): boolean {
  return caller.userId === userId;
}

/** Reading a user: a userManager, or the user themself. */
export function assertCanView(caller: Principal, userId: number): void {
  if (!isSelf(caller, userId) && !isUserManager(caller)) throw forbidden();
}

/** Acting on someone else's account: a userManager, and an admin when the account is an admin's. */
export function assertCanManageOther(caller: Principal, targetRoles: readonly Role[]): void {
  if (!isUserManager(caller)) throw forbidden();
  if (targetRoles.includes('admin') && !caller.expandedRoles.has('admin')) throw forbidden('canNotManageAdminUser');
}

/** Acting on an account as its owner or as its manager (API keys, reading sessions). */
export function assertCanActOn(caller: Principal, userId: number, targetRoles: readonly Role[]): void {
  if (!isSelf(caller, userId)) assertCanManageOther(caller, targetRoles);
}

/** Roles in `next` that `current` does not have (the 'none' placeholder aside). */
export function addedRoles(current: readonly Role[], next: readonly Role[]): Role[] {
  const held = new Set(current);
  return [...new Set(next)].filter((role) => role !== 'none' && !held.has(role));
}

/** A role list that grants something the current one does not, after expansion. */
export function raisesRoles(current: readonly Role[], next: readonly Role[]): Role[] {
  const before = new Set(expandRoles(current));
  return expandRoles(next).filter((role) => role !== 'none' && !before.has(role));
}

/** The caller may grant only roles they hold (403 canNotGrantRolesYouDoNotHave, naming them). */
export function assertCanGrant(caller: Principal, granted: readonly Role[]): void {
  const notHeld = granted.filter((role) => role !== 'none' && !caller.expandedRoles.has(role));
  if (notHeld.length > 0) throw forbidden('canNotGrantRolesYouDoNotHave', { roles: notHeld });
}

/** A role change of user `userId` from `current` to `next` by the caller. */
export function assertRoleChangeAllowed(
  caller: Principal,
  userId: number,
  current: readonly Role[],
  next: readonly Role[],
): void {
  if (isSelf(caller, userId)) {
    const raised = raisesRoles(current, next);
    if (raised.length > 0) throw forbidden('canNotRaiseOwnRoles', { roles: raised });
  }
  if (!isUserManager(caller)) throw forbidden();
  assertCanGrant(caller, addedRoles(current, next));
}

export interface PasswordPolicy {
  /** PASSWORD_MIN_LENGTH. */
  minLength: number;
  /** The system setting allowEmptyPassword. */
  allowEmptyPassword: boolean;
}

/**
 * Rules for a new password: empty only when the system setting allowEmptyPassword is on;
 * otherwise at least policy.minLength characters (passwordTooShort), not the username
 * (passwordIsUsername) and not one of the most common passwords (passwordTooCommon), case
 * ignored. (The schema caps the length.) The demo users' short passwords are seeded as hashes
 * and never pass through here.
 */
export function assertPasswordAllowed(password: string, username: string, policy: PasswordPolicy): void {
  if (password === '' && policy.allowEmptyPassword) return;
  const fields = (message: string) => [{ field: 'body.password', message }];
  const { minLength } = policy;
  if ([...password].length < minLength) {
    throw badRequest('passwordTooShort', { minLength, fields: fields(`at least ${minLength} characters`) });
  }
  const lower = password.toLowerCase();
  if (lower === username.trim().toLowerCase())
    throw badRequest('passwordIsUsername', { fields: fields('the username') });
  if (commonPasswords.has(lower)) throw badRequest('passwordTooCommon', { fields: fields('too common') });
}

export function sameRoles(a: readonly Role[], b: readonly Role[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((role) => right.has(role));
}
