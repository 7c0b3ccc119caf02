import { claimEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { detachClaim, listClaims, removeClaim } from './claims.service.js';

/** The claim overview (/claimOverview) and the managers' remove and detach. */
export function registerClaimRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.list, { handler: (request) => listClaims(ctx, requirePrincipal(request)) });
  route(app, endpoints.remove, {
    handler: async (request) => {
      await removeClaim(ctx, requirePrincipal(request), request.params.id);
      return { ok: true as const };
    },
  });
  route(app, endpoints.detach, {
    handler: async (request) => {
      const { objectType, objectId } = request.body;
      const claim = await detachClaim(ctx, requirePrincipal(request), request.params.id, {
        type: objectType,
        id: objectId,
      });
      return { claim };
    },
  });
}
