import multipart from '@fastify/multipart';
import { spreadsheetEndpoints as endpoints, spreadsheetLimits } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/endpoint-route.js';
import { withSingleUpload } from '../../http/multipart-upload.js';
import { fileTooLarge, readLibrarySpreadsheet, readUploadedSpreadsheet } from './spreadsheets.service.js';

const tags = ['spreadsheets'];

/** The spreadsheet viewer (contract api/spreadsheets.ts): an upload or a library file, read only; role reporting. */
export function registerSpreadsheetRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: spreadsheetLimits.maxBytes, files: 1, fields: 10, parts: 11 },
    });
    route(scope, endpoints.read, {
      tags,
      handler: async (request, reply) => {
        const tooLarge = { key: 'fileTooLarge', maxBytes: spreadsheetLimits.maxBytes } as const;
        try {
          return await withSingleUpload(request, reply, { config: ctx.config, tooLarge }, readUploadedSpreadsheet);
        } catch (error) {
          if (error instanceof AppError && error.status === 413) throw fileTooLarge();
          throw error;
        }
      },
    });
  });
  route(app, endpoints.library, {
    tags,
    handler: (request) => readLibrarySpreadsheet(ctx, request.query.path),
  });
}
