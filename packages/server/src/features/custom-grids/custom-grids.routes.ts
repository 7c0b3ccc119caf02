import {
  customGridParamSchema,
  customGridSchema,
  customGridTitlesAnswerSchema,
  customGridTypeParamSchema,
} from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { anyRole } from '../../http/access.js';
import * as grids from './custom-grids.service.js';

const information = anyRole('information');
const tags = ['custom grids'];

/** Custom grids of the detail views (contract lookups.ts); both need `information`. */
export function registerCustomGridRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/custom_grid/:objectType',
    {
      config: information,
      schema: { tags, params: customGridTypeParamSchema, response: { 200: customGridTitlesAnswerSchema } },
    },
    async (request) => grids.listCustomGrids(ctx, request.params.objectType),
  );

  api.get(
    '/api/v1/custom_grid/:objectType/:index/:code',
    { config: information, schema: { tags, params: customGridParamSchema, response: { 200: customGridSchema } } },
    async (request) => grids.getCustomGrid(ctx, request.params.objectType, request.params.index, request.params.code),
  );
}
