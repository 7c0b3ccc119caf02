import { multiAddressDeliveryEndpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { locateUnit, putUnit, putWallView, startPutWall } from './put-wall.service.js';

const tags = ['multi-address delivery'];

/** The put wall of /multi_address_delivery (contract multi-address-delivery.ts; decision 0188); role multiAddressDeliveries. */
export function registerMultiAddressDeliveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const endpoints = multiAddressDeliveryEndpoints;
  route(app, endpoints.start, {
    tags,
    handler: (request) => startPutWall(ctx, requirePrincipal(request), request.body),
  });
  route(app, endpoints.view, { tags, handler: (request) => putWallView(ctx, request.params.code) });
  route(app, endpoints.locate, { tags, handler: (request) => locateUnit(ctx, request.params.code, request.body) });
  route(app, endpoints.put, {
    tags,
    handler: (request) => putUnit(ctx, requirePrincipal(request), request.params.code, request.body),
  });
}
