import { pickAndCollectEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import {
  assignSlotContainer,
  currentCartSession,
  detachFromCart,
  finishCartSession,
  startCartSession,
} from './cart-session.service.js';

const tags = ['pick and collect'];

/** Pick and collect's cart session (contract pick-and-collect.ts). Every route needs pickAndCollect. */
export function registerPickAndCollectRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.current, {
    tags,
    handler: async (request) => ({ session: await currentCartSession(ctx, requirePrincipal(request)) }),
  });
  route(app, endpoints.start, {
    tags,
    handler: (request) => startCartSession(ctx, requirePrincipal(request), request.body),
  });
  route(app, endpoints.slot, {
    tags,
    handler: (request) => assignSlotContainer(ctx, requirePrincipal(request), request.body),
  });
  route(app, endpoints.detach, {
    tags,
    handler: (request) => detachFromCart(ctx, requirePrincipal(request), request.body.pickList),
  });
  route(app, endpoints.finish, {
    tags,
    handler: (request) => finishCartSession(ctx, requirePrincipal(request)),
  });
}
