import { expandRoles } from '@wms/contract';
import type { Db } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { hashToken, newToken } from './secrets.js';
import * as sessions from './session.repository.js';

export interface SessionMeta {
  uniqueSession: string | null;
  deviceName: string | null;
  ip: string | null;
  userAgent: string | null;
}

interface CachedSession {
  principal: Principal;
  userId: number;
  expiresAt: number;
  /** The last request known here: this instance's own, or the database's last_seen_at. */
  lastSeenAt: number;
  /** The newest last_seen_at known to be in the database. */
  lastWrittenAt: number;
  /** When this entry was read from the database. */
  loadedAt: number;
}

/** How long a resolved session is trusted without reading the database again. */
const cacheTtlMs = 5_000;
const maxCachedSessions = 20_000;
/**
 * last_seen_at is written at most this often per session (a tenth of the idle time, at most a
 * minute), so a busy session costs one write a minute, not one per request. The database's
 * value may thus lag a session's last request by up to this interval; idleness is judged with
 * that much slack, so a session in use never idles out (it ends between idle and idle + interval
 * after its last request).
 */
export function touchIntervalFor(idleMs: number): number {
  return Math.max(1000, Math.min(60_000, Math.floor(idleMs / 10)));
}

export function parseRoles(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Server-side sessions: a random 256-bit token in an httpOnly cookie, stored hashed, with an
 * idle and an absolute expiry. Resolved sessions are cached for a few seconds so that a request
 * costs no database read; closing a session or changing a user drops the cache entries at once
 * (and on other instances through the live backplane's invalidation).
 */
export class SessionService {
  private readonly cache = new Map<string, CachedSession>();
  private readonly forgetUserListeners: ((userId: number) => void)[] = [];
  private readonly idleMs: number;
  private readonly maxMs: number;
  private readonly touchIntervalMs: number;

  constructor(
    private readonly db: Db,
    options: { idleMinutes: number; maxHours: number },
    /** Called after a session is deleted, to close its live sockets everywhere. */
    private readonly onClosed: (sessionIds: number[]) => void = () => {},
  ) {
    this.idleMs = options.idleMinutes * 60_000;
    this.maxMs = options.maxHours * 3_600_000;
    this.touchIntervalMs = touchIntervalFor(this.idleMs);
  }

  async create(userId: number, meta: SessionMeta): Promise<{ token: string; sessionId: number; expiresAt: string }> {
    const token = newToken();
    const now = Date.now();
    const expiresAt = new Date(now + this.maxMs).toISOString();
    const sessionId = await sessions.insertSession(this.db, {
      tokenHash: hashToken(token),
      userId,
      ...meta,
      createdAt: new Date(now).toISOString(),
      expiresAt,
    });
    return { token, sessionId, expiresAt };
  }

  /**
   * The principal of a session token when it is cached and needs no work (no expiry, no
   * last-seen write due); undefined otherwise, and then resolve() does the rest. Lets the hot
   * path of every request stay synchronous.
   */
  resolveCached(token: string): Principal | undefined {
    const cached = this.cache.get(token);
    if (!cached) return undefined;
    const now = Date.now();
    if (now - cached.loadedAt >= cacheTtlMs || this.isExpired(cached, now)) return undefined;
    if (now - cached.lastWrittenAt >= this.touchIntervalMs) return undefined;
    cached.lastSeenAt = now;
    return cached.principal;
  }

  /** The principal of a session token, or null when unknown, expired or idle too long. */
  async resolve(token: string): Promise<Principal | null> {
    const now = Date.now();
    // The in-memory cache is keyed by the token itself, so a hit costs no hashing; only the
    // hash is ever stored in the database.
    const cached = this.cache.get(token);
    if (cached && now - cached.loadedAt < cacheTtlMs) {
      if (this.isExpired(cached, now)) {
        this.cache.delete(token);
        return null;
      }
      await this.touchIfDue(cached, now);
      return cached.principal;
    }
    const row = await sessions.findSessionWithUser(this.db, hashToken(token));
    if (!row || row.active !== 1) {
      this.cache.delete(token);
      return null;
    }
    const seenAt = Date.parse(row.last_seen_at);
    const entry: CachedSession = {
      principal: {
        userId: row.user_id,
        username: row.username,
        expandedRoles: new Set(expandRoles(parseRoles(row.roles))),
        sessionId: row.id,
        apiKeyId: null,
      },
      userId: row.user_id,
      expiresAt: Date.parse(row.expires_at),
      // A request this instance served since the last write counts too.
      lastSeenAt: Math.max(seenAt, cached?.lastSeenAt ?? 0),
      lastWrittenAt: Math.max(seenAt, cached?.lastWrittenAt ?? 0),
      loadedAt: now,
    };
    if (this.isExpired(entry, now)) {
      await this.close(row.id);
      return null;
    }
    if (this.cache.size >= maxCachedSessions) this.dropStale(now);
    this.cache.set(token, entry);
    await this.touchIfDue(entry, now);
    return entry.principal;
  }

  async close(sessionId: number): Promise<boolean> {
    const deleted = await sessions.deleteSessionById(this.db, sessionId);
    this.forget((entry) => entry.principal.sessionId === sessionId);
    if (deleted) this.onClosed([sessionId]);
    return deleted;
  }

  async closeAllOfUser(userId: number): Promise<void> {
    const ids = await sessions.deleteSessionsOfUser(this.db, userId);
    this.forgetUser(userId);
    if (ids.length > 0) this.onClosed(ids);
  }

  /** Deletes expired and idle sessions; run periodically. */
  async sweep(): Promise<void> {
    const now = Date.now();
    const ids = await sessions.deleteExpiredSessions(
      this.db,
      new Date(now).toISOString(),
      new Date(now - this.idleMs - this.touchIntervalMs).toISOString(),
    );
    if (ids.length > 0) {
      const closed = new Set(ids);
      this.forget((entry) => closed.has(entry.principal.sessionId ?? -1));
      this.onClosed(ids);
    }
  }

  /** Drops cached principals and /auth/me answers of a user; call it after any change of the user row. */
  forgetUser(userId: number): void {
    this.forget((entry) => entry.userId === userId);
    for (const listener of this.forgetUserListeners) listener(userId);
  }

  /** Runs the listener whenever a user is forgotten, so other per-user caches (/auth/me's) follow. */
  onForgetUser(listener: (userId: number) => void): void {
    this.forgetUserListeners.push(listener);
  }

  /** Drops cached principals of sessions closed on another instance. */
  forgetSessions(sessionIds: readonly number[]): void {
    const closed = new Set(sessionIds);
    this.forget((entry) => closed.has(entry.principal.sessionId ?? -1));
  }

  private forget(predicate: (entry: CachedSession) => boolean): void {
    for (const [key, entry] of this.cache) if (predicate(entry)) this.cache.delete(key);
  }

  /** Keeps the cache bounded: drops entries past their TTL, or everything if that is not enough. */
  private dropStale(now: number): void {
    for (const [key, entry] of this.cache) if (now - entry.loadedAt >= cacheTtlMs) this.cache.delete(key);
    if (this.cache.size >= maxCachedSessions) this.cache.clear();
  }

  /** Past the absolute expiry, or idle: no request for the idle time (plus the write slack). */
  private isExpired(entry: CachedSession, now: number): boolean {
    return now >= entry.expiresAt || now - entry.lastSeenAt >= this.idleMs + this.touchIntervalMs;
  }

  /** Records a request: in memory always, in the database when the last write is an interval old. */
  private async touchIfDue(entry: CachedSession, now: number): Promise<void> {
    entry.lastSeenAt = now;
    if (now - entry.lastWrittenAt < this.touchIntervalMs) return;
    entry.lastWrittenAt = now;
    if (entry.principal.sessionId !== null)
      await sessions.touchSession(this.db, entry.principal.sessionId, new Date(now).toISOString());
  }
}
