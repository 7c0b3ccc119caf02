import fs from 'node:fs';
import multipart from '@fastify/multipart';
import { itemActionEndpoints as endpoints, itemImageMaxBytes } from '@wms/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
import { withSingleUpload } from '../../http/multipart-upload.js';
import {
  findItemImage,
  findStaticItemImage,
  updateItem,
  uploadItemImage,
  type ImageFile,
} from './item-image.service.js';

const tags = ['items'];

function sendImage(reply: FastifyReply, image: ImageFile) {
  return reply
    .type(image.contentType)
    .header('content-length', image.size)
    .header('cache-control', 'private, max-age=60')
    .header('x-content-type-options', 'nosniff')
    .send(fs.createReadStream(image.file));
}

/**
 * Item images: upload (multipart, field `file`, one file of at most 5 MB;
 * larger is 413 imageTooLarge {maxMb}), updateItem (PUT, the image path), the image of an item
 * by its URL-safe base64 code, and the uploaded files under /userdata/static/item_images/.
 * Multipart parsing is registered for the upload route only; the upload is streamed to a
 * temporary file (http/multipart-upload.ts), never held in memory.
 */
export function registerItemImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: itemImageMaxBytes, files: 1, fields: 10, parts: 11 } });
    route(scope, endpoints.uploadImage, {
      tags,
      handler: async (request, reply) => {
        const tooLarge = { key: 'imageTooLarge', maxBytes: itemImageMaxBytes } as const;
        return withSingleUpload(request, reply, { config: ctx.config, tooLarge }, (upload) =>
          uploadItemImage(ctx, request.params.code, upload),
        );
      },
    });
  });

  route(app, endpoints.update, { tags, handler: (request) => updateItem(ctx, request.params.code, request.body) });
  route(app, endpoints.image, {
    tags,
    handler: async (request, reply) => sendImage(reply, await findItemImage(ctx, request.params.code)),
  });
  route(app, endpoints.staticImage, {
    tags,
    handler: async (request, reply) => sendImage(reply, await findStaticItemImage(ctx, request.params.file)),
  });
}
