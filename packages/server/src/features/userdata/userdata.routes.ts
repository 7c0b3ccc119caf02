import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { userdataEndpoints as endpoints } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
import { findBundleFile } from './userdata.service.js';

/**
 * A customer's web specialization bundle: files under
 * <DATA_DIR>/userdata/frontend_bundle/, public because the web app checks for it before
 * sign-in (HEAD /userdata/frontend_bundle/main.js?v={timestamp}, then imports it).
 * Not cached (the client adds ?v=); 404 when absent.
 */
export function registerUserdataRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.frontendBundle, {
    handler: async (request, reply) => {
      const found = await findBundleFile(ctx, request.params['*']);
      void reply
        .type(found.contentType)
        .header('content-length', found.size)
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff');
      if (request.method === 'HEAD') return reply.send();
      return reply.send(fs.createReadStream(found.file));
    },
  });
}
