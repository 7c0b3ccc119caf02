import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  okSchema,
  patchFileParamsSchema,
  specializationParamsSchema,
  translationFileParamsSchema,
  translationTreeSchema,
  updateTranslationRequestSchema,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import { anyRole, publicAccess, requirePrincipal } from '../../http/access.js';
import {
  patchFile,
  shippedTranslations,
  specializationTranslations,
  updateTranslation,
} from './translations.service.js';

/** Shipped translation files, customer specializations, and the patches translation managers make. */
export function registerTranslationRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/translations/:file',
    {
      config: publicAccess,
      schema: { tags: ['translations'], params: translationFileParamsSchema, response: { 200: translationTreeSchema } },
    },
    (request) => shippedTranslations(ctx, request.params.file),
  );

  api.get(
    '/translations/specialization/:customerId/:file',
    {
      config: publicAccess,
      schema: { tags: ['translations'], params: specializationParamsSchema, response: { 200: translationTreeSchema } },
    },
    (request) => specializationTranslations(ctx, request.params.customerId, request.params.file),
  );

  api.get(
    '/api/v1/translations/patchFile/:language',
    {
      config: publicAccess,
      schema: { tags: ['translations'], params: patchFileParamsSchema, response: { 200: translationTreeSchema } },
    },
    (request) => patchFile(ctx, request.params.language),
  );

  api.post(
    '/api/v1/translations/update',
    {
      config: anyRole('translationManager'),
      schema: { tags: ['translations'], body: updateTranslationRequestSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await updateTranslation(ctx, requirePrincipal(request).userId, request.body);
      return { ok: true as const };
    },
  );
}
