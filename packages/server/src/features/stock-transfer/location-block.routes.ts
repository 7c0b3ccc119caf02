import { binLocationSchema, blockStockMovementsParamSchema, blockStockMovementsRequestSchema } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { anyRole } from '../../http/access.js';
import { setBlockStockMovements } from './location-block.service.js';

/** POST /api/v1/bin_location/{code}/setBlockStockMovements/{block} {reason}: the QC lock flow (stockTransfer). */
export function registerLocationBlockRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/bin_location/:code/setBlockStockMovements/:block',
    {
      config: anyRole('stockTransfer'),
      schema: {
        tags: ['bin locations'],
        params: blockStockMovementsParamSchema,
        body: blockStockMovementsRequestSchema,
        response: { 200: binLocationSchema },
      },
    },
    (request) => setBlockStockMovements(ctx, request.params.code, request.params.block, request.body.reason),
  );
}
