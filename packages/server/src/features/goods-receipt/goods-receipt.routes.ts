import { goodsReceiptEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { badRequest } from '../../http/app-error.js';
import { route } from '../../http/endpoint-route.js';
import { idempotencyKeyOf, type IdempotentResult } from '../../http/idempotency.js';
import { finishReceipt } from './goods-receipt-finish.js';
import { printReceiptLabels } from './goods-receipt-labels.js';
import { syncReceiptCounter } from './goods-receipt-live.js';
import {
  batchLots,
  expectedReceipts,
  findReceivable,
  finishedReceipts,
  plannedGoodsReceipt,
} from './goods-receipt-queries.js';
import {
  deleteReceipt,
  getReceipt,
  openReceipt,
  resyncReceipt,
  saveProgress,
  undoEntry,
} from './goods-receipt.service.js';

const tags = ['goods receipt'];

function answered<T>(reply: FastifyReply, result: IdempotentResult<T>): T {
  if (result.replayed) void reply.header('idempotent-replayed', 'true');
  return result.body;
}

/**
 * Goods receipt routes (contract goods-receipt.ts). Every route needs goodsReceipt. Progress and
 * finish need an Idempotency-Key (400 idempotencyKeyRequired); a replay answers the first answer
 * with `idempotent-replayed: true`.
 */
export function registerGoodsReceiptRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.expected, { tags, handler: (request) => expectedReceipts(ctx, request.query.search) });
  route(app, endpoints.find, { tags, handler: (request) => findReceivable(ctx, request.query.scan) });
  route(app, endpoints.open, { tags, handler: (request) => openReceipt(ctx, requirePrincipal(request), request.body) });
  route(app, endpoints.finishedReceipts, {
    tags,
    handler: (request) => finishedReceipts(ctx, request.query.from, request.query.to),
  });
  route(app, endpoints.plannedGoodsReceipt, {
    tags,
    handler: (request) => plannedGoodsReceipt(ctx, request.params.code),
  });
  route(app, endpoints.batchLots, { tags, handler: (request) => batchLots(ctx, request.query.item) });
  route(app, endpoints.get, {
    tags,
    handler: async (request) => ({ receipt: await getReceipt(ctx, request.params.receipt) }),
  });
  route(app, endpoints.progress, {
    tags,
    handler: async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (key === undefined) throw badRequest('idempotencyKeyRequired');
      const result = await saveProgress(ctx, requirePrincipal(request), request.params, request.body, key, request.ip);
      return answered(reply, result);
    },
  });
  route(app, endpoints.undo, { tags, handler: async (request) => ({ receipt: await undoEntry(ctx, request.params) }) });
  route(app, endpoints.resync, {
    tags,
    handler: async (request) => ({ receipt: await resyncReceipt(ctx, request.params.receipt) }),
  });
  route(app, endpoints.finish, {
    tags,
    handler: async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (key === undefined) throw badRequest('idempotencyKeyRequired');
      return answered(reply, await finishReceipt(ctx, requirePrincipal(request), request.params.receipt, key));
    },
  });
  route(app, endpoints.labels, {
    tags,
    handler: (request) => printReceiptLabels(ctx, requirePrincipal(request), request.params.receipt, request.body),
  });
  route(app, endpoints.delete, {
    tags,
    handler: async (request) => ({ receipt: await deleteReceipt(ctx, request.params.receipt) }),
  });

  // The /goods_receipt counter is derived from the documents: set it once the app is ready.
  app.addHook('onReady', () => syncReceiptCounter(ctx));
}
