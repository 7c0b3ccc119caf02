import {
  createWorkedTimeRequestSchema,
  finishWorkedTimeRequestSchema,
  okSchema,
  updateWorkedTimeRequestSchema,
  userTaskIdParamSchema,
  workedTimeEntrySchema,
  workedTimeListAnswerSchema,
  workedTimeParamSchema,
} from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { requirePrincipal, signedIn } from '../../http/access.js';
import * as workedTimes from './worked-times.service.js';

const tags = ['user tasks'];
const entryAnswer = { 200: workedTimeEntrySchema };

/**
 * Worked time of a task under /api/v1/user_tasks/{id}/worked_times (contract user-tasks.ts).
 * Open to signed-in users; the service allows the task's assigned users (and task managers).
 */
export function registerWorkedTimeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/user_tasks/:id/worked_times',
    {
      config: signedIn,
      schema: { tags, params: userTaskIdParamSchema, response: { 200: workedTimeListAnswerSchema } },
    },
    (request) => workedTimes.listWorkedTimes(ctx, requirePrincipal(request), request.params.id),
  );

  api.post(
    '/api/v1/user_tasks/:id/worked_times',
    {
      config: signedIn,
      schema: { tags, params: userTaskIdParamSchema, body: createWorkedTimeRequestSchema, response: entryAnswer },
    },
    (request) => workedTimes.createWorkedTime(ctx, requirePrincipal(request), request.params.id, request.body),
  );

  api.post(
    '/api/v1/user_tasks/:id/worked_times/start',
    { config: signedIn, schema: { tags, params: userTaskIdParamSchema, response: entryAnswer } },
    (request) => workedTimes.startWorkedTime(ctx, requirePrincipal(request), request.params.id),
  );

  api.post(
    '/api/v1/user_tasks/:id/worked_times/finish',
    {
      config: signedIn,
      schema: { tags, params: userTaskIdParamSchema, body: finishWorkedTimeRequestSchema, response: entryAnswer },
    },
    (request) => workedTimes.finishWorkedTime(ctx, requirePrincipal(request), request.params.id, request.body.message),
  );

  api.post(
    '/api/v1/user_tasks/:id/worked_times/:entryId',
    {
      config: signedIn,
      schema: { tags, params: workedTimeParamSchema, body: updateWorkedTimeRequestSchema, response: entryAnswer },
    },
    (request) =>
      workedTimes.updateWorkedTime(
        ctx,
        requirePrincipal(request),
        request.params.id,
        request.params.entryId,
        request.body,
      ),
  );

  api.delete(
    '/api/v1/user_tasks/:id/worked_times/:entryId',
    { config: signedIn, schema: { tags, params: workedTimeParamSchema, response: { 200: okSchema } } },
    async (request) => {
      await workedTimes.deleteWorkedTime(ctx, requirePrincipal(request), request.params.id, request.params.entryId);
      return { ok: true as const };
    },
  );
}
