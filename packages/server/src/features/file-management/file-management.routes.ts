import fs from 'node:fs';
import multipart from '@fastify/multipart';
import {
  attachmentMaxBytes,
  deleteObjectQuerySchema,
  fileContentsAnswerSchema,
  fileContentsQuerySchema,
  fileEntrySchema,
  fileUploadQuerySchema,
  folderCreateRequestSchema,
  moveObjectRequestSchema,
  okSchema,
} from '@wms/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requirePrincipal, signedIn } from '../../http/access.js';
import { withSingleUpload } from '../../http/multipart-upload.js';
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

const tags = ['fileManagement'];
const svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
const albumFileParamsSchema = z.object({ group: z.string().min(1).max(200), file: z.string().min(1).max(200) });

/**
 * The media library (contract api/file-management.ts). Every route is open to signed-in users;
 * the service refuses changes to files of others (403) unless the caller is an admin. A file is
 * served by its own URL, streamed from disk; getContents withContents streams its answer too.
 */
export function registerFileManagementRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: attachmentMaxBytes, files: 1, fields: 10, parts: 11 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/file_management/upload',
      {
        config: signedIn,
        schema: { tags, querystring: fileUploadQuerySchema, response: { 201: fileEntrySchema } },
      },
      async (request, reply) => {
        const album = albumForUpload(ctx, request.query.path);
        const principal = requirePrincipal(request);
        const tooLarge = { key: 'attachmentTooLarge', maxBytes: attachmentMaxBytes } as const;
        const entry = await withSingleUpload(request, reply, { config: ctx.config, tooLarge }, (upload) =>
          uploadFile(ctx, principal, album, upload),
        );
        return reply.code(201).send(entry);
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/file_management/contents',
    {
      config: signedIn,
      schema: { tags, querystring: fileContentsQuerySchema, response: { 200: fileContentsAnswerSchema } },
    },
    async (request, reply) => {
      if (!request.query.withContents) return getContents(ctx, request.query.path);
      // Streamed: the answer's JSON is written as the files are read (album-contents.ts); the
      // schema's serializer is for the answer without bytes.
      const stream = await getContentsStream(ctx, request.query.path);
      const untyped: FastifyReply = reply;
      return untyped.type('application/json; charset=utf-8').send(stream);
    },
  );

  api.post(
    '/api/v1/file_management/folder',
    { config: signedIn, schema: { tags, body: folderCreateRequestSchema, response: { 201: fileEntrySchema } } },
    async (request, reply) => reply.code(201).send(await createFolder(ctx, request.body.path)),
  );

  api.post(
    '/api/v1/file_management/move',
    { config: signedIn, schema: { tags, body: moveObjectRequestSchema, response: { 200: fileEntrySchema } } },
    (request) => moveObject(ctx, requirePrincipal(request), request.body.oldPath, request.body.newPath),
  );

  api.delete(
    '/api/v1/file_management/object',
    { config: signedIn, schema: { tags, querystring: deleteObjectQuerySchema, response: { 200: okSchema } } },
    async (request) => {
      await deleteObject(ctx, requirePrincipal(request), request.query.path);
      return { ok: true as const };
    },
  );

  api.get(
    '/userdata/temp/albums/:group/:file',
    { config: signedIn, schema: { tags, params: albumFileParamsSchema } },
    async (request, reply) => {
      const found = await findAlbumFile(ctx, request.params.group, request.params.file);
      void reply
        .type(found.contentType)
        .header('content-length', found.size)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff');
      // An svg was sanitised on upload; opened on its own it still may run and load nothing.
      if (found.contentType === 'image/svg+xml') void reply.header('content-security-policy', svgPolicy);
      return reply.send(fs.createReadStream(found.file));
    },
  );
}
