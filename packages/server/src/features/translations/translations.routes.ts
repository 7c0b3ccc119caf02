import type { FastifyInstance } from 'fastify';
import { translationEndpoints as endpoints } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import {
  patchFile,
  shippedTranslations,
  specializationTranslations,
  updateTranslation,
} from './translations.service.js';

/** Shipped translation files, customer specializations, and the patches translation managers make. */
export function registerTranslationRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.file, { handler: (request) => shippedTranslations(ctx, request.params.file) });
  route(app, endpoints.specialization, {
    handler: (request) => specializationTranslations(ctx, request.params.customerId, request.params.file),
  });
  route(app, endpoints.patchFile, { handler: (request) => patchFile(ctx, request.params.language) });
  route(app, endpoints.update, {
    handler: async (request) => {
      await updateTranslation(ctx, requirePrincipal(request).userId, request.body);
      return { ok: true as const };
    },
  });
}
