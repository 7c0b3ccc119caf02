import { batchCorrectionEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { correctBatch } from './batch-correction.service.js';
import { fixBatchExpiry } from './batch-expiry.service.js';

const tags = ['stock corrections'];

/** /api/v1/stock_corrections (contract batch-correction.ts; decision 0190); role stockCorrections. */
export function registerStockCorrectionRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.batchCorrection, {
    tags,
    handler: (request) => correctBatch(ctx, requirePrincipal(request), request.body),
  });
  route(app, endpoints.batchExpiry, {
    tags,
    handler: (request) => fixBatchExpiry(ctx, requirePrincipal(request), request.body),
  });
}
