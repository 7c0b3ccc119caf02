import { recountingEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { syncRecountingCounter } from '../counting/recount-requests.js';
import { flushRecount } from './recount-flush.js';
import { listReviews, reviewRecount } from './recount-review.js';
import { saveRecount } from './recount-save.js';
import { claimRequest, listRequests, requestDocument, requestManualRecount } from './recounting.service.js';

const tags = ['recounting'];

/**
 * /api/v1/recounting (contract recounting.ts; PROCESSES.md 4.4; decision 0191): requests, claim,
 * document, save, flush (role recounting); review and manual requests (recountingAuthReview).
 */
export function registerRecountingRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.requests, { tags, handler: () => listRequests(ctx) });
  route(app, endpoints.claim, {
    tags,
    handler: (request) => claimRequest(ctx, requirePrincipal(request), request.params.code),
  });
  route(app, endpoints.document, { tags, handler: (request) => requestDocument(ctx, request.params.code) });
  route(app, endpoints.save, { tags, handler: (request) => saveRecount(ctx, requirePrincipal(request), request.body) });
  route(app, endpoints.flush, {
    tags,
    handler: (request) => flushRecount(ctx, requirePrincipal(request), request.body),
  });
  route(app, endpoints.reviews, { tags, handler: (request) => listReviews(ctx, requirePrincipal(request)) });
  route(app, endpoints.review, {
    tags,
    handler: (request) => reviewRecount(ctx, requirePrincipal(request), request.params.code, request.body),
  });
  route(app, endpoints.request, {
    tags,
    handler: (request) => requestManualRecount(ctx, requirePrincipal(request), request.body),
  });

  // The /recounting counter is derived from the documents: set it once the app is ready.
  app.addHook('onReady', () => syncRecountingCounter(ctx));
}
