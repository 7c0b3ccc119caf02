import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { publicAccess } from '../../http/access.js';
import { findBundleFile } from './userdata.service.js';

const bundleParamsSchema = z.object({ '*': z.string().max(1000) });

/**
 * A customer's web specialization bundle (spec 02 section 7): files under
 * <DATA_DIR>/userdata/frontend_bundle/, public because the web app checks for it before
 * sign-in (HEAD /userdata/frontend_bundle/main.js?v={timestamp}, then imports it).
 * Not cached (the client adds ?v=); 404 when absent.
 */
export function registerUserdataRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/userdata/frontend_bundle/*',
    { config: publicAccess, schema: { tags: ['userdata'], params: bundleParamsSchema } },
    async (request, reply) => {
      const found = await findBundleFile(ctx, request.params['*']);
      void reply
        .type(found.contentType)
        .header('content-length', found.size)
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff');
      if (request.method === 'HEAD') return reply.send();
      return reply.send(fs.createReadStream(found.file));
    },
  );
}
