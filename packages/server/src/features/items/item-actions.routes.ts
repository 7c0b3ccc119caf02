import { itemActionEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { getDefaultLocations, setDefaultLocation } from './default-locations.service.js';
import { setBarcode } from './item-barcodes.service.js';
import { printItemLabels } from './item-labels.service.js';
import { setManagedBy } from './managed-by.service.js';

const tags = ['items'];

/**
 * Item actions (contract item-actions.ts): default locations, barcodes, management type and
 * labels (the image: item-image.routes.ts). Roles: information (reads, labels),
 * defaultItemBinLocationEdit, barcodeSetup (barcodes: master-data editing), itemManagedByEdit.
 */
export function registerItemActionRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.defaultLocations, {
    tags,
    handler: (request) => getDefaultLocations(ctx, request.params.code, request.query.filter),
  });
  route(app, endpoints.setDefaultLocation, {
    tags,
    handler: (request) => setDefaultLocation(ctx, request.params.code, request.params.whsCode, request.body),
  });
  route(app, endpoints.setBarcode, { tags, handler: (request) => setBarcode(ctx, request.params.code, request.body) });
  route(app, endpoints.setManagedBy, {
    tags,
    handler: async (request, reply) => {
      const result = await setManagedBy(
        ctx,
        requirePrincipal(request),
        request.params.code,
        request.params.type,
        request.body,
        idempotencyKeyOf(request),
      );
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return result.body;
    },
  });
  for (const [endpoint, size] of [
    [endpoints.label, 'normal'],
    [endpoints.largeLabel, 'large'],
  ] as const) {
    route(app, endpoint, {
      tags,
      handler: (request) => printItemLabels(ctx, requirePrincipal(request), request.body, size),
    });
  }
}
