import fs from 'node:fs';
import multipart from '@fastify/multipart';
import {
  itemCodeParamSchema,
  itemImageMaxBytes,
  itemImageParamSchema,
  itemImageUploadAnswerSchema,
  itemSchema,
  updateItemRequestSchema,
} from '@wms/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { anyRole, signedIn } from '../../http/access.js';
import { AppError, badRequest } from '../../http/app-error.js';
import {
  findItemImage,
  findStaticItemImage,
  updateItem,
  uploadItemImage,
  type ImageFile,
} from './item-image.service.js';

const tags = ['items'];
/** Uploading and choosing item images is master-data editing, as setting barcodes is. */
const masterDataEditing = anyRole('barcodeSetup');
const maxMb = itemImageMaxBytes / (1024 * 1024);
const staticFileParamSchema = z.object({ file: z.string().min(1).max(300) });

function sendImage(reply: FastifyReply, image: ImageFile) {
  return reply
    .type(image.contentType)
    .header('content-length', image.size)
    .header('cache-control', 'private, max-age=60')
    .header('x-content-type-options', 'nosniff')
    .send(fs.createReadStream(image.file));
}

const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

const invalidUpload = () =>
  badRequest('invalidInput', {
    fields: [{ field: 'body.file', message: 'a multipart/form-data upload with one file in field "file"' }],
  });

/** The one file of field `file` of a multipart request (400 otherwise; 413 imageTooLarge over the limit). */
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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'imageTooLarge', { maxMb });
    if (code === 'FST_FILES_LIMIT') throw invalidUpload();
    throw error;
  }
  if (upload === null) throw invalidUpload();
  return upload;
}

/**
 * Item images (spec 01 section 7): upload (multipart, field `file`, one file of at most 5 MB;
 * larger is 413 imageTooLarge {maxMb}), updateItem (PUT, the image path), the image of an item
 * by its URL-safe base64 code, and the uploaded files under /userdata/static/item_images/.
 * Multipart parsing is registered for the upload route only.
 */
export function registerItemImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: itemImageMaxBytes, files: 1, fields: 10, parts: 11 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/v1/item/:code/image',
      {
        config: masterDataEditing,
        schema: { tags, params: itemCodeParamSchema, response: { 200: itemImageUploadAnswerSchema } },
      },
      async (request) => uploadItemImage(ctx, request.params.code, await readUpload(request)),
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/api/v1/item/:code',
    {
      config: masterDataEditing,
      schema: { tags, params: itemCodeParamSchema, body: updateItemRequestSchema, response: { 200: itemSchema } },
    },
    (request) => updateItem(ctx, request.params.code, request.body),
  );

  api.get(
    '/api/v1/item/:code/image',
    { config: signedIn, schema: { tags, params: itemImageParamSchema } },
    async (request, reply) => sendImage(reply, await findItemImage(ctx, request.params.code)),
  );

  api.get(
    '/userdata/static/item_images/:file',
    { config: signedIn, schema: { tags, params: staticFileParamSchema } },
    async (request, reply) => sendImage(reply, await findStaticItemImage(ctx, request.params.file)),
  );
}
