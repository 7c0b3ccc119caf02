import type { TwoFactorQrAnswer, User } from '@wms/contract';
import { authenticator } from 'otplib';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.js';
import type { AppUserRow } from '../../db/schema.js';
import type { Principal } from '../../http/access.js';
import { badRequest, notFound } from '../../http/app-error.js';
import { expectOneUpdated } from '../../http/optimistic-lock.js';
import { nowIso } from '../../util/time.js';
import { verifyTotp } from '../auth/totp.js';
import * as repository from './user.repository.js';
import { findUserRowOrThrow, userChanged } from './users.service.js';
import { assertCanActOn } from './user-rules.js';

/** The otpauth issuer shown in authenticator apps. */
const issuer = 'WMS';

/**
 * Two-factor authentication of a user, managed by a userManager:
 * - setup makes a new secret and answers its QR code. It does not switch 2FA on: the user's
 *   previous secret (if any) is replaced and 2FA stays off until `enable` confirms that the
 *   authenticator app produces valid codes, so a half-finished setup never locks anyone out.
 * - view answers the QR code of the stored secret (404 twoFactorNotConfigured when there is none).
 * - reset removes the secret and switches 2FA off.
 * - enable checks a code against the secret of the setup (as sign-in does) and switches 2FA on.
 * Each change bumps the user's version (totpEnabled is part of the user record).
 */
export async function setupTwoFactor(ctx: AppContext, caller: Principal, id: number): Promise<TwoFactorQrAnswer> {
  const row = await findManagedUser(ctx, caller, id);
  const secret = authenticator.generateSecret();
  await save(ctx, row, { totp_secret: secret, totp_enabled: 0, totp_last_step: null });
  return qrAnswer(row.username, secret, false);
}

export async function viewTwoFactor(ctx: AppContext, caller: Principal, id: number): Promise<TwoFactorQrAnswer> {
  const row = await findManagedUser(ctx, caller, id);
  if (!row.totp_secret) throw notFound('twoFactorNotConfigured', { id });
  return qrAnswer(row.username, row.totp_secret, row.totp_enabled === 1);
}

export async function resetTwoFactor(ctx: AppContext, caller: Principal, id: number): Promise<User> {
  const row = await findManagedUser(ctx, caller, id);
  await save(ctx, row, { totp_secret: null, totp_enabled: 0, totp_last_step: null });
  return repository.toUser(await findUserRowOrThrow(ctx.db, id));
}

export async function enableTwoFactor(ctx: AppContext, caller: Principal, id: number, code: string): Promise<User> {
  const row = await findManagedUser(ctx, caller, id);
  if (!row.totp_secret) throw notFound('twoFactorNotConfigured', { id });
  if (!verifyTotp(row.totp_secret, code)) {
    throw badRequest('invalidAuthenticationCode', { fields: [{ field: 'body.code', message: 'wrong code' }] });
  }
  await save(ctx, row, { totp_enabled: 1 });
  return repository.toUser(await findUserRowOrThrow(ctx.db, id));
}

async function findManagedUser(ctx: AppContext, caller: Principal, id: number): Promise<AppUserRow> {
  const row = await findUserRowOrThrow(ctx.db, id);
  assertCanActOn(caller, id, repository.rolesOf(row));
  return row;
}

async function save(
  ctx: AppContext,
  row: AppUserRow,
  changes: { totp_secret?: string | null; totp_enabled: number; totp_last_step?: null },
) {
  const result = await repository.updateUserVersioned(ctx.db, row.id, row.version, changes, nowIso());
  expectOneUpdated(result, { currentVersion: row.version });
  userChanged(ctx, row.id);
}

async function qrAnswer(username: string, secret: string, enabled: boolean): Promise<TwoFactorQrAnswer> {
  const otpauthUrl = authenticator.keyuri(username, issuer, secret);
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUrl, { type: 'image/png', errorCorrectionLevel: 'M' });
  return { otpauthUrl, qrCodeDataUrl, secret, enabled };
}
