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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { requirePrincipal, signedIn } from '../../http/access.js';
import { AppError, badRequest } from '../../http/app-error.js';
import {
  albumForUpload,
  createFolder,
  deleteObject,
  findAlbumFile,
  getContents,
  moveObject,
  uploadFile,
} from './file-management.service.js';

const tags = ['fileManagement'];
const svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
const maxMb = attachmentMaxBytes / (1024 * 1024);
const albumFileParamsSchema = z.object({ group: z.string().min(1).max(200), file: z.string().min(1).max(200) });

const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

const invalidUpload = () =>
  badRequest('invalidInput', {
    fields: [{ field: 'body.file', message: 'a multipart/form-data upload with one file in field "file"' }],
  });

/** The one file of field `file` (400 otherwise; 413 attachmentTooLarge {maxMb} over the limit). */
async function readUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw invalidUpload();
  let upload: { fileName: string; bytes: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'file' || upload !== null) throw invalidUpload();
      upload = { fileName: part.filename, bytes };
    }
  } catch (error) {
    const code = errorCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'attachmentTooLarge', { maxMb });
    if (code === 'FST_FILES_LIMIT') throw invalidUpload();
    throw error;
  }
  if (upload === null) throw invalidUpload();
  return upload;
}

/**
 * The media library (contract api/file-management.ts). Every route is open to signed-in users;
 * the service refuses changes to files of others (403) unless the caller is an admin.
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
        const entry = await uploadFile(ctx, requirePrincipal(request), album, await readUpload(request));
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
    (request) => getContents(ctx, request.query.path, request.query.withContents),
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
