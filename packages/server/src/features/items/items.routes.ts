import {
  itemAutocompleteAnswerSchema,
  itemAutocompleteParamSchema,
  itemBinLocationsAnswerSchema,
  itemCodeParamSchema,
  itemFindAnswerSchema,
  itemFindByAnswerSchema,
  itemFindByRequestSchema,
  itemHistoryAnswerSchema,
  itemHistoryQuerySchema,
  itemOpenDocumentsAnswerSchema,
  itemSchema,
  codeKey,
} from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { anyRole } from '../../http/access.js';
import { sendCachedJson } from '../../http/cached-json.js';
import * as items from './items.service.js';

const information = anyRole('information');
const tags = ['items'];

/** Item reads (spec 01 section 7, spec 02 section 7 Items): find, get, find_by, autocomplete, stock, documents, history. */
export function registerItemRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/item/find/:code',
    { config: information, schema: { tags, params: itemCodeParamSchema, response: { 200: itemFindAnswerSchema } } },
    (request, reply) =>
      sendCachedJson(ctx, reply, 'item.find', codeKey(request.params.code), () =>
        items.findItem(ctx, request.params.code),
      ),
  );

  api.post(
    '/api/v1/item/find_by',
    {
      config: information,
      schema: { tags, body: itemFindByRequestSchema, response: { 200: itemFindByAnswerSchema } },
    },
    async (request) => items.findMultipleItems(ctx, request.body.codes),
  );

  api.get(
    '/api/v1/item/autocomplete/:text',
    {
      config: information,
      schema: { tags, params: itemAutocompleteParamSchema, response: { 200: itemAutocompleteAnswerSchema } },
    },
    (request, reply) =>
      sendCachedJson(ctx, reply, 'item.autocomplete', items.autocompleteKey(request.params.text), () =>
        items.autocomplete(ctx, request.params.text),
      ),
  );

  api.get(
    '/api/v1/item/:code',
    { config: information, schema: { tags, params: itemCodeParamSchema, response: { 200: itemSchema } } },
    async (request) => items.getItem(ctx, request.params.code),
  );

  api.get(
    '/api/v1/item/:code/bin_locations',
    {
      config: information,
      schema: { tags, params: itemCodeParamSchema, response: { 200: itemBinLocationsAnswerSchema } },
    },
    async (request) => items.getItemLocations(ctx, request.params.code),
  );

  api.get(
    '/api/v1/item/:code/open_documents',
    {
      config: information,
      schema: { tags, params: itemCodeParamSchema, response: { 200: itemOpenDocumentsAnswerSchema } },
    },
    async (request) => items.getOpenDocuments(ctx, request.params.code),
  );

  api.get(
    '/api/v1/item/:code/history',
    {
      config: information,
      schema: {
        tags,
        params: itemCodeParamSchema,
        querystring: itemHistoryQuerySchema,
        response: { 200: itemHistoryAnswerSchema },
      },
    },
    async (request) => items.getHistory(ctx, request.params.code, request.query.offset, request.query.limit),
  );
}
