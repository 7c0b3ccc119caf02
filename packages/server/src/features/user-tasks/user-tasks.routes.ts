import {
  activeOnlyQuerySchema,
  buttonPressedAnswerSchema,
  buttonPressedRequestSchema,
  createUserTasksRequestSchema,
  okSchema,
  saveUserTaskRequestSchema,
  userTaskButtonParamSchema,
  userTaskIdParamSchema,
  userTaskListAnswerSchema,
  userTaskOverviewAnswerSchema,
  userTaskSchema,
} from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { anyRole, requirePrincipal, signedIn } from '../../http/access.js';
import { registerTaskCounterOnSubscribe } from './user-task-counters.js';
import * as tasks from './user-tasks.service.js';

const taskManager = anyRole('userTaskManager');
const tags = ['user tasks'];
const taskAnswer = { 200: userTaskSchema };

/**
 * User tasks under /api/v1/user_tasks/ (contract user-tasks.ts): the tasks and the /my_user_tasks
 * counters (set after every change and on every subscription of the task queue).
 */
export function registerUserTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/v1/user_tasks/create',
    {
      config: taskManager,
      schema: { tags, body: createUserTasksRequestSchema, response: { 201: userTaskListAnswerSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await tasks.createTasks(ctx, requirePrincipal(request), request.body)),
  );

  api.get(
    '/api/v1/user_tasks/current',
    {
      config: signedIn,
      schema: { tags, querystring: activeOnlyQuerySchema, response: { 200: userTaskListAnswerSchema } },
    },
    (request) => tasks.listCurrentTasks(ctx, requirePrincipal(request), request.query.activeOnly ?? true),
  );

  api.get(
    '/api/v1/user_tasks/all',
    {
      config: taskManager,
      schema: { tags, querystring: activeOnlyQuerySchema, response: { 200: userTaskOverviewAnswerSchema } },
    },
    (request) => tasks.listAllTasks(ctx, request.query.activeOnly ?? false),
  );

  api.get(
    '/api/v1/user_tasks/:id',
    { config: signedIn, schema: { tags, params: userTaskIdParamSchema, response: taskAnswer } },
    (request) => tasks.getTask(ctx, requirePrincipal(request), request.params.id),
  );

  api.post(
    '/api/v1/user_tasks/:id',
    {
      config: taskManager,
      schema: { tags, params: userTaskIdParamSchema, body: saveUserTaskRequestSchema, response: taskAnswer },
    },
    (request) => tasks.saveTask(ctx, request.params.id, request.body),
  );

  api.delete(
    '/api/v1/user_tasks/:id',
    { config: taskManager, schema: { tags, params: userTaskIdParamSchema, response: { 200: okSchema } } },
    async (request) => {
      await tasks.deleteTask(ctx, request.params.id);
      return { ok: true as const };
    },
  );

  api.post(
    '/api/v1/user_tasks/:id/claim',
    { config: signedIn, schema: { tags, params: userTaskIdParamSchema, response: taskAnswer } },
    (request) => tasks.claimTask(ctx, requirePrincipal(request), request.params.id),
  );

  api.post(
    '/api/v1/user_tasks/:id/finish',
    { config: signedIn, schema: { tags, params: userTaskIdParamSchema, response: taskAnswer } },
    (request) => tasks.finishTask(ctx, requirePrincipal(request), request.params.id),
  );

  api.post(
    '/api/v1/user_tasks/:id/buttons/:buttonId',
    {
      config: signedIn,
      schema: {
        tags,
        params: userTaskButtonParamSchema,
        body: buttonPressedRequestSchema,
        response: { 200: buttonPressedAnswerSchema },
      },
    },
    (request) =>
      tasks.pressButton(
        ctx,
        requirePrincipal(request),
        request.params.id,
        request.params.buttonId,
        request.body.params,
      ),
  );

  registerTaskCounterOnSubscribe(ctx);
}
