import { labelGeneratorEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import { actionBarcodesPdf, printActionBarcodes } from './action-barcodes.service.js';

const tags = ['label generator'];

/** The label generator (contract api/label-generator.ts): action barcodes as a PDF or on a printer; role labelGenerator. */
export function registerLabelGeneratorRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.actionBarcodesPdf, {
    tags,
    handler: async (request, reply) => {
      const document = await actionBarcodesPdf(request.body);
      return reply
        .header('content-type', document.mediaType)
        .header('content-disposition', 'inline; filename="action-barcodes.pdf"')
        .send(document.bytes);
    },
  });
  route(app, endpoints.actionBarcodesPrint, {
    tags,
    handler: (request) => printActionBarcodes(ctx, requirePrincipal(request), request.body),
  });
}
