import { z } from 'zod';
import { okSchema } from './common.js';
import { defineEndpoints, signedInAccess } from './endpoint.js';
import { userIdParamSchema } from './users.js';

/** An API key as listed: the key itself is never shown again after creation. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api/v1/users/{id}/apikeys/: the label is required (trimmed; empty gives apiKeyLabelRequired). */
export const createApiKeyRequestSchema = z.object({ label: z.string().max(200).default('') }).strict();
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** The answer of a creation: the only time the key is shown. Use it as `Authorization: Bearer <key>`. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeysAnswerSchema = z.array(apiKeySchema);
export type ApiKeysAnswer = z.infer<typeof apiKeysAnswerSchema>;
export const apiKeyParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  keyId: z.coerce.number().int().positive(),
});
export type ApiKeyParams = z.infer<typeof apiKeyParamsSchema>;

/** A user's API keys: list, create, delete. */
export const apiKeyEndpoints = defineEndpoints('apiKeys', {
  list: {
    method: 'GET',
    path: '/api/v1/users/:id/apikeys/',
    access: signedInAccess,
    params: userIdParamSchema,
    answer: apiKeysAnswerSchema,
  },
  create: {
    method: 'POST',
    path: '/api/v1/users/:id/apikeys/',
    access: signedInAccess,
    params: userIdParamSchema,
    body: createApiKeyRequestSchema,
    answer: createdApiKeySchema,
    status: 201,
  },
  remove: {
    method: 'DELETE',
    path: '/api/v1/users/:id/apikeys/:keyId',
    access: signedInAccess,
    params: apiKeyParamsSchema,
    answer: okSchema,
  },
});
