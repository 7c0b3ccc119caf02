import type { SessionService } from './session.service.js';

/** The serialized answer without its sessionId and closing brace. */
type CachedMe = string;

/**
 * How long a user's /auth/me answer is reused. Changes of the user are seen at once when the
 * changing code calls ctx.sessions.forgetUser(userId) (which also reaches other instances through
 * the live backplane's invalidation); otherwise within this time.
 */
const ttlMs = 1_000;
const maxEntries = 10_000;

/** A small per-user cache of /auth/me answers, per instance, dropped by SessionService.forgetUser. */
export class MeCache {
  private readonly entries = new Map<number, { value: CachedMe; at: number }>();

  get(userId: number, now = Date.now()): CachedMe | undefined {
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (now - entry.at >= ttlMs) {
      this.entries.delete(userId);
      return undefined;
    }
    return entry.value;
  }

  set(userId: number, value: CachedMe, now = Date.now()): void {
    if (this.entries.size >= maxEntries) this.entries.clear();
    this.entries.set(userId, { value, at: now });
  }

  forget(userId: number): void {
    this.entries.delete(userId);
  }
}

const caches = new WeakMap<SessionService, MeCache>();

/** The /auth/me cache of an app (one per SessionService), wired to its forgetUser. */
export function meCacheOf(sessions: SessionService): MeCache {
  let cache = caches.get(sessions);
  if (!cache) {
    const created = new MeCache();
    sessions.onForgetUser((userId) => created.forget(userId));
    caches.set(sessions, created);
    cache = created;
  }
  return cache;
}
