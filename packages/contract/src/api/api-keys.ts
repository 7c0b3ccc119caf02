import { z } from 'zod';

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

/** The answer of a creation: the only time the key is shown. Use it as `Authorization: Bearer <key>`. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeysAnswerSchema = z.array(apiKeySchema);
export const apiKeyParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  keyId: z.coerce.number().int().positive(),
});
