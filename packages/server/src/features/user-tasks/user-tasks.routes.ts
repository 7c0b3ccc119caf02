import { userTaskEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { registerTaskCounterOnSubscribe } from './user-task-counters.js';
import * as tasks from './user-tasks.service.js';

const tags = ['user tasks'];

/**
 * User tasks under /api/v1/user_tasks/ (contract user-tasks.ts): the tasks and the /my_user_tasks
 * counters (set after every change and on every subscription of the task queue).
 */
export function registerUserTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.create, {
    tags,
    handler: (request) => tasks.createTasks(ctx, requirePrincipal(request), request.body),
  });
  route(app, endpoints.current, {
    tags,
    handler: (request) => tasks.listCurrentTasks(ctx, requirePrincipal(request), request.query.activeOnly ?? true),
  });
  route(app, endpoints.overview, {
    tags,
    handler: (request) => tasks.listAllTasks(ctx, request.query.activeOnly ?? false),
  });
  route(app, endpoints.task, {
    tags,
    handler: (request) => tasks.getTask(ctx, requirePrincipal(request), request.params.id),
  });
  route(app, endpoints.save, {
    tags,
    handler: (request) => tasks.saveTask(ctx, request.params.id, request.body),
  });
  route(app, endpoints.remove, {
    tags,
    handler: async (request) => {
      await tasks.deleteTask(ctx, request.params.id);
      return { ok: true as const };
    },
  });
  route(app, endpoints.claim, {
    tags,
    handler: (request) => tasks.claimTask(ctx, requirePrincipal(request), request.params.id),
  });
  route(app, endpoints.finish, {
    tags,
    handler: (request) => tasks.finishTask(ctx, requirePrincipal(request), request.params.id),
  });
  route(app, endpoints.pressButton, {
    tags,
    handler: (request) =>
      tasks.pressButton(
        ctx,
        requirePrincipal(request),
        request.params.id,
        request.params.buttonId,
        request.body.params,
      ),
  });

  registerTaskCounterOnSubscribe(ctx);
}
