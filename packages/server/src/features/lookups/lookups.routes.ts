import {
  batchesAnswerSchema,
  businessPartnerSchema,
  businessPartnersAnswerSchema,
  lookupCodeParamSchema,
  lookupItemQuerySchema,
  lookupTextParamSchema,
  orderSummariesAnswerSchema,
  orderSummarySchema,
  serialsAnswerSchema,
} from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { anyRole } from '../../http/access.js';
import * as lookups from './lookups.service.js';

const information = anyRole('information');
const tags = ['lookups'];

/** Batch, serial, business partner and order lookups (contract lookups.ts); all need `information`. */
export function registerLookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/batch/find/:code',
    {
      config: information,
      schema: {
        tags,
        params: lookupCodeParamSchema,
        querystring: lookupItemQuerySchema,
        response: { 200: batchesAnswerSchema },
      },
    },
    async (request) => lookups.findBatches(ctx, request.params.code, request.query.itemCode),
  );

  api.get(
    '/api/v1/batch/autocomplete/:text',
    {
      config: information,
      schema: {
        tags,
        params: lookupTextParamSchema,
        querystring: lookupItemQuerySchema,
        response: { 200: batchesAnswerSchema },
      },
    },
    async (request) => lookups.autocompleteBatches(ctx, request.params.text, request.query.itemCode),
  );

  api.get(
    '/api/v1/serial/find/:code',
    {
      config: information,
      schema: {
        tags,
        params: lookupCodeParamSchema,
        querystring: lookupItemQuerySchema,
        response: { 200: serialsAnswerSchema },
      },
    },
    async (request) => lookups.findSerials(ctx, request.params.code, request.query.itemCode),
  );

  api.get(
    '/api/v1/serial/autocomplete/:text',
    {
      config: information,
      schema: {
        tags,
        params: lookupTextParamSchema,
        querystring: lookupItemQuerySchema,
        response: { 200: serialsAnswerSchema },
      },
    },
    async (request) => lookups.autocompleteSerials(ctx, request.params.text, request.query.itemCode),
  );

  api.get(
    '/api/v1/bp/autocomplete/:text',
    {
      config: information,
      schema: { tags, params: lookupTextParamSchema, response: { 200: businessPartnersAnswerSchema } },
    },
    async (request) => lookups.autocompleteBusinessPartners(ctx, request.params.text),
  );

  api.get(
    '/api/v1/bp/:code',
    { config: information, schema: { tags, params: lookupCodeParamSchema, response: { 200: businessPartnerSchema } } },
    async (request) => lookups.getBusinessPartner(ctx, request.params.code),
  );

  api.get(
    '/api/v1/order/autocomplete/:text',
    {
      config: information,
      schema: { tags, params: lookupTextParamSchema, response: { 200: orderSummariesAnswerSchema } },
    },
    async (request) => lookups.autocompleteOrders(ctx, request.params.text),
  );

  api.get(
    '/api/v1/order/:code',
    { config: information, schema: { tags, params: lookupCodeParamSchema, response: { 200: orderSummarySchema } } },
    async (request) => lookups.getOrder(ctx, request.params.code),
  );
}
