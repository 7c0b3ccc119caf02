import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  configAnswerSchema,
  settingsAnswerSchema,
  setupAnswerSchema,
  setupRequestSchema,
  updateSettingsRequestSchema,
  versionAnswerSchema,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import { anyRole, publicAccess } from '../../http/access.js';
import { readPublicConfig, readSettings, setUp, updateSettings } from './config.service.js';

/** System config (public) and the admin's settings and first-run setup. */
export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/config/',
    { config: publicAccess, schema: { tags: ['config'], response: { 200: configAnswerSchema } } },
    () => readPublicConfig(ctx),
  );

  api.get(
    '/api/v1/config/version',
    { config: publicAccess, schema: { tags: ['config'], response: { 200: versionAnswerSchema } } },
    () => ({ version: ctx.config.version }),
  );

  api.get(
    '/api/v1/admin/settings',
    { config: anyRole('admin'), schema: { tags: ['config'], response: { 200: settingsAnswerSchema } } },
    () => readSettings(ctx),
  );

  api.post(
    '/api/v1/admin/settings',
    {
      config: anyRole('admin'),
      schema: { tags: ['config'], body: updateSettingsRequestSchema, response: { 200: settingsAnswerSchema } },
    },
    (request) => updateSettings(ctx, request.body.version, request.body.settings),
  );

  api.post(
    '/api/v1/config/setup',
    {
      config: anyRole('admin'),
      schema: { tags: ['config'], body: setupRequestSchema, response: { 200: setupAnswerSchema } },
    },
    (request) => setUp(ctx, request.body),
  );
}
