import type { TransferTokenCreateRequest, TransferTokenUseRequest, TransferTokenUseAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { badRequest, unauthorized } from '../../http/app-error.js';
import { allowedAccessOrThrow } from '../ip-rules/ip-access.service.js';
import { findUserById } from '../users/user-accounts.service.js';
import { startSession, type ClientInfo, type StartedSession } from './auth.service.js';
import { meOf } from './me.service.js';
import { hashToken, newToken } from './secrets.js';
import * as repository from './transfer-token.repository.js';

/** A transfer token is valid this long, and only once. */
export const transferTokenLifetimeMs = 60_000;
/** Used and expired tokens are kept this long (for inspection), then deleted. */
const keepExpiredMs = 24 * 3_600_000;

/**
 * POST /api/v1/auth/transfer_token/create/{deviceName}: a single-use token signing the caller in
 * on the named device, sent as TRANSFER_LOGIN with the path to open over
 * /device_listener/{deviceName}, to the one subscription whose pairing secret was given (from the
 * device's identification code; or its hash, the listener reference of a takeover request). The
 * token is stored hashed, bound to that pairing, and is never part of the answer.
 */
export async function createTransferToken(
  ctx: AppContext,
  principal: Principal,
  deviceNameParam: string,
  request: TransferTokenCreateRequest,
): Promise<{ expiresAt: string }> {
  const deviceName = deviceNameParam.trim();
  const { path } = request;
  if (deviceName === '') throw badRequest('canNotTakeOverSessionToUnnamedDevice');
  const pairingHash = request.pairing ? hashToken(request.pairing) : request.listener;
  if (!pairingHash) throw badRequest('devicePairingRequired');
  const token = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + transferTokenLifetimeMs).toISOString();
  await repository.deleteExpiredTransferTokens(ctx.db, new Date(now - keepExpiredMs).toISOString());
  await repository.insertTransferToken(ctx.db, {
    tokenHash: hashToken(token),
    userId: principal.userId,
    deviceName,
    pairingHash,
    path,
    createdAt: new Date(now).toISOString(),
    expiresAt,
  });
  ctx.live.sendToDevice(deviceName, { pairingHash }, 'TRANSFER_LOGIN', { token, path });
  return { expiresAt };
}

/**
 * POST /api/v1/auth/transfer_token/use: signs this device in as the token's user (a new session
 * named after the token's device). Only with the pairing secret of the listener the token was
 * sent to. Unknown, expired or used tokens, or another pairing: 401 transferTokenInvalid, and
 * nothing changes (the device's current session stays). The address must not be blocked; no
 * TOTP code is asked, since a signed-in user issued the token.
 */
export async function useTransferToken(
  ctx: AppContext,
  { token, pairing }: TransferTokenUseRequest,
  client: ClientInfo,
): Promise<StartedSession & { answer: TransferTokenUseAnswer }> {
  await allowedAccessOrThrow(ctx, client.ip);
  const now = new Date().toISOString();
  const claimed = await repository.claimTransferToken(ctx.db, hashToken(token), hashToken(pairing), now);
  if (!claimed) throw unauthorized('transferTokenInvalid');
  const user = await findUserById(ctx.db, claimed.user_id);
  if (!user || user.active !== 1) throw unauthorized('transferTokenInvalid');
  const session = await startSession(ctx, user.id, claimed.device_name, client);
  const me = meOf(user, session.sessionId);
  return { token: session.token, expiresAt: session.expiresAt, me, answer: { ...me, path: claimed.path } };
}
