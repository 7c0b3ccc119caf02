import { finishedGoodsReceiptEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { badRequest } from '../../http/app-error.js';
import { route } from '../../http/endpoint-route.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { finishedGoodsOrder, receivableOrdersOfItem, receiveFinishedGoods } from './finished-goods-receipt.service.js';

const tags = ['finished goods receipt'];

/**
 * Finished goods receipt routes (contract finished-goods-receipt.ts): an order, the receivable
 * orders of an item, and the receipt. Every route needs goodsReceipt. The receipt needs an
 * Idempotency-Key (400 idempotencyKeyRequired); a replay answers the first answer with
 * `idempotent-replayed: true`.
 */
export function registerFinishedGoodsReceiptRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.orders, { tags, handler: (request) => receivableOrdersOfItem(ctx, request.query.item) });
  route(app, endpoints.order, { tags, handler: (request) => finishedGoodsOrder(ctx, request.params.order) });
  route(app, endpoints.receive, {
    tags,
    handler: async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (key === undefined) throw badRequest('idempotencyKeyRequired');
      const result = await receiveFinishedGoods(
        ctx,
        requirePrincipal(request),
        request.params.order,
        request.body,
        key,
      );
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return result.body;
    },
  });
}
