import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { LiveHub } from './live-hub.js';

/** The live side of the app: the hub features publish through, and the socket endpoint. */
export interface LiveServer {
  hub: LiveHub;
  /** Attaches the STOMP endpoint at /api/v1/ws to the HTTP server. */
  attach(app: FastifyInstance, ctx: AppContext): void;
  /** Tells every client SERVER_RESTARTING and closes their sockets. */
  shutdown(): Promise<void>;
}

// TEMPORARY until the STOMP broker lands (live helper replaces this file).
export async function createLiveServer(_options: { redisUrl: string | undefined }): Promise<LiveServer> {
  const hub: LiveHub = {
    publish: () => {},
    sendToUsers: () => {},
    closeSessions: () => {},
    setCounter: async () => {},
    addToCounter: async () => {},
  };
  return { hub, attach: () => {}, shutdown: async () => {} };
}
