import type { BlockedIp, TestIpAnswer } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../http/app-error.js';
import { normalizeIp } from '../../util/cidr.js';
import * as failures from './failed-signin.repository.js';
import { policyFor } from './ip-rules.service.js';

/**
 * What applies to a caller's address: the IP rules' session policy and the block that repeated
 * failed sign-ins put on it (config.signinMaxFailures within config.signinFailureWindowMinutes
 * block the address for config.signinBlockMinutes).
 */
export type IpAccess = TestIpAnswer;

/** The canonical address of a caller (IPv4-mapped IPv6 as IPv4); unparseable text is kept. */
export function callerIp(ip: string): string {
  return normalizeIp(ip) ?? ip;
}

/** 400 listing the field when `ip` is not an address. */
export function ipOrThrow(ip: string, field = 'body.ip'): string {
  const normalized = normalizeIp(ip);
  if (!normalized) throw badRequest('invalidInput', { fields: [{ field, message: 'not an IPv4 or IPv6 address' }] });
  return normalized;
}

export async function accessOf(ctx: AppContext, rawIp: string): Promise<IpAccess> {
  const ip = callerIp(rawIp);
  const [{ policy, rule }, row] = await Promise.all([policyFor(ctx, ip), failures.findFailedSignin(ctx.db, ip)]);
  const now = new Date().toISOString();
  const blockedUntil = row?.blocked_until && row.blocked_until > now ? row.blocked_until : null;
  return {
    ip,
    policy,
    rule,
    twoFactorRequired: policy === 'ALLOW_2FA',
    blocked: policy === 'BLOCK' || blockedUntil !== null,
    blockedByFailures: blockedUntil !== null,
    failures: row?.failures ?? 0,
    blockedUntil,
  };
}

/** The caller's access, or 403 ipAddressBlocked when a BLOCK rule or failed sign-ins block it. */
export async function allowedAccessOrThrow(ctx: AppContext, rawIp: string): Promise<IpAccess> {
  const access = await accessOf(ctx, rawIp);
  if (access.blocked) {
    throw forbidden('ipAddressBlocked', { ip: access.ip, blockedUntil: access.blockedUntil });
  }
  return access;
}

/**
 * Drops the sign-in counters (addresses and accounts) whose window and block are over. Run by
 * the server's minute sweep, so counters for usernames that were only ever guessed do not pile up.
 */
export async function pruneStaleSigninCounters(ctx: AppContext): Promise<void> {
  const now = Date.now();
  await failures.deleteStaleFailedSignins(
    ctx.db,
    new Date(now - ctx.config.signinFailureWindowMinutes * 60_000).toISOString(),
    new Date(now).toISOString(),
  );
}

export async function listBlockedIps(ctx: AppContext): Promise<BlockedIp[]> {
  const now = Date.now();
  await pruneStaleSigninCounters(ctx);
  const rows = await failures.listBlockedIps(ctx.db, new Date(now).toISOString());
  return rows.map((row) => ({ ip: row.ip, failures: row.failures, blockedUntil: row.blocked_until ?? '' }));
}

/** Lifts the block of an address and forgets its failures; 404 when it is not blocked. */
export async function unblockIp(ctx: AppContext, rawIp: string): Promise<void> {
  const ip = ipOrThrow(rawIp);
  const access = await accessOf(ctx, ip);
  if (!access.blockedByFailures) throw notFound('ipAddressNotBlocked', { ip });
  await failures.deleteFailedSignin(ctx.db, ip);
}

/** POST /api/v1/auth/test_ip: the rule, policy and block that apply to an address. */
export async function testIp(ctx: AppContext, rawIp: string): Promise<TestIpAnswer> {
  return accessOf(ctx, ipOrThrow(rawIp));
}
