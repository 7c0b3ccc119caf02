import { pickListEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { claimPickList, dropPickListClaim } from './pick-list-claims.js';
import { clearPickList } from './pick-list-clear.js';
import { copyPickList } from './pick-list-copy.js';
import { editPickList } from './pick-list-edit.js';
import { syncPickingCounters } from './pick-list-live.js';
import { mergePickLists } from './pick-list-merge.js';
import { listPickLists, pickListRows } from './pick-list-overview.service.js';
import { setPickListPacked } from './pick-list-packed.js';
import { promotePickList } from './pick-list-promote.js';

const tags = ['pick lists'];

/**
 * The /picklists overview and its actions (contract pick-lists.ts; PROCESSES.md 3.2): all, rows,
 * merge, copy, edit, clearPicklist, claim, removeClaim, detachClaim, promote, markPacked,
 * markUnpacked. Roles are the endpoints'; claims for others and of others are checked in the
 * claims service (*ManageClaims). Sets the /stock_picking and /pick_and_collect counters at start.
 */
export function registerPickListOverviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.all, { tags, handler: (request) => listPickLists(ctx, request.query) });
  route(app, endpoints.rows, { tags, handler: (request) => pickListRows(ctx, request.query.code) });
  route(app, endpoints.merge, { tags, handler: (request) => mergePickLists(ctx, request.body) });
  route(app, endpoints.copy, {
    tags,
    handler: (request) => copyPickList(ctx, requirePrincipal(request), request.body),
  });
  route(app, endpoints.edit, { tags, handler: (request) => editPickList(ctx, request.body) });
  route(app, endpoints.clear, { tags, handler: (request) => clearPickList(ctx, request.body) });
  route(app, endpoints.claim, {
    tags,
    handler: (request) => claimPickList(ctx, requirePrincipal(request), request.params.code, request.body.forUser),
  });
  route(app, endpoints.removeClaim, {
    tags,
    handler: (request) => dropPickListClaim(ctx, requirePrincipal(request), request.params.code, 'remove'),
  });
  route(app, endpoints.detachClaim, {
    tags,
    handler: (request) => dropPickListClaim(ctx, requirePrincipal(request), request.params.code, 'detach'),
  });
  route(app, endpoints.promote, { tags, handler: (request) => promotePickList(ctx, request.params.code) });
  route(app, endpoints.markPacked, {
    tags,
    handler: (request) => setPickListPacked(ctx, request.params.code, true),
  });
  route(app, endpoints.markUnpacked, {
    tags,
    handler: (request) => setPickListPacked(ctx, request.params.code, false),
  });

  // The picking counters are derived from the lists: set them once the app is ready.
  app.addHook('onReady', async () => {
    await syncPickingCounters(ctx).catch((error: unknown) =>
      app.log.warn({ err: error }, '/stock_picking and /pick_and_collect counters not set at start'),
    );
  });
}
