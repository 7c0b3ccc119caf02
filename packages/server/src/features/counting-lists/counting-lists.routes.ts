import { countingListEndpoints, wallToWallBatchEndpoints } from '@wms/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { xlsxMediaType } from '../importers/import-report.js';
import {
  saveCountingListCount,
  countingListProgress,
  openCountingLists,
  startCounting,
} from './counting-list-count.service.js';
import {
  cancelCountingList,
  createCountingLists,
  previewCountingLists,
  recentCountingLists,
} from './counting-list-create.service.js';
import { flushCountingList } from './counting-list-flush.js';
import { countingListPdf } from './counting-list-pdf.js';
import { countingListVariance, countingListVarianceXlsx } from './counting-list-variance.js';
import { syncCountingListCounter } from './counting-list-live.js';

function sendFile(reply: FastifyReply, type: string, fileName: string, bytes: Buffer): FastifyReply {
  return reply
    .header('content-type', type)
    .header('content-disposition', `inline; filename="${encodeURIComponent(fileName)}"`)
    .send(bytes);
}

/**
 * Counting lists (contract counting-lists.ts; PROCESSES.md 4.3; decision 0192): the creator's
 * preview, create and cancel (role countingListCreator), and /wall_to_wall_batch's countingList,
 * startCounting, progress, save and flush (role counting, batching mode).
 */
export function registerCountingListRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tags = ['counting lists'];
  route(app, countingListEndpoints.list, { tags, handler: () => recentCountingLists(ctx) });
  route(app, countingListEndpoints.preview, {
    tags,
    handler: (request) => previewCountingLists(ctx, request.body.filter),
  });
  route(app, countingListEndpoints.create, {
    tags,
    handler: (request) => createCountingLists(ctx, requirePrincipal(request), request.body),
  });
  route(app, countingListEndpoints.cancel, {
    tags,
    handler: (request) => cancelCountingList(ctx, request.params.list),
  });
  route(app, countingListEndpoints.pdf, {
    tags,
    handler: async (request, reply) => {
      const pdf = await countingListPdf(ctx, request.params.list);
      return sendFile(reply, 'application/pdf', `${pdf.code}.pdf`, pdf.bytes);
    },
  });
  route(app, countingListEndpoints.variance, {
    tags,
    handler: (request) => countingListVariance(ctx, request.params.list),
  });
  route(app, countingListEndpoints.varianceXlsx, {
    tags,
    handler: async (request, reply) => {
      const xlsx = await countingListVarianceXlsx(ctx, request.params.list);
      return sendFile(reply, xlsxMediaType, `${xlsx.code}-variance.xlsx`, xlsx.bytes);
    },
  });
  route(app, wallToWallBatchEndpoints.countingList, { tags, handler: () => openCountingLists(ctx) });
  route(app, wallToWallBatchEndpoints.startCounting, {
    tags,
    handler: (request) => startCounting(ctx, requirePrincipal(request), request.body.list),
  });
  route(app, wallToWallBatchEndpoints.progress, {
    tags,
    handler: (request) => countingListProgress(ctx, request.query.list),
  });
  route(app, wallToWallBatchEndpoints.save, {
    tags,
    handler: (request) => saveCountingListCount(ctx, requirePrincipal(request), request.body),
  });
  route(app, wallToWallBatchEndpoints.flush, {
    tags,
    handler: (request) => flushCountingList(ctx, requirePrincipal(request), request.body),
  });

  // The /wall_to_wall_batch counter is the open lists: set it once the app is ready.
  app.addHook('onReady', async () => {
    await syncCountingListCounter(ctx);
  });
}
