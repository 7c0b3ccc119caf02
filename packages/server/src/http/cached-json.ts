import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';

/**
 * Sends a master-data lookup's answer kept in ctx.masterData (db/master-data-cache.ts) as JSON
 * text: serialized once, by the route's own serializer (so only declared fields, and checked
 * against the contract outside production), then sent as is while master data stays unchanged.
 */
export async function sendCachedJson(
  ctx: AppContext,
  reply: FastifyReply,
  space: string,
  key: string,
  load: () => Promise<unknown>,
): Promise<void> {
  // The routes' serializers (http/serializer.ts) answer text.
  const json = await ctx.masterData.cached(space, key, async () => reply.serialize(await load()) as string);
  // Sent here; the handler's promise then resolves with nothing, which Fastify accepts once sent.
  void reply.type('application/json; charset=utf-8').send(json);
}
