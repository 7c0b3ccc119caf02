import type { FastifyInstance } from 'fastify';
import { importLimits } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../util/time.js';
import * as repository from './import-sessions.repository.js';

const pruneIntervalMs = 24 * 60 * 60_000;
/** A session still READING after this long was left by a crash. */
const readingMaxMs = 60 * 60_000;
/** An expired session's header (what was imported) is kept this long after it expired. */
const expiredKeptMs = 30 * 24 * 60 * 60_000;
const batch = 100;

/**
 * Expires import sessions (Decision 0176): a session older than importLimits.sessionDays is
 * EXPIRED and its rows are deleted (the uploaded data goes); its header stays another 30 days,
 * then goes too. Sessions a crash left READING are deleted. Answers how many sessions it changed.
 */
export async function pruneImportSessions(ctx: AppContext, now = new Date()): Promise<number> {
  const nowText = now.toISOString();
  const readingBefore = new Date(now.getTime() - readingMaxMs).toISOString();
  let changed = 0;
  for (;;) {
    const sessions = await repository.sessionsToExpire(ctx.db, nowText, readingBefore, batch);
    for (const session of sessions) {
      if (session.status === 'READING') {
        await repository.deleteSession(ctx.db, session.id);
      } else {
        await repository.deleteRowsOf(ctx.db, session.id);
        await repository.markExpired(ctx.db, session.id);
      }
      changed++;
    }
    if (sessions.length < batch) break;
  }
  const removed = await repository.deleteExpiredBefore(ctx.db, new Date(now.getTime() - expiredKeptMs).toISOString());
  return changed + Number(removed.numDeletedRows);
}

/**
 * Bounds what one user keeps: beyond the newest importLimits.sessionsKeptPerUser sessions, older
 * ones expire early (their rows are deleted), so uploading file after file holds no more than that.
 */
export async function expireOldestSessionsOf(ctx: AppContext, userId: number): Promise<void> {
  for (;;) {
    const sessions = await repository.sessionsOfUserBeyond(ctx.db, userId, importLimits.sessionsKeptPerUser, batch);
    for (const session of sessions) {
      await repository.deleteRowsOf(ctx.db, session.id);
      await repository.markExpired(ctx.db, session.id);
    }
    if (sessions.length < batch) return;
  }
}

/**
 * Prunes at start and daily. Every instance may run it: expiring or deleting twice is harmless.
 */
export function scheduleImportPruning(app: FastifyInstance, ctx: AppContext): void {
  let running: Promise<void> | undefined;
  const prune = () => {
    running = pruneImportSessions(ctx).then(
      (changed) => {
        if (changed > 0) app.log.info({ changed, at: nowIso() }, 'import sessions pruned');
      },
      (error: unknown) => app.log.warn({ err: error }, 'import session pruning failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    prune();
    timer = setInterval(prune, pruneIntervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
