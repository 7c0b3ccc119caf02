import { plannedReceiptEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
import {
  deletePlannedReceipt,
  listPlannedReceipts,
  plannedReceiptDetail,
  releasePlannedReceipt,
} from './planned-receipts.service.js';

const tags = ['planned goods receipts'];

/**
 * Planned goods receipt routes (contract planned-receipts.ts): the list and detail for purchasing
 * and plannedGoodsReceiptsDraftImporter, release and delete of a draft for purchasing only.
 */
export function registerPlannedReceiptRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.list, { tags, handler: (request) => listPlannedReceipts(ctx, request.query.status) });
  route(app, endpoints.get, { tags, handler: (request) => plannedReceiptDetail(ctx, request.params.code) });
  route(app, endpoints.release, {
    tags,
    handler: (request) => releasePlannedReceipt(ctx, request.params.code, request.body.version),
  });
  route(app, endpoints.delete, {
    tags,
    handler: (request) => deletePlannedReceipt(ctx, request.params.code, request.body.version),
  });
}
