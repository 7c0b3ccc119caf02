import { goodsReturnEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { badRequest } from '../../http/app-error.js';
import { route } from '../../http/endpoint-route.js';
import { idempotencyKeyOf, type IdempotentResult } from '../../http/idempotency.js';
import { flushReturn } from './goods-returns-flush.js';
import { returnReceiptPdf, printReturn } from './goods-returns-print.js';
import { undoEntry, updateProgressLine } from './goods-returns-progress.js';
import {
  cancelReturn,
  claimReturn,
  createReturnFromOrder,
  listOpenReturns,
  returnDetail,
  syncGoodsReturnsCounter,
} from './goods-returns.service.js';

const tags = ['goods returns'];

function replayed<T>(reply: FastifyReply, result: IdempotentResult<T>): T {
  if (result.replayed) void reply.header('idempotent-replayed', 'true');
  return result.body;
}

function requiredKey(request: Parameters<typeof idempotencyKeyOf>[0]): string {
  const key = idempotencyKeyOf(request);
  if (key === undefined) throw badRequest('idempotencyKeyRequired');
  return key;
}

/**
 * Customer return routes (contract goods-returns.ts). Every route needs salesReturns.
 * update_progress_line and flush need an Idempotency-Key (400 idempotencyKeyRequired); a replay
 * answers the first answer with `idempotent-replayed: true`.
 */
export function registerGoodsReturnRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.open, { tags, handler: () => listOpenReturns(ctx) });
  route(app, endpoints.detail, { tags, handler: (request) => returnDetail(ctx, request.params.code) });
  route(app, endpoints.create, { tags, handler: (request) => createReturnFromOrder(ctx, request.body.salesOrder) });
  route(app, endpoints.claim, {
    tags,
    handler: (request) => claimReturn(ctx, requirePrincipal(request), request.params.code),
  });
  route(app, endpoints.updateProgressLine, {
    tags,
    handler: async (request, reply) => {
      const key = requiredKey(request);
      const caller = requirePrincipal(request);
      return replayed(reply, await updateProgressLine(ctx, caller, request.params.code, request.body, key));
    },
  });
  route(app, endpoints.undoEntry, {
    tags,
    handler: (request) => undoEntry(ctx, requirePrincipal(request), request.params.code, request.params.entryId),
  });
  route(app, endpoints.print, {
    tags,
    handler: (request) => printReturn(ctx, requirePrincipal(request), request.params.code, request.body.printer),
  });
  route(app, endpoints.receipt, {
    tags,
    handler: async (request, reply) => {
      const document = await returnReceiptPdf(ctx, request.params.code);
      if (document === null) return reply.code(204).send();
      return reply
        .header('content-type', document.mediaType)
        .header('content-disposition', `inline; filename="return-${encodeURIComponent(request.params.code)}.pdf"`)
        .send(document.bytes);
    },
  });
  route(app, endpoints.flush, {
    tags,
    handler: async (request, reply) => {
      const key = requiredKey(request);
      return replayed(reply, await flushReturn(ctx, requirePrincipal(request), request.params.code, key));
    },
  });
  route(app, endpoints.cancel, {
    tags,
    handler: (request) => cancelReturn(ctx, requirePrincipal(request), request.params.code),
  });

  // The /goods_returns counter is derived from the documents: set it once the app is ready.
  app.addHook('onReady', async () => {
    await syncGoodsReturnsCounter(ctx).catch((error: unknown) =>
      app.log.warn({ err: error }, '/goods_returns counter not set at start'),
    );
  });
}
