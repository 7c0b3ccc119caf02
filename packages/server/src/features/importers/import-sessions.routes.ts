import multipart from '@fastify/multipart';
import { importEndpoints as endpoints, importLimits } from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/endpoint-route.js';
import { withSingleUpload } from '../../http/multipart-upload.js';
import { importerOf } from './import-access.js';
import { commitImportSession } from './import-commit.js';
import { withImportPageCache } from './import-page-cache.js';
import { scheduleImportPruning } from './import-pruning.js';
import { registerImporter } from './import-registry.js';
import { importReport, importTemplate, xlsxMediaType } from './import-report.js';
import {
  createImportSession,
  describeImporter,
  getImportSession,
  importSessionRows,
  listImportSessions,
  updateImportMapping,
  validateImportSession,
} from './import-sessions.service.js';
import { importers } from './importers.js';

const tags = ['imports'];

const attachment = (fileName: string) => `attachment; filename="${encodeURIComponent(fileName)}"`;

/**
 * The import framework's routes (contract importers.ts; Decision 0176). Registers every importer
 * of importers.ts, and the daily expiry of sessions. The endpoints let any importer role in; each
 * service call checks the kind's own role (403), the importer's existence (404) and, for master
 * data, the ERP type (409). An upload is refused before its body is read when the caller may not
 * use the kind, and streamed to a temporary file otherwise (413 fileTooLarge {max, maxMb}).
 */
export function registerImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const importer of importers) registerImporter(importer);
  scheduleImportPruning(app, ctx);

  route(app, endpoints.describe, {
    tags,
    handler: (request) => describeImporter(ctx, requirePrincipal(request), request.params.kind),
  });
  route(app, endpoints.template, {
    tags,
    handler: async (request, reply) => {
      const workbook = await importTemplate(ctx, requirePrincipal(request), request.params.kind);
      return reply
        .type(xlsxMediaType)
        .header('content-disposition', attachment(`${request.params.kind}-template.xlsx`))
        .send(workbook);
    },
  });
  route(app, endpoints.sessions, {
    tags,
    handler: (request) => listImportSessions(ctx, requirePrincipal(request), request.params.kind),
  });
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: importLimits.maxBytes, files: 1, fields: 10, parts: 11 },
    });
    route(scope, endpoints.create, {
      tags,
      handler: async (request, reply) => {
        const principal = requirePrincipal(request);
        const { kind } = request.params;
        await importerOf(ctx, principal, kind);
        const tooLarge = { key: 'fileTooLarge', maxBytes: importLimits.maxBytes } as const;
        try {
          return await withSingleUpload(request, reply, { config: ctx.config, tooLarge }, (upload) =>
            withImportPageCache(ctx, () => createImportSession(ctx, principal, kind, upload, request.query.sheet)),
          );
        } catch (error) {
          if (error instanceof AppError && error.status === 413) {
            throw new AppError(413, 'fileTooLarge', { ...error.args, max: importLimits.maxBytes });
          }
          throw error;
        }
      },
    });
  });
  route(app, endpoints.get, {
    tags,
    handler: (request) => getImportSession(ctx, requirePrincipal(request), request.params.kind, request.params.id),
  });
  route(app, endpoints.mapping, {
    tags,
    handler: (request) =>
      updateImportMapping(ctx, requirePrincipal(request), request.params.kind, request.params.id, request.body.mapping),
  });
  route(app, endpoints.validate, {
    tags,
    handler: (request) =>
      withImportPageCache(ctx, () =>
        validateImportSession(ctx, requirePrincipal(request), request.params.kind, request.params.id),
      ),
  });
  route(app, endpoints.rows, {
    tags,
    handler: (request) =>
      importSessionRows(ctx, requirePrincipal(request), request.params.kind, request.params.id, request.query),
  });
  route(app, endpoints.report, {
    tags,
    handler: async (request, reply) => {
      const { params } = request;
      const report = await importReport(ctx, requirePrincipal(request), params.kind, params.id);
      return reply.type(xlsxMediaType).header('content-disposition', attachment(report.fileName)).send(report.stream);
    },
  });
  route(app, endpoints.commit, {
    tags,
    handler: (request) =>
      withImportPageCache(ctx, () =>
        commitImportSession(ctx, requirePrincipal(request), request.params.kind, request.params.id, request.body.mode),
      ),
  });
}
