import {
  okSchema,
  productionOrderCreateRequestSchema,
  productionOrderCreatedSchema,
  workCentersAnswerSchema,
  workOrderAutocompleteParamSchema,
  workOrderPlanItemParamSchema,
  workOrderPlansAnswerSchema,
  workOrdersAnswerSchema,
  workOrderStepsAnswerSchema,
  workOrderStepsRequestSchema,
  workTimeEntriesAnswerSchema,
  workTimeEntrySchema,
  workTimeFlushAnswerSchema,
  workTimeFlushRequestSchema,
  workTimeIdParamSchema,
  workTimeSaveRequestSchema,
  workTimesQuerySchema,
} from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { anyRole, requirePrincipal } from '../../http/access.js';
import { badRequest } from '../../http/app-error.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { createProductionOrder } from './production-orders.service.js';
import { autocompleteWorkOrders, listWorkCenters, plansOfItem, stepsOfWorkOrders } from './work-orders.service.js';
import { deleteWorkTime, flushWorkTimes, listWorkTimes, saveWorkTime, stopWorkTime } from './work-times.service.js';

const base = '/api/v1/production';
const tags = ['production'];

/** Work time and production order routes (contract production.ts lists paths and roles). */
export function registerProductionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const production = anyRole('production');

  api.get(
    `${base}/work_times`,
    {
      config: production,
      schema: { tags, querystring: workTimesQuerySchema, response: { 200: workTimeEntriesAnswerSchema } },
    },
    (request) => listWorkTimes(ctx, requirePrincipal(request), 'own', request.query.flushedDays),
  );

  api.get(
    `${base}/work_times/all`,
    {
      config: anyRole('productionManager'),
      schema: { tags, querystring: workTimesQuerySchema, response: { 200: workTimeEntriesAnswerSchema } },
    },
    (request) => listWorkTimes(ctx, requirePrincipal(request), 'all', request.query.flushedDays),
  );

  api.post(
    `${base}/work_times`,
    { config: production, schema: { tags, body: workTimeSaveRequestSchema, response: { 200: workTimeEntrySchema } } },
    (request) => saveWorkTime(ctx, requirePrincipal(request), request.body),
  );

  api.post(
    `${base}/work_times/flush`,
    {
      config: production,
      schema: { tags, body: workTimeFlushRequestSchema, response: { 200: workTimeFlushAnswerSchema } },
    },
    (request) => flushWorkTimes(ctx, requirePrincipal(request), request.body.ids),
  );

  api.post(
    `${base}/work_times/:id/stop`,
    { config: production, schema: { tags, params: workTimeIdParamSchema, response: { 200: workTimeEntrySchema } } },
    (request) => stopWorkTime(ctx, requirePrincipal(request), request.params.id),
  );

  api.delete(
    `${base}/work_times/:id`,
    { config: production, schema: { tags, params: workTimeIdParamSchema, response: { 200: okSchema } } },
    async (request) => {
      await deleteWorkTime(ctx, requirePrincipal(request), request.params.id);
      return { ok: true as const };
    },
  );

  api.get(
    `${base}/resources`,
    { config: production, schema: { tags, response: { 200: workCentersAnswerSchema } } },
    () => listWorkCenters(ctx),
  );

  api.get(
    `${base}/work_orders/autocomplete/:text`,
    {
      config: production,
      schema: { tags, params: workOrderAutocompleteParamSchema, response: { 200: workOrdersAnswerSchema } },
    },
    (request) => autocompleteWorkOrders(ctx, request.params.text),
  );

  api.post(
    `${base}/work_orders/steps`,
    {
      config: production,
      schema: { tags, body: workOrderStepsRequestSchema, response: { 200: workOrderStepsAnswerSchema } },
    },
    (request) => stepsOfWorkOrders(ctx, request.body.codes),
  );

  const createOrder = anyRole('itemAuthCreateProductionOrder');

  api.get(
    `${base}/work_order_plans/:itemCode`,
    {
      config: createOrder,
      schema: { tags, params: workOrderPlanItemParamSchema, response: { 200: workOrderPlansAnswerSchema } },
    },
    (request) => plansOfItem(ctx, request.params.itemCode),
  );

  api.post(
    `${base}/orders`,
    {
      config: createOrder,
      schema: { tags, body: productionOrderCreateRequestSchema, response: { 201: productionOrderCreatedSchema } },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (key === undefined) throw badRequest('idempotencyKeyRequired');
      const result = await createProductionOrder(ctx, requirePrincipal(request), request.body, key);
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );
}
