import type { FastifyInstance } from 'fastify';
import type { WalSync } from '../db/wal-sync.js';

/**
 * SQLite in a file commits without flushing the WAL (db/wal-sync.ts). No answer leaves before the
 * commits made until then are on disk: the request's own writes, and anything it may have read of
 * other requests' writes. With nothing unflushed an answer costs one comparison.
 */
export function registerDurableAnswers(app: FastifyInstance, walSync: WalSync | undefined): void {
  if (!walSync) return;
  app.addHook('onSend', (_request, _reply, payload, done) => {
    if (!walSync.pending) {
      done(null, payload);
      return;
    }
    walSync.durable().then(
      () => done(null, payload),
      (error: unknown) => done(error as Error),
    );
  });
}
