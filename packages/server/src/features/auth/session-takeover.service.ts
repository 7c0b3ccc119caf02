import type { SessionTakeoverRequest } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { AppError, badRequest } from '../../http/app-error.js';
import { hashToken } from './secrets.js';

/** At most this many takeover requests per caller address per minute. */
const maxRequestsPerMinute = 10;
const windowMs = 60_000;

/**
 * Session takeover requested from a signed-out device's login modal: the
 * device `toDeviceName` asks the signed-in device `fromDeviceName` for its session. The request
 * only reaches that device as REQUEST_SESSION_TAKEOVER; nothing moves until its user agrees and
 * creates a transfer token for `toDeviceName` (POST /api/v1/auth/transfer_token/create/...) with
 * the listener reference of the request: the hash of the asking device's pairing secret, so the
 * token reaches only that device's listener and signs in only with its secret. The request goes
 * only to signed-in listeners of `fromDeviceName` (only they can create a token).
 * Public (the asking device is signed out), so it is rate-limited per address.
 */
export class SessionTakeoverService {
  private readonly recent = new Map<string, number[]>();

  request(ctx: AppContext, body: SessionTakeoverRequest, ip: string): { ok: true } {
    if (body.fromDeviceName.toLowerCase() === body.toDeviceName.toLowerCase()) {
      throw badRequest('canNotTakeOverOwnSession', { deviceName: body.toDeviceName });
    }
    this.countOrRefuse(ip, Date.now());
    ctx.live.sendToDevice(body.fromDeviceName, { signedInOnly: true }, 'REQUEST_SESSION_TAKEOVER', {
      deviceName: body.toDeviceName,
      uniqueSession: null,
      listener: hashToken(body.pairing),
    });
    return { ok: true };
  }

  private countOrRefuse(ip: string, now: number): void {
    const times = (this.recent.get(ip) ?? []).filter((at) => now - at < windowMs);
    if (times.length >= maxRequestsPerMinute) throw new AppError(429, 'tooManyRequests', { retryAfterSeconds: 60 });
    times.push(now);
    this.recent.set(ip, times);
    if (this.recent.size > 10_000) this.recent.clear();
  }
}
