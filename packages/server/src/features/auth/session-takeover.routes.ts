import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okSchema, sessionTakeoverRequestSchema } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { publicAccess } from '../../http/access.js';
import { SessionTakeoverService } from './session-takeover.service.js';

/** POST /api/v1/auth/session_takeover/request (public; see SessionTakeoverService). */
export function registerSessionTakeoverRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = new SessionTakeoverService();
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/auth/session_takeover/request',
    {
      config: publicAccess,
      schema: { tags: ['auth'], body: sessionTakeoverRequestSchema, response: { 200: okSchema } },
    },
    (request) => service.request(ctx, request.body, request.ip),
  );
}
