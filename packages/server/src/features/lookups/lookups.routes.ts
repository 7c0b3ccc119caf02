import { lookupEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
import * as lookups from './lookups.service.js';

/** Batch, serial, business partner and order lookups (contract lookups.ts); all need `information`. */
export function registerLookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.findBatches, {
    handler: (request) => lookups.findBatches(ctx, request.params.code, request.query.itemCode),
  });
  route(app, endpoints.autocompleteBatches, {
    handler: (request) => lookups.autocompleteBatches(ctx, request.params.text, request.query.itemCode),
  });
  route(app, endpoints.findSerials, {
    handler: (request) => lookups.findSerials(ctx, request.params.code, request.query.itemCode),
  });
  route(app, endpoints.autocompleteSerials, {
    handler: (request) => lookups.autocompleteSerials(ctx, request.params.text, request.query.itemCode),
  });
  route(app, endpoints.autocompleteBusinessPartners, {
    handler: (request) => lookups.autocompleteBusinessPartners(ctx, request.params.text),
  });
  route(app, endpoints.businessPartner, { handler: (request) => lookups.getBusinessPartner(ctx, request.params.code) });
  route(app, endpoints.autocompleteOrders, {
    handler: (request) => lookups.autocompleteOrders(ctx, request.params.text),
  });
  route(app, endpoints.order, { handler: (request) => lookups.getOrder(ctx, request.params.code) });
}
