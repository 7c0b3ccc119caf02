import type { FastifyInstance } from 'fastify';
import { analyticsEndpoints as endpoints, analyticsBodyLimitBytes } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
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
    route(scope, endpoints.action, {
      config: rateLimited({ name: 'analytics', per: 'address', ...ctx.config.rateLimits.analytics }),
      bodyLimit: analyticsBodyLimitBytes,
      handler: async (request) => {
        await recordAction(ctx, request.principal?.userId ?? null, request.body);
        return null;
      },
    });
  });
}
