import { sessionEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { closeSession, listSessions } from './sessions.service.js';

/** GET /api/v1/sessions/ and DELETE /api/v1/sessions/{id}. */
export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.list, { handler: async (request) => listSessions(ctx, requirePrincipal(request)) });

  route(app, endpoints.close, {
    handler: async (request) => {
      await closeSession(ctx, requirePrincipal(request), request.params.id);
      return { ok: true as const };
    },
  });
}
