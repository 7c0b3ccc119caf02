import { masterDataEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
import * as items from './item-master.service.js';
import * as locations from './location-master.service.js';
import * as partners from './partner-master.service.js';
import * as warehouses from './warehouse-master.service.js';

/**
 * Standalone master data (contract master-data.ts; docs/decisions/0179-standalone-master-data.md).
 * Every route needs masterDataManager; every write answers 409 masterDataOwnedByErp unless the
 * ERP type is NONE (checked by the services).
 */
export function registerMasterDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['master data'];
  route(app, endpoints.listItems, { tags, handler: (request) => items.listItems(ctx, request.query) });
  route(app, endpoints.getItem, { tags, handler: (request) => items.getItem(ctx, request.params.code) });
  route(app, endpoints.createItem, { tags, handler: (request) => items.createItem(ctx, request.body) });
  route(app, endpoints.updateItem, {
    tags,
    handler: (request) => items.updateItem(ctx, request.params.code, request.body),
  });

  route(app, endpoints.listBinLocations, { tags, handler: (request) => locations.listLocations(ctx, request.query) });
  route(app, endpoints.getBinLocation, { tags, handler: (request) => locations.getLocation(ctx, request.params.code) });
  route(app, endpoints.createBinLocation, { tags, handler: (request) => locations.createLocation(ctx, request.body) });
  route(app, endpoints.updateBinLocation, {
    tags,
    handler: (request) => locations.updateLocation(ctx, request.params.code, request.body),
  });

  route(app, endpoints.listWarehouses, { tags, handler: (request) => warehouses.listWarehouses(ctx, request.query) });
  route(app, endpoints.getWarehouse, { tags, handler: (request) => warehouses.getWarehouse(ctx, request.params.code) });
  route(app, endpoints.createWarehouse, { tags, handler: (request) => warehouses.createWarehouse(ctx, request.body) });
  route(app, endpoints.updateWarehouse, {
    tags,
    handler: (request) => warehouses.updateWarehouse(ctx, request.params.code, request.body),
  });

  route(app, endpoints.listBusinessPartners, { tags, handler: (request) => partners.listPartners(ctx, request.query) });
  route(app, endpoints.getBusinessPartner, {
    tags,
    handler: (request) => partners.getPartner(ctx, request.params.code),
  });
  route(app, endpoints.createBusinessPartner, {
    tags,
    handler: (request) => partners.createPartner(ctx, request.body),
  });
  route(app, endpoints.updateBusinessPartner, {
    tags,
    handler: (request) => partners.updatePartner(ctx, request.params.code, request.body),
  });
  route(app, endpoints.createAddress, {
    tags,
    handler: (request) => partners.createAddress(ctx, request.params.code, request.body),
  });
  route(app, endpoints.updateAddress, {
    tags,
    handler: (request) => partners.updateAddress(ctx, request.params.code, request.params.addressCode, request.body),
  });
}
