import {
  okSchema,
  saveUserTaskTemplateRequestSchema,
  userTaskIdParamSchema,
  userTaskTemplateListAnswerSchema,
  userTaskTemplateSchema,
} from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { anyRole } from '../../http/access.js';
import * as templates from './user-task-templates.service.js';

const taskManager = anyRole('userTaskManager');
const tags = ['user tasks'];

/** Task templates under /api/v1/user_tasks/templates (contract user-tasks.ts); task managers only. */
export function registerUserTaskTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/user_tasks/templates',
    { config: taskManager, schema: { tags, response: { 200: userTaskTemplateListAnswerSchema } } },
    () => templates.listTemplates(ctx),
  );

  api.get(
    '/api/v1/user_tasks/templates/:id',
    { config: taskManager, schema: { tags, params: userTaskIdParamSchema, response: { 200: userTaskTemplateSchema } } },
    (request) => templates.findTemplateOrThrow(ctx, request.params.id),
  );

  api.post(
    '/api/v1/user_tasks/templates',
    {
      config: taskManager,
      schema: { tags, body: saveUserTaskTemplateRequestSchema, response: { 200: userTaskTemplateSchema } },
    },
    (request) => templates.saveTemplate(ctx, request.body),
  );

  api.delete(
    '/api/v1/user_tasks/templates/:id',
    { config: taskManager, schema: { tags, params: userTaskIdParamSchema, response: { 200: okSchema } } },
    async (request) => {
      await templates.deleteTemplate(ctx, request.params.id);
      return { ok: true as const };
    },
  );
}
