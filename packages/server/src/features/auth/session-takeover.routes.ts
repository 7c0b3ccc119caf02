import type { FastifyInstance } from 'fastify';
import { authEndpoints } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
import { SessionTakeoverService } from './session-takeover.service.js';

/** POST /api/v1/auth/session_takeover/request (public; see SessionTakeoverService). */
export function registerSessionTakeoverRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = new SessionTakeoverService();
  route(app, authEndpoints.requestSessionTakeover, {
    handler: (request) => service.request(ctx, request.body, request.ip),
  });
}
