import { importLimits, itemTranslationEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
import { getTranslations, updateTranslations, validateTranslations } from './item-translations.service.js';

const tags = ['item translations'];

/**
 * Item translations (contract item-translations.ts). validate and update take up to 20,000 rows:
 * their body may be as large as an import file (10 MB) rather than the general body limit.
 */
export function registerItemTranslationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const bodyLimit = Math.max(ctx.config.bodyLimitBytes, importLimits.maxBytes);
  route(app, endpoints.get, { tags, handler: (request) => getTranslations(ctx, request.params.code) });
  route(app, endpoints.validate, {
    tags,
    bodyLimit,
    handler: (request) => validateTranslations(ctx, request.body.rows),
  });
  route(app, endpoints.update, { tags, bodyLimit, handler: (request) => updateTranslations(ctx, request.body.rows) });
}
