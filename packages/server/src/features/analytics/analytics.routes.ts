import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsActionRequestSchema, analyticsBodyLimitBytes } from '@wms/contract';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { publicAccess } from '../../http/access.js';
import { rateLimited } from '../../http/rate-limit.js';
import { recordAction } from './analytics.service.js';

/** A body that is not JSON, marked so the error handler answers 400 malformedJson. */
function malformedJson(): SyntaxError & { statusCode: number } {
  return Object.assign(new SyntaxError('malformed JSON'), { statusCode: 400 });
}

/**
 * Beacons (navigator.sendBeacon) from the web app. sendBeacon with a string body sends
 * text/plain, so in this plugin text/plain bodies are read as JSON too.
 */
export async function registerAnalyticsRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: analyticsBodyLimitBytes },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(malformedJson(), undefined);
        }
      },
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/analytics/action',
      {
        config: {
          ...publicAccess,
          ...rateLimited({ name: 'analytics', per: 'address', ...ctx.config.rateLimits.analytics }),
        },
        bodyLimit: analyticsBodyLimitBytes,
        schema: {
          tags: ['analytics'],
          body: analyticsActionRequestSchema,
          response: { 204: z.null().describe('Stored') },
        },
      },
      async (request, reply) => {
        await recordAction(ctx, request.principal?.userId ?? null, request.body);
        return reply.status(204).send(null);
      },
    );
  });
}
