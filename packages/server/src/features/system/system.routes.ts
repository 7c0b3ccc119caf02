import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bugReportListAnswerSchema, submitBugReportAnswerSchema, submitBugReportRequestSchema } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { anyRole, publicAccess } from '../../http/access.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { listBugReports, submitBugReport } from './system.service.js';

/** Bug reports: submitted from the error page (possibly before sign-in), read by admins. */
export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/v1/system/submitBugReport',
    {
      config: publicAccess,
      schema: {
        tags: ['system'],
        body: submitBugReportRequestSchema,
        response: { 200: submitBugReportAnswerSchema },
      },
    },
    async (request) => {
      const result = await submitBugReport(ctx, {
        report: request.body.report,
        userId: request.principal?.userId ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        idempotencyKey: idempotencyKeyOf(request),
      });
      return result.body;
    },
  );

  api.get(
    '/api/v1/system/bugReports',
    { config: anyRole('admin'), schema: { tags: ['system'], response: { 200: bugReportListAnswerSchema } } },
    async () => ({ reports: await listBugReports(ctx) }),
  );
}
