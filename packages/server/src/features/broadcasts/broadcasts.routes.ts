import type { FastifyInstance } from 'fastify';
import { broadcastEndpoints as endpoints, topics } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { createBroadcast, listUnread, markRead, unreadOnSubscribe } from './broadcasts.service.js';

/** Broadcasts: create (role broadcasting), the caller's unread ones, mark one read. */
export function registerBroadcastRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.create, {
    handler: async (request, reply) => {
      const result = await createBroadcast(ctx, requirePrincipal(request), request.body, idempotencyKeyOf(request));
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return result.body;
    },
  });

  route(app, endpoints.unread, { handler: (request) => listUnread(ctx, requirePrincipal(request).userId) });

  route(app, endpoints.markRead, {
    handler: async (request) => {
      await markRead(ctx, requirePrincipal(request), request.params.id);
      return { ok: true as const };
    },
  });

  ctx.live.onSubscribe(topics.broadcasts(), (subscriber) => unreadOnSubscribe(ctx, subscriber));
}
