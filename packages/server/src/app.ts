import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { createGroupCommit } from './db/group-commit.js';
import { createMasterDataCache } from './db/master-data-cache.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoData } from './db/seed/demo.js';
import { seedDemoAlbums } from './features/file-management/demo-albums.js';
import { registerFeatureRoutes } from './features/routes.js';
import { createPrincipalResolver } from './features/auth/principal-resolver.js';
import { SessionService } from './features/auth/session.service.js';
import { SettingsService } from './features/config/settings.service.js';
import { registerErrorHandler, sendError } from './http/error-handler.js';
import { loadErrorMessages } from './http/error-messages.js';
import { registerDurableAnswers } from './http/durable-answers.js';
import { registerOpenApi } from './http/openapi.js';
import { registerRequestGate } from './http/request-gate.js';
import { requestLinesLogged, useLazyRequestLoggers } from './http/request-logger.js';
import { createResponseSerializerCompiler } from './http/serializer.js';
import { registerRouteTable } from './http/route-table.js';
import { createLiveServer, type LiveTuning } from './live/live-server.js';

export type App = FastifyInstance & { ctx: AppContext };

export interface BuildOptions {
  /** An already opened database (tests share one per suite); otherwise opened from config. */
  database?: DatabaseHandle;
  /** Live socket tuning (tests shorten the heart-beat and isolate the Redis channel). */
  live?: LiveTuning;
}

/** Builds the whole server: database (migrated, seeded), services, HTTP routes and live socket. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const database = options.database ?? openDatabase(config.databaseUrl);
  const ownsDatabase = !options.database;
  await migrateToLatest(database);
  // Demo albums only on the start that seeded the demo data: a deleted album stays deleted.
  if (config.demoData && (await seedDemoData(database.db))) seedDemoAlbums(config.dataDir);

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Request lines are written at info; below that level skip their work altogether.
    logController: new LogController({ disableRequestLogging: !requestLinesLogged(config.logLevel) }),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  useLazyRequestLoggers(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler(config.runtimeType !== 'PRODUCTION'));
  registerRouteTable(app);

  const messageFor = loadErrorMessages(config.translationsDir);
  const live = await createLiveServer({ ...options.live, config, db: database.db, log: app.log }).catch(
    async (error: unknown) => {
      if (ownsDatabase) await database.close();
      throw error;
    },
  );
  const settings = new SettingsService(database.db);
  const sessions = new SessionService(
    database.db,
    { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours },
    (ids) => live.hub.closeSessions(ids),
  );
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    groupCommit:
      database.dialect === 'sqlite'
        ? createGroupCommit(database.db, {
            durable: database.walSync?.durable,
            beforeBatch: database.walSync?.beforeWrites,
          })
        : undefined,
    masterData: createMasterDataCache(database.db, database.dialect, { ownWrites: database.walSync }),
    settings,
    sessions,
    live: live.hub,
    messageFor,
  };
  app.decorate('ctx', ctx);

  registerDurableAnswers(app, database.walSync);
  await app.register(cookie);
  registerErrorHandler(app, messageFor, config.runtimeType === 'DEV');
  await registerOpenApi(app, config.version);
  registerRequestGate(app, config.version, createPrincipalResolver(ctx));

  await app.register(async (api) => registerFeatureRoutes(api, ctx));
  live.attach(app, ctx);
  await registerWebApp(app, config, messageFor);

  const sweep = setInterval(() => {
    sessions.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
  }, 60_000);
  sweep.unref();

  app.addHook('preClose', async () => {
    clearInterval(sweep);
    await live.shutdown();
  });
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });
  return app as unknown as App;
}

/** Serves the built web app with a single-page fallback; unknown API routes get a JSON 404. */
async function registerWebApp(
  app: FastifyInstance,
  config: AppConfig,
  messageFor: (key: string, args: Record<string, unknown>) => string,
) {
  const indexFile = path.join(config.webDistDir, 'index.html');
  // Read once: the files it names are registered at start too (wildcard: false).
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null;
  if (indexHtml) {
    await app.register(async (web) => {
      // The web app's files are public; declare it on each route fastify-static adds.
      web.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: { public: true } };
      });
      await web.register(fastifyStatic, {
        root: config.webDistDir,
        wildcard: false,
        index: false,
        // Vite names built assets by content hash, so they never change.
        setHeaders: (response, filePath) => {
          if (filePath.startsWith(path.join(config.webDistDir, 'assets')))
            response.setHeader('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/translations/');
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && indexHtml && isPage) {
      // Single-page fallback: every other path is a page of the web app.
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return sendError(reply, messageFor, 404, 'notFound', { method: request.method, url: request.url.split('?')[0] });
  });
}
