import { stockTransferEndpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
import { setBlockStockMovements } from './location-block.service.js';

/** POST /api/v1/bin_location/{code}/setBlockStockMovements/{block} {reason}: the QC lock flow (stockTransfer). */
export function registerLocationBlockRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, stockTransferEndpoints.setBlockStockMovements, {
    tags: ['bin locations'],
    handler: (request) => setBlockStockMovements(ctx, request.params.code, request.params.block, request.body.reason),
  });
}
