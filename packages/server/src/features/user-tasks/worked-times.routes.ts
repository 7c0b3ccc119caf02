import { userTaskEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import * as workedTimes from './worked-times.service.js';

const tags = ['user tasks'];

/**
 * Worked time of a task under /api/v1/user_tasks/{id}/worked_times (contract user-tasks.ts).
 * Open to signed-in users; the service allows the task's assigned users (and task managers).
 */
export function registerWorkedTimeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.workedTimes, {
    tags,
    handler: (request) => workedTimes.listWorkedTimes(ctx, requirePrincipal(request), request.params.id),
  });
  route(app, endpoints.createWorkedTime, {
    tags,
    handler: (request) => workedTimes.createWorkedTime(ctx, requirePrincipal(request), request.params.id, request.body),
  });
  route(app, endpoints.startWorkedTime, {
    tags,
    handler: (request) => workedTimes.startWorkedTime(ctx, requirePrincipal(request), request.params.id),
  });
  route(app, endpoints.finishWorkedTime, {
    tags,
    handler: (request) =>
      workedTimes.finishWorkedTime(ctx, requirePrincipal(request), request.params.id, request.body.message),
  });
  route(app, endpoints.updateWorkedTime, {
    tags,
    handler: (request) =>
      workedTimes.updateWorkedTime(
        ctx,
        requirePrincipal(request),
        request.params.id,
        request.params.entryId,
        request.body,
      ),
  });
  route(app, endpoints.deleteWorkedTime, {
    tags,
    handler: async (request) => {
      await workedTimes.deleteWorkedTime(ctx, requirePrincipal(request), request.params.id, request.params.entryId);
      return { ok: true as const };
    },
  });
}
