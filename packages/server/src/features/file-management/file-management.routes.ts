import multipart from '@fastify/multipart';
import { attachmentMaxBytes, fileManagementEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { withSingleUpload } from '../../http/multipart-upload.js';
import { sendStoredFile } from '../../http/stored-file.js';
import {
  albumForUpload,
  createFolder,
  deleteObject,
  findAlbumFile,
  getContents,
  getContentsStream,
  moveObject,
  uploadFile,
} from './file-management.service.js';

/**
 * The media library (contract api/file-management.ts). Every route is open to signed-in users;
 * the service refuses changes to files of others (403) unless the caller is an admin. A file is
 * served by its own URL, streamed from disk; getContents withContents streams its answer too.
 */
export function registerFileManagementRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: attachmentMaxBytes, files: 1, fields: 10, parts: 11 } });
    route(scope, endpoints.upload, {
      handler: async (request, reply) => {
        const album = albumForUpload(ctx, request.query.path);
        const principal = requirePrincipal(request);
        const tooLarge = { key: 'attachmentTooLarge', maxBytes: attachmentMaxBytes } as const;
        return withSingleUpload(request, reply, { config: ctx.config, tooLarge }, (upload) =>
          uploadFile(ctx, principal, album, upload),
        );
      },
    });
  });

  route(app, endpoints.contents, {
    handler: async (request, reply) => {
      if (!request.query.withContents) return getContents(ctx, request.query.path);
      // Streamed: the answer's JSON is written as the files are read (album-contents.ts); the
      // schema's serializer is for the answer without bytes.
      const stream = await getContentsStream(ctx, request.query.path);
      return reply.type('application/json; charset=utf-8').send(stream);
    },
  });

  route(app, endpoints.createFolder, { handler: (request) => createFolder(ctx, request.body.path) });

  route(app, endpoints.move, {
    handler: (request) => moveObject(ctx, requirePrincipal(request), request.body.oldPath, request.body.newPath),
  });

  route(app, endpoints.remove, {
    handler: async (request) => {
      await deleteObject(ctx, requirePrincipal(request), request.query.path);
      return { ok: true as const };
    },
  });

  route(app, endpoints.albumFile, {
    handler: async (request, reply) => {
      return sendStoredFile(reply, await findAlbumFile(ctx, request.params.group, request.params.file));
    },
  });
}
