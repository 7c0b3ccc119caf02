import { setupListEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import * as lists from './setup-lists.service.js';

const tags = ['setup'];

/**
 * The setup apps' lists (contract setup-lists.ts): the barcoder's location walk (barcodeSetup)
 * and the default item location views of a warehouse (defaultItemBinLocationEdit).
 */
export function registerSetupListRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.itemsWithoutBarcode, {
    tags,
    handler: (request) => lists.itemsWithoutBarcode(ctx, requirePrincipal(request), request.params.code),
  });
  for (const [endpoint, read] of [
    [endpoints.warehouseDefaults, lists.warehouseDefaults],
    [endpoints.locationsWithoutDefault, lists.locationsWithoutDefault],
    [endpoints.itemsWithoutDefault, lists.itemsWithoutDefault],
  ] as const) {
    route(app, endpoint, {
      tags,
      handler: (request) =>
        read(ctx, requirePrincipal(request), request.params.whsCode, request.query.offset, request.query.limit),
    });
  }
}
