import { z } from 'zod';

/** Namespaces shipped for every language (packages/web/src/i18n/<language>/<namespace>.json). */
export const translationNamespaces = [
  'common',
  'errors',
  'platform',
  'login',
  'device',
  'shell',
  'apps',
  'userSettings',
  'components',
  'itemInfo',
  'locationInfo',
  'objects',
  'handheld',
  'stockTransfer',
] as const;

/** A translation tree: namespaces, nested groups and texts. */
export type TranslationTree = { [key: string]: string | TranslationTree };
/** Declared flat (a recursive schema has no inline OpenAPI form); the server builds TranslationTree values. */
export const translationTreeSchema = z
  .record(z.string(), z.unknown())
  .describe('namespace -> nested keys -> translated text');

/** A file name such as `en.json`; an unknown one is a 404, which the client reads as {}. */
export const translationFileParamsSchema = z.object({ file: z.string().max(64) });

/** Strict names only: nothing that could walk out of the specialization folder. */
export const specializationParamsSchema = z.object({
  customerId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/, 'letters, digits, _ and - only'),
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.json$/, 'a file name ending in .json'),
});

export const patchFileParamsSchema = z.object({ language: z.string().max(16) });

/** A dot-separated key below a namespace, e.g. `errors.notFound`. */
export const translationPathSchema = z
  .string()
  .max(300)
  .regex(/^[A-Za-z0-9_-]{1,100}(\.[A-Za-z0-9_-]{1,100}){1,7}$/, 'dot-separated key such as errors.notFound');

/** A translation manager sets (or with null removes) one key of one language. */
export const updateTranslationRequestSchema = z.object({
  language: z.string().max(16),
  path: translationPathSchema,
  value: z.string().max(10_000).nullable(),
});
export type UpdateTranslationRequest = z.infer<typeof updateTranslationRequestSchema>;
