import { idParamSchema, okSchema, sessionsAnswerSchema } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requirePrincipal, signedIn } from '../../http/access.js';
import { closeSession, listSessions } from './sessions.service.js';

/** GET /api/v1/sessions/ and DELETE /api/v1/sessions/{id}. */
export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/sessions/',
    { config: signedIn, schema: { tags: ['sessions'], response: { 200: sessionsAnswerSchema } } },
    async (request) => listSessions(ctx, requirePrincipal(request)),
  );

  api.delete(
    '/api/v1/sessions/:id',
    { config: signedIn, schema: { tags: ['sessions'], params: idParamSchema, response: { 200: okSchema } } },
    async (request) => {
      await closeSession(ctx, requirePrincipal(request), request.params.id);
      return { ok: true as const };
    },
  );
}
