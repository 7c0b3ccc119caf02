import { importLimits, itemPriceEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
import { listPriceLists, lookupItemPrice, pricesOfList, updatePrices, validatePrices } from './item-prices.service.js';

const tags = ['item prices'];

/**
 * Item price lists (contract item-prices.ts). validate and update take up to 20,000 rows: their
 * body may be as large as an import file (10 MB) rather than the general body limit.
 */
export function registerItemPriceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const bodyLimit = Math.max(ctx.config.bodyLimitBytes, importLimits.maxBytes);
  route(app, endpoints.lists, { tags, handler: () => listPriceLists(ctx) });
  route(app, endpoints.prices, {
    tags,
    handler: (request) => pricesOfList(ctx, request.params.list, request.query),
  });
  route(app, endpoints.validate, { tags, bodyLimit, handler: (request) => validatePrices(ctx, request.body.rows) });
  route(app, endpoints.update, { tags, bodyLimit, handler: (request) => updatePrices(ctx, request.body.rows) });
  route(app, endpoints.itemPrice, {
    tags,
    handler: (request) => lookupItemPrice(ctx, request.params.code, request.query),
  });
}
