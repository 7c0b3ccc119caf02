import { binLocationEndpoints as endpoints, codeKey } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { sendCachedJson } from '../../http/cached-json.js';
import { syncCountingCounter } from './bin-location-edits.service.js';
import * as locations from './bin-locations.service.js';

const tags = ['bin locations'];

/**
 * Bin locations under /api/v1/bin_location/ (contract bin-locations.ts): the reads here, the
 * edits and labels in bin-location-edits.routes.ts. The static paths (warehouses, find/,
 * autocomplete/, label, large_label) win over /:code in the router.
 */
export function registerBinLocationRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.warehouses, { tags, handler: () => locations.getWarehouses(ctx) });

  route(app, endpoints.find, {
    tags,
    handler: async (request, reply) => {
      await sendCachedJson(ctx, reply, 'location.find', codeKey(request.params.code), () =>
        locations.findBinLocation(ctx, request.params.code),
      );
      return reply;
    },
  });

  route(app, endpoints.autocomplete, { tags, handler: (request) => locations.autocomplete(ctx, request.params.text) });

  route(app, endpoints.get, { tags, handler: (request) => locations.getBinLocation(ctx, request.params.code) });

  route(app, endpoints.contents, {
    tags,
    handler: (request) => locations.getContents(ctx, request.params.code, requirePrincipal(request)),
  });

  route(app, endpoints.history, {
    tags,
    handler: (request) => locations.getHistory(ctx, request.params.code, request.query.offset, request.query.limit),
  });

  route(app, endpoints.defaultFor, { tags, handler: (request) => locations.getDefaultFor(ctx, request.params.code) });

  route(app, endpoints.itemsToCount, {
    tags,
    handler: (request) => locations.getItemsToCount(ctx, request.params.code),
  });

  // The /wall_to_wall counter is derived from the locations: set it once the app is ready.
  app.addHook('onReady', async () => {
    await syncCountingCounter(ctx).catch((error: unknown) =>
      app.log.warn({ err: error }, '/wall_to_wall counter not set at start'),
    );
  });
}
