import { customGridEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import * as grids from './custom-grids.service.js';

const tags = ['custom grids'];

/** Custom grids of the detail views (contract custom-grids.ts); both need `information`. */
export function registerCustomGridRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.list, {
    tags,
    handler: async (request) => grids.listCustomGrids(ctx, request.params.objectType),
  });
  route(app, endpoints.detail, {
    tags,
    handler: async (request) =>
      grids.getCustomGrid(
        ctx,
        requirePrincipal(request),
        request.params.objectType,
        request.params.index,
        request.params.code,
      ),
  });
}
