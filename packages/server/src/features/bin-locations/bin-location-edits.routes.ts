import { binLocationEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import * as edits from './bin-location-edits.service.js';

const tags = ['bin locations'];

/** Bin location edits and labels; each edit answers the updated location (contract bin-locations.ts). */
export function registerBinLocationEditRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.setPreferredOrder, {
    tags,
    handler: (request) => edits.setPreferredOrder(ctx, request.params.code, request.body.orderCode),
  });

  route(app, endpoints.setCountingState, {
    tags,
    handler: (request) => edits.setCountingState(ctx, request.params.code, request.body),
  });

  route(app, endpoints.setReadyForProcessing, {
    tags,
    handler: (request) => edits.setReadyForProcessing(ctx, request.params.code, request.params.ready),
  });

  route(app, endpoints.setBarcode, {
    tags,
    handler: (request) => edits.setBarcode(ctx, request.params.code, request.body.barcode),
  });

  route(app, endpoints.setLocationType, {
    tags,
    handler: (request) => edits.setLocationType(ctx, request.params.code, request.params.type),
  });

  route(app, endpoints.setPhysicalLocationType, {
    tags,
    handler: (request) => edits.setPhysicalLocationType(ctx, request.params.code, request.params.type),
  });

  for (const [endpoint, size] of [
    [endpoints.label, 'normal'],
    [endpoints.largeLabel, 'large'],
  ] as const) {
    route(app, endpoint, {
      tags,
      handler: (request) => edits.printLocationLabels(ctx, requirePrincipal(request), request.body, size),
    });
  }
}
