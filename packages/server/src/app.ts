import cookie from '@fastify/cookie';
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
import { ErpOutboxDispatcher } from './features/erp-outbox/erp-outbox-dispatcher.js';
import { erpSenderRegistry, type ErpSenderRegistry } from './features/erp-outbox/erp-senders.js';
import { pruneStaleSigninCounters } from './features/ip-rules/ip-access.service.js';
import { fastifyTrustProxy } from './http/trusted-proxies.js';
import { SettingsService } from './features/config/settings.service.js';
import { registerNulGuard } from './http/nul-guard.js';
import { frameworkErrorHandler, maxPathParamLength, registerErrorHandler } from './http/error-handler.js';
import { loadErrorMessages } from './http/error-messages.js';
import { registerDurableAnswers } from './http/durable-answers.js';
import { registerOpenApi } from './http/openapi.js';
import { registerRequestGate } from './http/request-gate.js';
import { requestLinesLogged, useLazyRequestLoggers } from './http/request-logger.js';
import { createResponseSerializerCompiler } from './http/serializer.js';
import { registerRouteTable } from './http/route-table.js';
import { registerRateLimits } from './http/rate-limit.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { startUploadTemp } from './http/upload-temp.js';
import { createLiveServer, type LiveTuning } from './live/live-server.js';

export type App = FastifyInstance & { ctx: AppContext };

export interface BuildOptions {
  /** An already opened database (tests share one per suite); otherwise opened from config. */
  database?: DatabaseHandle;
  /** Live socket tuning (tests shorten the heart-beat and isolate the Redis channel). */
  live?: LiveTuning;
  /** Prefix of the rate limits' Redis keys (tests isolate their counts). */
  rateLimitKeyPrefix?: string;
  /** ERP senders besides (or instead of) the built-in ones, by ERP type (tests inject fakes). */
  erpSenders?: ErpSenderRegistry;
}

const shutdownGraceMs = 5_000;

/** Builds the whole server: database (migrated, seeded), services, HTTP routes and live socket. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const database = options.database ?? openDatabase(config.databaseUrl);
  const ownsDatabase = !options.database;
  await migrateToLatest(database);
  // Demo albums only on the start that seeded the demo data: a deleted album stays deleted.
  if (config.demoData && (await seedDemoData(database.db))) seedDemoAlbums(config.dataDir);

  const messageFor = loadErrorMessages(config.translationsDir);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.proxyTrust),
    // Request lines are written at info; below that level skip their work altogether.
    logController: new LogController({ disableRequestLogging: !requestLinesLogged(config.logLevel) }),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: maxPathParamLength },
    frameworkErrors: frameworkErrorHandler(messageFor),
  }).withTypeProvider<ZodTypeProvider>();
  useLazyRequestLoggers(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler(config.runtimeType !== 'PRODUCTION'));
  registerRouteTable(app);

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
  const erpOutbox = new ErpOutboxDispatcher({
    db: database.db,
    dialect: database.dialect,
    erpType: async () => (await settings.settings()).erpType,
    senders: erpSenderRegistry(options.erpSenders),
    ...config.erpOutbox,
    log: app.log,
  });
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
    erpOutbox,
    messageFor,
  };
  app.decorate('ctx', ctx);

  registerDurableAnswers(app, database.walSync);
  await registerSecurityHeaders(app, { https: config.cookieSecure, connectSources: config.cspConnectSources });
  await app.register(cookie);
  registerErrorHandler(app, messageFor, config.runtimeType === 'DEV');
  registerNulGuard(app);
  await registerOpenApi(app, config.version);
  registerRequestGate(app, config.version, createPrincipalResolver(ctx));
  await registerRateLimits(app, { redisUrl: config.redisUrl, keyPrefix: options.rateLimitKeyPrefix, log: app.log });

  await app.register(async (api) => registerFeatureRoutes(api, ctx));
  live.attach(app, ctx);
  await registerWebApp(app, { webDistDir: config.webDistDir, messageFor });

  // Uploads stream to DATA_DIR/tmp/uploads: created now, what a crash left there removed.
  const stopUploadTemp = await startUploadTemp(config.dataDir, app.log);
  const sweep = setInterval(() => {
    sessions.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
    pruneStaleSigninCounters(ctx).catch((error: unknown) =>
      app.log.warn({ err: error }, 'sign-in counter prune failed'),
    );
  }, 60_000);
  sweep.unref();
  erpOutbox.start();

  // Closing waits for open connections; one that stays busy (a client that never finishes its
  // request) is cut after a grace period, so a shutdown always ends.
  let forceClose: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    forceClose = setTimeout(() => app.server.closeAllConnections(), shutdownGraceMs);
    forceClose.unref();
    clearInterval(sweep);
    stopUploadTemp();
    await Promise.all([live.shutdown(), erpOutbox.stop()]);
  });
  app.addHook('onClose', async () => {
    clearTimeout(forceClose);
    if (ownsDatabase) await database.close();
  });
  return app as unknown as App;
}
