import { pickListEndpoints as endpoints, ppmEndpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { creationLockState, lockCreation, unlockCreation } from './creation-lock.js';
import { brokenPickLines, reallocatePickList } from './pick-list-broken.js';
import { createPickLists } from './pick-list-create.js';
import { plannableLines } from './pick-list-planning.js';

const tags = ['pick lists'];

/**
 * Pick list creation routes (contract pick-lists.ts): create, the creation lock (state, lock,
 * unlock), broken lines and re-allocation, and the planning area /api/v1/ppm/lines.
 */
export function registerPickListCreateRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.create, {
    tags,
    handler: (request) => createPickLists(ctx, requirePrincipal(request), request.body),
  });
  route(app, endpoints.lockState, { tags, handler: (request) => creationLockState(ctx, request.query.warehouse) });
  route(app, endpoints.lock, {
    tags,
    handler: (request) => lockCreation(ctx, requirePrincipal(request), request.body.warehouse),
  });
  route(app, endpoints.unlock, {
    tags,
    handler: (request) => unlockCreation(ctx, requirePrincipal(request), request.body.warehouse),
  });
  route(app, endpoints.broken, { tags, handler: () => brokenPickLines(ctx) });
  route(app, endpoints.reallocate, { tags, handler: (request) => reallocatePickList(ctx, request.params.code) });
  route(app, ppmEndpoints.lines, {
    tags: ['pick list planning'],
    handler: (request) => plannableLines(ctx, requirePrincipal(request), request.query),
  });
}
