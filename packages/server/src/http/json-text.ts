import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that is already serialized (a cached answer). Fastify does not serialize string
 * payloads, so the route's response schema only documents the shape; the caller guarantees it.
 */
export function sendJsonText(reply: { type(contentType: string): unknown }, json: string): FastifyReply {
  const plain = reply as FastifyReply;
  return plain.type('application/json; charset=utf-8').send(json);
}
