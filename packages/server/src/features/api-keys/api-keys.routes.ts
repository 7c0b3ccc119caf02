import {
  apiKeyParamsSchema,
  apiKeysAnswerSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  okSchema,
  userIdParamSchema,
} from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requirePrincipal, signedIn } from '../../http/access.js';
import { createApiKey, deleteApiKey, listApiKeys } from './api-keys.service.js';

/** API keys under /api/v1/users/{id}/apikeys/ (spec 02 section 7, Users, keys, sessions). */
export function registerApiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/users/:id/apikeys/',
    {
      config: signedIn,
      schema: { tags: ['api keys'], params: userIdParamSchema, response: { 200: apiKeysAnswerSchema } },
    },
    async (request) => listApiKeys(ctx, requirePrincipal(request), request.params.id),
  );

  api.post(
    '/api/v1/users/:id/apikeys/',
    {
      config: signedIn,
      schema: {
        tags: ['api keys'],
        params: userIdParamSchema,
        body: createApiKeyRequestSchema,
        response: { 201: createdApiKeySchema },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(ctx, requirePrincipal(request), request.params.id, request.body.label);
      return reply.status(201).send(created);
    },
  );

  api.delete(
    '/api/v1/users/:id/apikeys/:keyId',
    { config: signedIn, schema: { tags: ['api keys'], params: apiKeyParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await deleteApiKey(ctx, requirePrincipal(request), request.params.id, request.params.keyId);
      return { ok: true as const };
    },
  );
}
