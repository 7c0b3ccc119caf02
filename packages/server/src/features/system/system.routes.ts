import type { FastifyInstance } from 'fastify';
import { systemEndpoints as endpoints } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { rateLimited } from '../../http/rate-limit.js';
import { scheduleBugReportPruning } from './bug-report-pruning.js';
import { listBugReports, submitBugReport } from './system.service.js';

/**
 * Bug reports: submitted from the error page (possibly before sign-in), read by admins. A report
 * is bounded in size (413 payloadTooLarge) and rate, per address and per session (429
 * tooManyRequests); old reports are pruned (see bug-report-pruning.ts).
 */
export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext) {
  const { rateLimits } = ctx.config;
  scheduleBugReportPruning(app, ctx);

  route(app, endpoints.submitBugReport, {
    config: rateLimited(
      { name: 'bugReport', per: 'address', ...rateLimits.bugReport },
      { name: 'bugReportSession', per: 'session', ...rateLimits.bugReportPerSession },
    ),
    // BUG_REPORT_MAX_BYTES, unless the server's BODY_LIMIT_BYTES is lower still.
    bodyLimit: Math.min(ctx.config.bugReports.maxBytes, ctx.config.bodyLimitBytes),
    handler: async (request) => {
      const result = await submitBugReport(ctx, {
        report: request.body.report,
        userId: request.principal?.userId ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        idempotencyKey: idempotencyKeyOf(request),
      });
      return result.body;
    },
  });

  route(app, endpoints.bugReports, { handler: async () => ({ reports: await listBugReports(ctx) }) });
}
