import { topics } from '@wms/contract';
import type { AppContext } from '../../context.js';

export type ImportPhase = 'READ' | 'VALIDATE' | 'COMMIT';

export interface ImportProgress {
  /** `done` of the phase's rows are through; sent when ~250 ms or a tenth passed since the last. */
  step(done: number): void;
  /** The last message: done = total. */
  finish(): void;
}

const minimumMillis = 250;

/**
 * IMPORT_PROGRESS {sessionId, phase, done, total} on the user's own queue
 * (topics.importProgress()), throttled to one message per ~250 ms or per tenth of the rows,
 * and a last one at done = total (PROCESSES.md 7).
 */
export function importProgress(
  ctx: AppContext,
  userId: number,
  sessionId: string,
  phase: ImportPhase,
  total: number,
): ImportProgress {
  let sentAt = 0;
  let sentDone = -1;
  const send = (done: number) => {
    sentAt = Date.now();
    sentDone = done;
    ctx.live.sendToUsers([userId], topics.importProgress(), 'IMPORT_PROGRESS', { sessionId, phase, done, total });
  };
  return {
    step(done) {
      const count = Math.min(done, total);
      if (count === sentDone) return;
      if (Date.now() - sentAt >= minimumMillis || count - sentDone >= Math.max(1, total / 10)) send(count);
    },
    finish() {
      if (sentDone !== total) send(total);
    },
  };
}
