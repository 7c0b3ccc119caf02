import fs from 'node:fs';
import type { FastifyReply } from 'fastify';

/** An svg was sanitised on upload; opened on its own it still may run and load nothing. */
const svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** `inline` with the uploaded name, encoded (RFC 5987: ' ( ) * too), so no name can break the header. */
const inlineDisposition = (name: string) =>
  `inline; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/**
 * Streams an uploaded file (an album picture, a document attachment) with its checked content
 * type, its length, no caching by others, nosniff, and a sandboxing policy for an svg; with a
 * name, as an inline download under that name.
 */
export function sendStoredFile(
  reply: FastifyReply,
  found: { file: string; contentType: string; size: number; name?: string },
): FastifyReply {
  void reply
    .type(found.contentType)
    .header('content-length', found.size)
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff');
  if (found.name !== undefined) void reply.header('content-disposition', inlineDisposition(found.name));
  if (found.contentType === 'image/svg+xml') void reply.header('content-security-policy', svgPolicy);
  return reply.send(fs.createReadStream(found.file));
}
