import fs from 'node:fs';
import multipart from '@fastify/multipart';
import { attachmentMaxBytes, documentEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { withSingleUpload } from '../../http/multipart-upload.js';
import {
  addAttachment,
  findAttachmentFile,
  listAttachments,
  removeAttachment,
  writableDocument,
} from './document-attachments.service.js';

/** An svg was sanitised on upload; opened on its own it still may run and load nothing (as the media library's). */
const svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** `inline` with the uploaded name, encoded (RFC 5987: ' ( ) * too), so no name can break the header. */
const contentDisposition = (name: string) =>
  `inline; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/**
 * Document attachments (contract api/documents.ts). The routes let through the roles of any
 * document type's app; the service checks the roles of the type in the path before the upload is
 * read. Files are streamed from disk with their content type and nosniff.
 */
export function registerDocumentRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: attachmentMaxBytes, files: 1, fields: 10, parts: 11 } });
    route(scope, endpoints.uploadAttachment, {
      handler: async (request, reply) => {
        const principal = requirePrincipal(request);
        const document = await writableDocument(ctx, principal, request.params);
        const tooLarge = { key: 'attachmentTooLarge', maxBytes: attachmentMaxBytes } as const;
        return withSingleUpload(request, reply, { config: ctx.config, tooLarge }, (upload) =>
          addAttachment(ctx, principal, request.params, document, upload),
        );
      },
    });
  });

  route(app, endpoints.attachments, { handler: (request) => listAttachments(ctx, request.params) });

  route(app, endpoints.attachmentFile, {
    handler: async (request, reply) => {
      const found = await findAttachmentFile(ctx, request.params);
      void reply
        .type(found.contentType)
        .header('content-length', found.size)
        .header('content-disposition', contentDisposition(found.name))
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff');
      if (found.contentType === 'image/svg+xml') void reply.header('content-security-policy', svgPolicy);
      return reply.send(fs.createReadStream(found.file));
    },
  });

  route(app, endpoints.removeAttachment, {
    handler: async (request) => {
      await removeAttachment(ctx, requirePrincipal(request), request.params);
      return { ok: true as const };
    },
  });
}
