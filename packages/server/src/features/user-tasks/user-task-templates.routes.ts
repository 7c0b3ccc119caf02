import { userTaskEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
import * as templates from './user-task-templates.service.js';

const tags = ['user tasks'];

/** Task templates under /api/v1/user_tasks/templates (contract user-tasks.ts); task managers only. */
export function registerUserTaskTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.templates, { tags, handler: () => templates.listTemplates(ctx) });
  route(app, endpoints.template, {
    tags,
    handler: (request) => templates.findTemplateOrThrow(ctx, request.params.id),
  });
  route(app, endpoints.saveTemplate, { tags, handler: (request) => templates.saveTemplate(ctx, request.body) });
  route(app, endpoints.deleteTemplate, {
    tags,
    handler: async (request) => {
      await templates.deleteTemplate(ctx, request.params.id);
      return { ok: true as const };
    },
  });
}
