import { goodsSortingEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { badRequest } from '../../http/app-error.js';
import { route } from '../../http/endpoint-route.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { fullRecountMs, refreshGoodsSortingCounter, syncGoodsSortingCounter } from './goods-sorting-counter.js';
import { moveToDestination, stagingContent, suggestDestinations } from './goods-sorting.service.js';

const tags = ['goods sorting'];

/**
 * Goods sorting routes (contract goods-sorting.ts): the staging content, the suggestion and the
 * move. Every route needs goodsSorting. The move needs an Idempotency-Key (400
 * idempotencyKeyRequired); a replay answers the first answer with `idempotent-replayed: true`.
 * The /goods_sorting counter is set when the app is ready (goods-sorting-counter.ts).
 */
export function registerGoodsSortingRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.staging, {
    tags,
    handler: (request) => stagingContent(ctx, requirePrincipal(request), request.params.location),
  });
  route(app, endpoints.suggest, { tags, handler: (request) => suggestDestinations(ctx, request.body) });
  route(app, endpoints.move, {
    tags,
    handler: async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (key === undefined) throw badRequest('idempotencyKeyRequired');
      const result = await moveToDestination(ctx, requirePrincipal(request), request.body, key, request.ip);
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return result.body;
    },
  });

  // The /goods_sorting counter is derived from the stock in staging: set it once the app is ready,
  // and count every staging location again every fullRecountMs (a change no move counted shows by then).
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await syncGoodsSortingCounter(ctx).catch((error: unknown) =>
      app.log.warn({ err: error }, '/goods_sorting counter not set at start'),
    );
    timer = setInterval(() => refreshGoodsSortingCounter(ctx), fullRecountMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}
