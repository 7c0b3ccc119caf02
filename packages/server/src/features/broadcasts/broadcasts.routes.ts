import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createBroadcastRequestSchema,
  createdBroadcastSchema,
  idParamSchema,
  okSchema,
  topics,
  unreadBroadcastsAnswerSchema,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import { anyRole, requirePrincipal, signedIn } from '../../http/access.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { createBroadcast, listUnread, markRead, unreadOnSubscribe } from './broadcasts.service.js';

/** Broadcasts: create (role broadcasting), the caller's unread ones, mark one read. */
export function registerBroadcastRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['broadcasts'];

  api.post(
    '/api/v1/broadcasts',
    {
      config: anyRole('broadcasting'),
      schema: { tags, body: createBroadcastRequestSchema, response: { 201: createdBroadcastSchema } },
    },
    async (request, reply) => {
      const result = await createBroadcast(ctx, requirePrincipal(request), request.body, idempotencyKeyOf(request));
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );

  api.get(
    '/api/v1/broadcasts/unread',
    { config: signedIn, schema: { tags, response: { 200: unreadBroadcastsAnswerSchema } } },
    (request) => listUnread(ctx, requirePrincipal(request).userId),
  );

  api.post(
    '/api/v1/broadcasts/:id/read',
    { config: signedIn, schema: { tags, params: idParamSchema, response: { 200: okSchema } } },
    async (request) => {
      await markRead(ctx, requirePrincipal(request), request.params.id);
      return { ok: true as const };
    },
  );

  ctx.live.onSubscribe(topics.broadcasts(), (subscriber) => unreadOnSubscribe(ctx, subscriber));
}
