import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { pruneBugReports } from './system.service.js';

const bugReportPruneIntervalMs = 3_600_000;

/**
 * Prunes old bug reports at start and every hour (BUG_REPORT_RETENTION_DAYS,
 * BUG_REPORT_MAX_ROWS), so reports and the addresses in them go even when no new report comes;
 * each stored report prunes too. Every instance may run it: deleting twice is harmless.
 */
export function scheduleBugReportPruning(app: FastifyInstance, ctx: AppContext): void {
  let running: Promise<void> | undefined;
  const prune = () => {
    running = pruneBugReports(ctx.db, ctx.config.bugReports).then(
      (deleted) => {
        if (deleted > 0) app.log.info({ deleted }, 'bug reports pruned');
      },
      (error: unknown) => app.log.warn({ err: error }, 'bug report pruning failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    prune();
    timer = setInterval(prune, bugReportPruneIntervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
