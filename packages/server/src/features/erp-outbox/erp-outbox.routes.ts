import { erpOutboxEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
import { listErpOutbox, retryErpOutboxEntry } from './erp-outbox.service.js';

/** The ERP outbox for admins: the queue with its dead letters, and a retry of a dead row. */
export function registerErpOutboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.list, { handler: (request) => listErpOutbox(ctx, request.query) });
  route(app, endpoints.retry, { handler: (request) => retryErpOutboxEntry(ctx, request.params.id) });
}
