import multipart from '@fastify/multipart';
import { attachmentMaxBytes, documentEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { withSingleUpload } from '../../http/multipart-upload.js';
import { sendStoredFile } from '../../http/stored-file.js';
import {
  addAttachment,
  findAttachmentFile,
  listAttachments,
  removeAttachment,
  writableDocument,
} from './document-attachments.service.js';

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
      return sendStoredFile(reply, await findAttachmentFile(ctx, request.params));
    },
  });

  route(app, endpoints.removeAttachment, {
    handler: async (request) => {
      await removeAttachment(ctx, requirePrincipal(request), request.params);
      return { ok: true as const };
    },
  });
}
