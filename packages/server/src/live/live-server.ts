import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { liveHeartbeatMs, liveSocketPath, topics } from '@wms/contract';
import type { AppConfig } from '../config.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/database.js';
import { InProcessBackplane, type Backplane } from './backplane.js';
import { LiveBroker } from './broker.js';
import { checkConnect, isOriginAllowed, upgradeAddress } from './handshake.js';
import type { LiveHub } from './live-hub.js';
import { encodeMessage, LiveHubService } from './live-hub.service.js';
import { RedisBackplane } from './redis-backplane.js';

/** The live side of the app: the hub features publish through, and the socket endpoint. */
export interface LiveServer {
  hub: LiveHub;
  /** Attaches the STOMP endpoint at /api/v1/ws to the HTTP server. */
  attach(app: FastifyInstance, ctx: AppContext): void;
  /** Tells every client SERVER_RESTARTING, closes their sockets and the backplane. */
  shutdown(): Promise<void>;
  /** Open sockets on this instance (for tests and diagnostics). */
  readonly connectionCount: number;
}

/** Tuning that tests change; production uses the defaults. */
export interface LiveTuning {
  /** Heart-beat offered both ways (default 10 s). */
  heartbeatMs?: number;
  /** Time a socket has to send CONNECT (default 10 s). */
  connectTimeoutMs?: number;
  /** Largest STOMP frame accepted (default 64 KiB). */
  maxFrameBytes?: number;
  /** Prefix of the Redis channel, so several deployments (or test runs) can share one Redis. */
  redisChannelPrefix?: string;
  /** How long shutdown waits for clients to finish the closing handshake (default 1 s). */
  shutdownGraceMs?: number;
}

export interface LiveServerOptions extends LiveTuning {
  config: Pick<AppConfig, 'version' | 'redisUrl' | 'allowedOrigins' | 'trustProxy' | 'proxyTrust' | 'liveLimits'>;
  db: Db;
  log: FastifyBaseLogger;
}

/** Where SERVER_RESTARTING goes on each connection, in order of preference. */
const restartDestinations = [topics.commands(), topics.userCommands()];

function rejectUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Builds the hub over a backplane (Redis when config.redisUrl is set, else in-process) and the
 * STOMP endpoint. Connects to Redis at once, so a wrong REDIS_URL fails the start.
 */
export async function createLiveServer(options: LiveServerOptions): Promise<LiveServer> {
  const { config, log } = options;
  const heartbeatMs = options.heartbeatMs ?? liveHeartbeatMs;
  const maxFrameBytes = options.maxFrameBytes ?? 64 * 1024;
  const backplane: Backplane = config.redisUrl
    ? await RedisBackplane.connect(config.redisUrl, options.redisChannelPrefix ?? 'wms:', log)
    : new InProcessBackplane();
  const hub = new LiveHubService(backplane, options.db);
  let ctx: AppContext | undefined;
  let closing = false;

  const broker = new LiveBroker({
    options: {
      heartbeatMs,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      maxFrameBytes,
      maxBufferedBytes: 4 * 1024 * 1024,
      serverName: `wms/${config.version}`,
      maxDeviceSubscriptions: config.liveLimits.deviceSubscriptions,
      maxUserSubscriptions: config.liveLimits.userSubscriptions,
    },
    maxDeviceSocketsPerAddress: config.liveLimits.deviceSocketsPerAddress,
    log,
    checkConnect: (token, appVersion) => {
      if (!ctx) throw new Error('live server is not attached');
      return checkConnect(ctx, token, appVersion);
    },
    stateFor: (destination, principal) =>
      hub.stateFor(destination, principal ? { userId: principal.userId, username: principal.username } : null),
  });

  backplane.onEnvelope((envelope, fromThisInstance) => {
    switch (envelope.type) {
      case 'deliver':
        broker.deliver(envelope.destination, envelope.userIds, envelope.body, envelope.only);
        return;
      case 'closeSessions':
        if (!fromThisInstance) ctx?.sessions.forgetSessions(envelope.sessionIds);
        broker.closeSessions(envelope.sessionIds);
        return;
      case 'invalidate':
        hub.runInvalidation(envelope.invalidation);
        return;
    }
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes + 1024 });

  return {
    hub,
    get connectionCount() {
      return broker.connectionCount;
    },
    attach(app, appContext) {
      ctx = appContext;
      hub.onInvalidate((invalidation) => {
        if (invalidation.kind === 'settings') appContext.settings.invalidate();
        else appContext.sessions.forgetUser(invalidation.userId);
      });
      app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        socket.on('error', () => socket.destroy());
        const path = (request.url ?? '').split('?')[0];
        if (path !== liveSocketPath) return rejectUpgrade(socket, 404, 'Not Found');
        if (closing) return rejectUpgrade(socket, 503, 'Service Unavailable');
        if (!isOriginAllowed(request, config.allowedOrigins, config.trustProxy)) {
          log.info({ origin: request.headers.origin }, 'live socket refused: origin not allowed');
          return rejectUpgrade(socket, 403, 'Forbidden');
        }
        const address = upgradeAddress(request, config.proxyTrust);
        wss.handleUpgrade(request, socket, head, (ws) => broker.accept(ws, request, address));
      });
    },
    async shutdown() {
      closing = true;
      await broker.shutdown(
        encodeMessage('SERVER_RESTARTING', {}),
        restartDestinations,
        options.shutdownGraceMs ?? 1000,
      );
      wss.close();
      await backplane.close();
    },
  };
}
