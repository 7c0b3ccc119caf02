import type { FastifyInstance } from 'fastify';
import { authEndpoints as endpoints } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { clientInfo } from './client-info.js';
import { setSessionCookie } from './session-cookie.js';
import { createTransferToken, useTransferToken } from './transfer-token.service.js';

/** Session transfer to another device: create (signed in) and use (public, signs the device in). */
export function registerTransferTokenRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.createTransferToken, {
    handler: (request) => createTransferToken(ctx, requirePrincipal(request), request.params.deviceName, request.body),
  });

  route(app, endpoints.useTransferToken, {
    handler: async (request, reply) => {
      const used = await useTransferToken(ctx, request.body, clientInfo(request));
      setSessionCookie(reply, ctx.config, used.token, used.expiresAt);
      return used.answer;
    },
  });
}
