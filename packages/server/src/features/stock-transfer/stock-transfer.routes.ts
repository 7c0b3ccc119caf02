import { stockTransferEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { badRequest } from '../../http/app-error.js';
import { route } from '../../http/endpoint-route.js';
import { idempotencyKeyOf, type IdempotentResult } from '../../http/idempotency.js';
import { transferLines, transferLocation, validateTransfer } from './stock-transfer.service.js';

const tags = ['stock transfer'];

/** The Idempotency-Key of a moving request: required (400 idempotencyKeyRequired), 8-128 visible characters. */
function requiredIdempotencyKey(request: FastifyRequest): string {
  const key = idempotencyKeyOf(request);
  if (key === undefined) throw badRequest('idempotencyKeyRequired');
  return key;
}

function answer<T>(reply: FastifyReply, result: IdempotentResult<T>): T {
  if (result.replayed) void reply.header('idempotent-replayed', 'true');
  return result.body;
}

/**
 * Stock transfer routes (contract stock-transfer.ts): validateRequest, lines and location under
 * /api/v1/operations/stock_transfer/ (the QC lock route: location-block.routes.ts). Every
 * route needs stockTransfer; moving from or to a restricted location also needs
 * stockTransferAuthMoveRestricted (checked by the stock service).
 */
export function registerStockTransferRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.validate, {
    tags,
    handler: (request) => validateTransfer(ctx, requirePrincipal(request), request.body),
  });

  route(app, endpoints.lines, {
    tags,
    handler: async (request, reply) =>
      answer(reply, await transferLines(ctx, requirePrincipal(request), request.body, requiredIdempotencyKey(request))),
  });

  route(app, endpoints.location, {
    tags,
    handler: async (request, reply) =>
      answer(
        reply,
        await transferLocation(ctx, requirePrincipal(request), request.body, requiredIdempotencyKey(request)),
      ),
  });
}
