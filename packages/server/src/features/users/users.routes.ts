import { userEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { changePassword } from './password.service.js';
import { enableTwoFactor, resetTwoFactor, setupTwoFactor, viewTwoFactor } from './two-factor.service.js';
import * as users from './users.service.js';

/** User administration: list, read, create, update, password, 2FA. */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.list, { handler: async () => users.listUsers(ctx) });

  route(app, endpoints.get, {
    handler: async (request) => users.getUser(ctx, requirePrincipal(request), request.params.id),
  });

  route(app, endpoints.create, {
    handler: async (request, reply) => {
      const result = await users.createUser(ctx, requirePrincipal(request), request.body, idempotencyKeyOf(request));
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return result.body;
    },
  });

  route(app, endpoints.erpUsers, { handler: async () => users.listErpUsers(ctx) });

  route(app, endpoints.simpleUsers, { handler: async () => users.listSimpleUsers(ctx) });

  route(app, endpoints.update, {
    handler: async (request) => users.updateUser(ctx, requirePrincipal(request), request.params.id, request.body),
  });

  route(app, endpoints.changePassword, {
    handler: async (request) => {
      await changePassword(ctx, requirePrincipal(request), request.params.id, request.body, request.ip);
      return { ok: true as const };
    },
  });

  route(app, endpoints.setupTwoFactor, {
    handler: async (request) => setupTwoFactor(ctx, requirePrincipal(request), request.params.id),
  });

  route(app, endpoints.viewTwoFactor, {
    handler: async (request) => viewTwoFactor(ctx, requirePrincipal(request), request.params.id),
  });

  route(app, endpoints.resetTwoFactor, {
    handler: async (request) => resetTwoFactor(ctx, requirePrincipal(request), request.params.id),
  });

  route(app, endpoints.enableTwoFactor, {
    handler: async (request) => enableTwoFactor(ctx, requirePrincipal(request), request.params.id, request.body.code),
  });
}
