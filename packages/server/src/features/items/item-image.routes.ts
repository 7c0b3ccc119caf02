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
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { anyRole, signedIn } from '../../http/access.js';
import { withSingleUpload } from '../../http/multipart-upload.js';
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
const staticFileParamSchema = z.object({ file: z.string().min(1).max(300) });

function sendImage(reply: FastifyReply, image: ImageFile) {
  return reply
    .type(image.contentType)
    .header('content-length', image.size)
    .header('cache-control', 'private, max-age=60')
    .header('x-content-type-options', 'nosniff')
    .send(fs.createReadStream(image.file));
}

/**
 * Item images (spec 01 section 7): upload (multipart, field `file`, one file of at most 5 MB;
 * larger is 413 imageTooLarge {maxMb}), updateItem (PUT, the image path), the image of an item
 * by its URL-safe base64 code, and the uploaded files under /userdata/static/item_images/.
 * Multipart parsing is registered for the upload route only; the upload is streamed to a
 * temporary file (http/multipart-upload.ts), never held in memory.
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
      async (request, reply) => {
        const tooLarge = { key: 'imageTooLarge', maxBytes: itemImageMaxBytes } as const;
        return withSingleUpload(request, reply, { config: ctx.config, tooLarge }, (upload) =>
          uploadItemImage(ctx, request.params.code, upload),
        );
      },
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
