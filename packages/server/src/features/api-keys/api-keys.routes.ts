import { apiKeyEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { createApiKey, deleteApiKey, listApiKeys } from './api-keys.service.js';

/** The OpenAPI tag these routes have always had. */
const tags = ['api keys'];

/** API keys under /api/v1/users/{id}/apikeys/. */
export function registerApiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.list, {
    tags,
    handler: async (request) => listApiKeys(ctx, requirePrincipal(request), request.params.id),
  });

  route(app, endpoints.create, {
    tags,
    handler: async (request) => createApiKey(ctx, requirePrincipal(request), request.params.id, request.body.label),
  });

  route(app, endpoints.remove, {
    tags,
    handler: async (request) => {
      await deleteApiKey(ctx, requirePrincipal(request), request.params.id, request.params.keyId);
      return { ok: true as const };
    },
  });
}
