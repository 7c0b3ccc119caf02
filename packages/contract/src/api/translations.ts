import { z } from 'zod';
import { okSchema } from './common.js';
import { defineEndpoints, publicAccess, rolesAccess } from './endpoint.js';

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
/**
 * Declared flat (a recursive schema has no inline OpenAPI form); the server builds TranslationTree
 * values, the type of this schema's answers.
 */
export const translationTreeSchema = z
  .record(z.string(), z.unknown())
  .describe('namespace -> nested keys -> translated text');

/** A file name such as `en.json`; an unknown one is a 404, which the client reads as {}. */
export const translationFileParamsSchema = z.object({ file: z.string().max(64) });
export type TranslationFileParams = z.infer<typeof translationFileParamsSchema>;

/** Strict names only: nothing that could walk out of the specialization folder. */
export const specializationParamsSchema = z.object({
  customerId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/, 'letters, digits, _ and - only'),
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.json$/, 'a file name ending in .json'),
});
export type SpecializationParams = z.infer<typeof specializationParamsSchema>;

export const patchFileParamsSchema = z.object({ language: z.string().max(16) });
export type PatchFileParams = z.infer<typeof patchFileParamsSchema>;

/** A dot-separated key below a namespace, e.g. `errors.notFound`. */
export const translationPathSchema = z
  .string()
  .max(300)
  .regex(/^[A-Za-z0-9_-]{1,100}(\.[A-Za-z0-9_-]{1,100}){1,7}$/, 'dot-separated key such as errors.notFound');
export type TranslationPath = z.infer<typeof translationPathSchema>;

/** A translation manager sets (or with null removes) one key of one language. */
export const updateTranslationRequestSchema = z.object({
  language: z.string().max(16),
  path: translationPathSchema,
  value: z.string().max(10_000).nullable(),
});
export type UpdateTranslationRequest = z.infer<typeof updateTranslationRequestSchema>;

/**
 * The translation endpoints: the shipped files and customer specializations
 * (outside /api/v1), the patches over them, and a translation manager's change of one key.
 */
export const translationEndpoints = defineEndpoints('translations', {
  file: {
    method: 'GET',
    path: '/translations/:file',
    access: publicAccess,
    params: translationFileParamsSchema,
    answer: translationTreeSchema,
  },
  specialization: {
    method: 'GET',
    path: '/translations/specialization/:customerId/:file',
    access: publicAccess,
    params: specializationParamsSchema,
    answer: translationTreeSchema,
  },
  patchFile: {
    method: 'GET',
    path: '/api/v1/translations/patchFile/:language',
    access: publicAccess,
    params: patchFileParamsSchema,
    answer: translationTreeSchema,
  },
  update: {
    method: 'POST',
    path: '/api/v1/translations/update',
    access: rolesAccess('translationManager'),
    body: updateTranslationRequestSchema,
    answer: okSchema,
  },
});
