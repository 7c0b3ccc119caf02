import type { FastifyInstance } from 'fastify';
import { configEndpoints as endpoints } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
import { readPublicConfig, readSettings, setUp, updateSettings } from './config.service.js';

/** System config (public) and the admin's settings and first-run setup. */
export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.get, { handler: () => readPublicConfig(ctx) });
  route(app, endpoints.version, { handler: () => ({ version: ctx.config.version }) });
  route(app, endpoints.settings, { handler: () => readSettings(ctx) });
  route(app, endpoints.updateSettings, {
    handler: (request) => updateSettings(ctx, request.body.version, request.body.settings),
  });
  route(app, endpoints.setup, { handler: (request) => setUp(ctx, request.body) });
}
