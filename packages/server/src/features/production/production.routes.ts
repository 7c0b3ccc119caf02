import { productionEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { badRequest } from '../../http/app-error.js';
import { route } from '../../http/endpoint-route.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { createProductionOrder } from './production-orders.service.js';
import { autocompleteWorkOrders, listWorkCenters, plansOfItem, stepsOfWorkOrders } from './work-orders.service.js';
import { deleteWorkTime, flushWorkTimes, listWorkTimes, saveWorkTime, stopWorkTime } from './work-times.service.js';

/** Work time and production order routes (contract production.ts lists paths and roles). */
export function registerProductionRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.workTimes, {
    handler: (request) => listWorkTimes(ctx, requirePrincipal(request), 'own', request.query.flushedDays),
  });
  route(app, endpoints.allWorkTimes, {
    handler: (request) => listWorkTimes(ctx, requirePrincipal(request), 'all', request.query.flushedDays),
  });
  route(app, endpoints.saveWorkTime, {
    handler: (request) => saveWorkTime(ctx, requirePrincipal(request), request.body),
  });
  route(app, endpoints.flushWorkTimes, {
    handler: (request) => flushWorkTimes(ctx, requirePrincipal(request), request.body.ids),
  });
  route(app, endpoints.stopWorkTime, {
    handler: (request) => stopWorkTime(ctx, requirePrincipal(request), request.params.id),
  });
  route(app, endpoints.deleteWorkTime, {
    handler: async (request) => {
      await deleteWorkTime(ctx, requirePrincipal(request), request.params.id);
      return { ok: true as const };
    },
  });
  route(app, endpoints.workCenters, { handler: () => listWorkCenters(ctx) });
  route(app, endpoints.autocompleteWorkOrders, {
    handler: (request) => autocompleteWorkOrders(ctx, request.params.text),
  });
  route(app, endpoints.workOrderSteps, { handler: (request) => stepsOfWorkOrders(ctx, request.body.codes) });
  route(app, endpoints.workOrderPlans, { handler: (request) => plansOfItem(ctx, request.params.itemCode) });
  route(app, endpoints.createOrder, {
    handler: async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (key === undefined) throw badRequest('idempotencyKeyRequired');
      const result = await createProductionOrder(ctx, requirePrincipal(request), request.body, key);
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return result.body;
    },
  });
}
