import { deliveryDispatchEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { pickListCommitListeners } from '../pick-lists/pick-list-live.js';
import { syncDispatchCounter } from './delivery-dispatch-live.js';
import {
  closeLoad,
  getLoad,
  listNotDispatched,
  loadContainer,
  markDispatched,
  openLoad,
} from './delivery-dispatch.service.js';

const tags = ['delivery dispatch'];

/**
 * Delivery dispatch (contract delivery-dispatch.ts; PROCESSES.md 3.8): the not-dispatched list,
 * markDispatched, and loads (open, view, container, close). Role delivery (the endpoints').
 */
export function registerDeliveryDispatchRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.notDispatched, { tags, handler: (request) => listNotDispatched(ctx, request.query) });
  route(app, endpoints.markDispatched, {
    tags,
    handler: (request) => markDispatched(ctx, requirePrincipal(request), request.params.code, request.body),
  });
  route(app, endpoints.openLoad, {
    tags,
    handler: (request) => openLoad(ctx, requirePrincipal(request), request.body),
  });
  route(app, endpoints.load, { tags, handler: (request) => getLoad(ctx, request.params.id) });
  route(app, endpoints.loadContainer, {
    tags,
    handler: (request) => loadContainer(ctx, requirePrincipal(request), request.params.id, request.body),
  });
  route(app, endpoints.closeLoad, {
    tags,
    handler: (request) => closeLoad(ctx, requirePrincipal(request), request.params.id, request.body),
  });

  // Deliveries are made and cancelled with pick list commits (features/deliveries): count after those too.
  pickListCommitListeners.add(syncDispatchCounter);
  app.addHook('onReady', async () => {
    await syncDispatchCounter(ctx);
  });
}
