import { codeKey, itemEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { sendCachedJson } from '../../http/cached-json.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { itemDetail } from '../item-translations/item-translations.service.js';
import * as items from './items.service.js';

/** Item reads: find, get, find_by, autocomplete, stock, documents, history. */
export function registerItemRoutes(app: FastifyInstance, ctx: AppContext): void {
  // find and autocomplete answer from the master-data cache: sent by sendCachedJson, the handler returns the reply.
  route(app, endpoints.find, {
    handler: async (request, reply) => {
      await sendCachedJson(ctx, reply, 'item.find', codeKey(request.params.code), () =>
        items.findItem(ctx, request.params.code),
      );
      return reply;
    },
  });
  route(app, endpoints.findBy, { handler: (request) => items.findMultipleItems(ctx, request.body.codes) });
  route(app, endpoints.autocomplete, {
    handler: async (request, reply) => {
      await sendCachedJson(ctx, reply, 'item.autocomplete', items.autocompleteKey(request.params.text), () =>
        items.autocomplete(ctx, request.params.text),
      );
      return reply;
    },
  });
  route(app, endpoints.get, {
    handler: (request) => itemDetail(ctx, requirePrincipal(request), request.params.code),
  });
  route(app, endpoints.binLocations, {
    handler: (request) => items.getItemLocations(ctx, request.params.code, requirePrincipal(request)),
  });
  route(app, endpoints.openDocuments, { handler: (request) => items.getOpenDocuments(ctx, request.params.code) });
  route(app, endpoints.history, {
    handler: (request) => items.getHistory(ctx, request.params.code, request.query.offset, request.query.limit),
  });
}
