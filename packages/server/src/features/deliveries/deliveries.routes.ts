import { deliveryEndpoints, packEndpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { pickListCommitListeners } from '../pick-lists/pick-list-live.js';
import { cancelDelivery } from './delivery-cancel.js';
import { createDelivery } from './delivery-create.js';
import { syncPackAndDeliveryCounters } from './delivery-live.js';
import { listDeliveries, listPackedLists, loadDelivery } from './delivery-view.js';
import { repack } from './pack-repack.js';
import {
  acceptPackingDifference,
  finishPacking,
  listOpenForPacking,
  packView,
  startPacking,
  verifyPacking,
} from './pack.service.js';

const tags = ['pack and delivery'];

/**
 * Pack and delivery (contract deliveries.ts; PROCESSES.md 3.7; decision 0185). Roles are the
 * endpoints' (delivery; the cancel deliveryAuthCancel). Closing containers and their labels are
 * the pick list routes' (/api/v1/pick_list/shippingContainer/{container}/close|label).
 */
export function registerDeliveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, packEndpoints.open, { tags, handler: (request) => listOpenForPacking(ctx, request.query) });
  route(app, packEndpoints.start, {
    tags,
    handler: (request) => startPacking(ctx, requirePrincipal(request), request.body),
  });
  route(app, packEndpoints.view, { tags, handler: (request) => packView(ctx, request.params.code) });
  route(app, packEndpoints.verify, {
    tags,
    handler: (request) => verifyPacking(ctx, requirePrincipal(request), request.params.code, request.body),
  });
  route(app, packEndpoints.finish, {
    tags,
    handler: (request) => finishPacking(ctx, requirePrincipal(request), request.params.code, request.body),
  });
  route(app, packEndpoints.acceptDifference, {
    tags,
    handler: (request) => acceptPackingDifference(ctx, requirePrincipal(request), request.params.code, request.body),
  });
  route(app, packEndpoints.repack, {
    tags,
    handler: (request) => repack(ctx, requirePrincipal(request), request.params.code, request.body),
  });

  route(app, deliveryEndpoints.packed, { tags, handler: (request) => listPackedLists(ctx.db, request.query) });
  route(app, deliveryEndpoints.create, {
    tags,
    handler: (request) => createDelivery(ctx, requirePrincipal(request), request.body),
  });
  route(app, deliveryEndpoints.all, { tags, handler: (request) => listDeliveries(ctx.db, request.query) });
  route(app, deliveryEndpoints.detail, { tags, handler: (request) => loadDelivery(ctx.db, request.params.code) });
  route(app, deliveryEndpoints.cancel, {
    tags,
    handler: (request) => cancelDelivery(ctx, requirePrincipal(request), request.params.code, request.body),
  });

  // The counters follow every committed change of lists (picking, flush, markPacked too); the
  // listener takes the app's context, so one registration serves every app of the process.
  pickListCommitListeners.add(syncPackAndDeliveryCounters);
  app.addHook('onReady', () => syncPackAndDeliveryCounters(ctx));
}
