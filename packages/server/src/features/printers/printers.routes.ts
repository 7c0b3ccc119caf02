import { printerEndpoints as endpoints } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { route } from '../../http/endpoint-route.js';
import {
  createPrinter,
  deletePrinter,
  findActivePrinterOrThrow,
  listAvailablePrinters,
  listPrinters,
  updatePrinter,
} from './printers.service.js';
import { printLabels, testLabelJobs } from './printing.service.js';

/** Printers: admin CRUD, the available printers, and a test print. */
export function registerPrinterRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, endpoints.list, { handler: () => listPrinters(ctx) });
  route(app, endpoints.create, { handler: (request) => createPrinter(ctx, request.body) });
  route(app, endpoints.available, { handler: () => listAvailablePrinters(ctx) });
  route(app, endpoints.update, { handler: (request) => updatePrinter(ctx, request.params.id, request.body) });
  route(app, endpoints.remove, {
    handler: async (request) => {
      await deletePrinter(ctx, request.params.id);
      return { ok: true as const };
    },
  });
  route(app, endpoints.test, {
    handler: async (request) => {
      const printer = await findActivePrinterOrThrow(ctx, request.params.id);
      return printLabels(ctx, requirePrincipal(request), printer.id, testLabelJobs(printer));
    },
  });
}
