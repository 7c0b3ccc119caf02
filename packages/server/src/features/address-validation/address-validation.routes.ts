import { addressValidationEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import {
  addressValidationDetail,
  approveAddress,
  editAddress,
  listAddressValidations,
  overrideAddress,
  revalidateAddress,
} from './address-actions.service.js';
import { syncAddressCounter } from './address-live.js';

const tags = ['address validation'];

/** Address validation routes (contract address-validation.ts); the counter is set at start. */
export function registerAddressValidationRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.all, { tags, handler: (request) => listAddressValidations(ctx, request.query) });
  route(app, endpoints.detail, { tags, handler: (request) => addressValidationDetail(ctx.db, request.params.id) });
  route(app, endpoints.edit, {
    tags,
    handler: (request) => editAddress(ctx, requirePrincipal(request), request.params.id, request.body),
  });
  route(app, endpoints.revalidate, {
    tags,
    handler: (request) => revalidateAddress(ctx, requirePrincipal(request), request.params.id, request.body.version),
  });
  route(app, endpoints.approve, {
    tags,
    handler: (request) => approveAddress(ctx, requirePrincipal(request), request.params.id, request.body.version),
  });
  route(app, endpoints.override, {
    tags,
    handler: (request) => overrideAddress(ctx, requirePrincipal(request), request.params.id, request.body),
  });

  app.addHook('onReady', async () => {
    await syncAddressCounter(ctx).catch((error: unknown) =>
      app.log.warn({ err: error }, '/address_validation counter not set at start'),
    );
  });
}
