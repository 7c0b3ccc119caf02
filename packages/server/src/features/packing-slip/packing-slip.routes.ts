import { packingSlipEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import {
  carrierLabelPdf,
  findPackingSlip,
  packingSlipLog,
  packingSlipPdf,
  printDeliveryContainerLabels,
  printPackingSlip,
} from './packing-slip.service.js';

const tags = ['packing slip'];

function sendPdf(reply: FastifyReply, fileName: string, bytes: Buffer): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${encodeURIComponent(fileName)}.pdf"`)
    .send(bytes);
}

/** The packing slip routes (contract packing-slip.ts; PROCESSES.md 3.9). Every route needs `delivery`. */
export function registerPackingSlipRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.find, { tags, handler: (request) => findPackingSlip(ctx, request.query.scan) });
  route(app, endpoints.pdf, {
    tags,
    handler: async (request, reply) => {
      const slip = await packingSlipPdf(ctx, requirePrincipal(request), request.params.code);
      return sendPdf(reply, `packing-slip-${slip.code}`, slip.bytes);
    },
  });
  route(app, endpoints.print, {
    tags,
    handler: (request) => printPackingSlip(ctx, requirePrincipal(request), request.params.code, request.body.printer),
  });
  route(app, endpoints.log, { tags, handler: (request) => packingSlipLog(ctx, request.params.code) });
  route(app, endpoints.containerLabels, {
    tags,
    handler: (request) =>
      printDeliveryContainerLabels(ctx, requirePrincipal(request), request.params.code, request.body.printer),
  });
  route(app, endpoints.carrierLabel, {
    tags,
    handler: async (request, reply) => {
      const label = await carrierLabelPdf(ctx, requirePrincipal(request), request.params.code);
      return sendPdf(reply, `carrier-label-${label.code}`, label.bytes);
    },
  });
}
