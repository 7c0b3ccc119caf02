import {
  binLocationAutocompleteAnswerSchema,
  binLocationAutocompleteParamSchema,
  binLocationCodeParamSchema,
  binLocationSchema,
  defaultItemsForLocationAnswerSchema,
  itemsToCountAnswerSchema,
  locationContentsAnswerSchema,
  locationHistoryAnswerSchema,
  locationHistoryQuerySchema,
  warehousesAnswerSchema,
  codeKey,
} from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { anyRole } from '../../http/access.js';
import { sendCachedJson } from '../../http/cached-json.js';
import { syncCountingCounter } from './bin-location-edits.service.js';
import * as locations from './bin-locations.service.js';

const information = anyRole('information');
const tags = ['bin locations'];

/**
 * Bin locations under /api/v1/bin_location/ (contract bin-locations.ts): the reads here, the
 * edits and labels in bin-location-edits.routes.ts. The static paths (warehouses, find/,
 * autocomplete/, label, large_label) win over /:code in the router.
 */
export function registerBinLocationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/bin_location/warehouses',
    { config: information, schema: { tags, response: { 200: warehousesAnswerSchema } } },
    async () => locations.getWarehouses(ctx),
  );

  api.get(
    '/api/v1/bin_location/find/:code',
    { config: information, schema: { tags, params: binLocationCodeParamSchema, response: { 200: binLocationSchema } } },
    (request, reply) =>
      sendCachedJson(ctx, reply, 'location.find', codeKey(request.params.code), () =>
        locations.findBinLocation(ctx, request.params.code),
      ),
  );

  api.get(
    '/api/v1/bin_location/autocomplete/:text',
    {
      config: information,
      schema: {
        tags,
        params: binLocationAutocompleteParamSchema,
        response: { 200: binLocationAutocompleteAnswerSchema },
      },
    },
    async (request) => locations.autocomplete(ctx, request.params.text),
  );

  api.get(
    '/api/v1/bin_location/:code',
    { config: information, schema: { tags, params: binLocationCodeParamSchema, response: { 200: binLocationSchema } } },
    async (request) => locations.getBinLocation(ctx, request.params.code),
  );

  api.get(
    '/api/v1/bin_location/:code/contents',
    {
      config: information,
      schema: { tags, params: binLocationCodeParamSchema, response: { 200: locationContentsAnswerSchema } },
    },
    async (request) => locations.getContents(ctx, request.params.code),
  );

  api.get(
    '/api/v1/bin_location/:code/history',
    {
      config: information,
      schema: {
        tags,
        params: binLocationCodeParamSchema,
        querystring: locationHistoryQuerySchema,
        response: { 200: locationHistoryAnswerSchema },
      },
    },
    async (request) => locations.getHistory(ctx, request.params.code, request.query.offset, request.query.limit),
  );

  api.get(
    '/api/v1/bin_location/:code/default_for',
    {
      config: information,
      schema: { tags, params: binLocationCodeParamSchema, response: { 200: defaultItemsForLocationAnswerSchema } },
    },
    async (request) => locations.getDefaultFor(ctx, request.params.code),
  );

  api.get(
    '/api/v1/bin_location/:code/counting/items',
    {
      config: information,
      schema: { tags, params: binLocationCodeParamSchema, response: { 200: itemsToCountAnswerSchema } },
    },
    async (request) => locations.getItemsToCount(ctx, request.params.code),
  );

  // The /wall_to_wall counter is derived from the locations: set it once the app is ready.
  app.addHook('onReady', async () => {
    await syncCountingCounter(ctx).catch((error: unknown) =>
      app.log.warn({ err: error }, '/wall_to_wall counter not set at start'),
    );
  });
}
