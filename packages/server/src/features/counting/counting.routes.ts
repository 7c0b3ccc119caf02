import { countingEndpoints, wallToWallEndpoints, wallToWallRequestEndpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { startCountHistoryIndexer } from './count-history-indexer.js';
import { countHistory } from './count-history.service.js';
import { previewWallToWallRequest, requestWallToWall } from './wall-to-wall-request.service.js';
import { saveCount } from './wall-to-wall-save.js';
import { countRequests, releaseCount, startCount } from './wall-to-wall.service.js';

/**
 * Counting (contract counting.ts; PROCESSES.md 4.1, 4.2; decision 0189): /wall_to_wall's
 * requests, start, release and save (role counting, extension wallToWall), and the count
 * history (role information), and the desktop /wall_to_wall/request (role
 * informationAuthSetCountingState). The count history's item index is written in the background
 * while the app runs (count-history-indexer.ts).
 */
export function registerCountingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['wall to wall'];
  route(app, wallToWallEndpoints.requests, {
    tags,
    handler: (request) => countRequests(ctx, requirePrincipal(request), request.query),
  });
  route(app, wallToWallEndpoints.start, {
    tags,
    handler: (request) => startCount(ctx, requirePrincipal(request), request.params.location),
  });
  route(app, wallToWallEndpoints.release, {
    tags,
    handler: (request) => releaseCount(ctx, requirePrincipal(request), request.params.location),
  });
  route(app, wallToWallEndpoints.save, {
    tags,
    handler: (request) => saveCount(ctx, requirePrincipal(request), request.body),
  });
  route(app, wallToWallRequestEndpoints.preview, {
    tags,
    handler: (request) => previewWallToWallRequest(ctx, request.body.filter),
  });
  route(app, wallToWallRequestEndpoints.request, {
    tags,
    handler: (request) => requestWallToWall(ctx, requirePrincipal(request), request.body),
  });
  route(app, countingEndpoints.history, {
    tags: ['counting'],
    handler: (request) => countHistory(ctx, requirePrincipal(request), request.query),
  });
  let indexer: { stop: () => Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    indexer = startCountHistoryIndexer(ctx, (error) => app.log.warn({ err: error }, 'count history not indexed'));
  });
  app.addHook('onClose', async () => {
    await indexer?.stop();
  });
}
