import {
  availablePrintersAnswerSchema,
  idParamSchema,
  okSchema,
  printAnswerSchema,
  printerCreateRequestSchema,
  printerListAnswerSchema,
  printerSchema,
  printerUpdateRequestSchema,
} from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { anyRole, requirePrincipal, signedIn } from '../../http/access.js';
import {
  createPrinter,
  deletePrinter,
  findActivePrinterOrThrow,
  listAvailablePrinters,
  listPrinters,
  updatePrinter,
} from './printers.service.js';
import { printLabels, testLabelJobs } from './printing.service.js';

/** Printers under /api/v1/printer/: admin CRUD, the available printers, and a test print. */
export function registerPrinterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['printers'];

  api.get(
    '/api/v1/printer/',
    { config: anyRole('admin'), schema: { tags, response: { 200: printerListAnswerSchema } } },
    () => listPrinters(ctx),
  );

  api.post(
    '/api/v1/printer/',
    {
      config: anyRole('admin'),
      schema: { tags, body: printerCreateRequestSchema, response: { 201: printerSchema } },
    },
    async (request, reply) => reply.status(201).send(await createPrinter(ctx, request.body)),
  );

  api.get(
    '/api/v1/printer/available',
    { config: signedIn, schema: { tags, response: { 200: availablePrintersAnswerSchema } } },
    () => listAvailablePrinters(ctx),
  );

  api.post(
    '/api/v1/printer/:id',
    {
      config: anyRole('admin'),
      schema: { tags, params: idParamSchema, body: printerUpdateRequestSchema, response: { 200: printerSchema } },
    },
    (request) => updatePrinter(ctx, request.params.id, request.body),
  );

  api.delete(
    '/api/v1/printer/:id',
    { config: anyRole('admin'), schema: { tags, params: idParamSchema, response: { 200: okSchema } } },
    async (request) => {
      await deletePrinter(ctx, request.params.id);
      return { ok: true as const };
    },
  );

  api.post(
    '/api/v1/printer/:id/test',
    { config: signedIn, schema: { tags, params: idParamSchema, response: { 200: printAnswerSchema } } },
    async (request) => {
      const printer = await findActivePrinterOrThrow(ctx, request.params.id);
      return printLabels(ctx, requirePrincipal(request), printer.id, testLabelJobs(printer));
    },
  );
}
