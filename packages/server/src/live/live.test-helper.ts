import { Client, type IFrame, type StompSubscription } from '@stomp/stompjs';
import { expect, vi } from 'vitest';
import { WebSocket } from 'ws';
import { liveSocketPath, parseLiveMessage, type AnyLiveMessage } from '@wms/contract';
import type { App } from '../app.js';
import { buildTestApp } from '../../test/test-app.js';
import type { HttpClient } from '../../test/http-client.js';
import type { LiveTuning } from './live-server.js';

export interface LiveTestApp {
  app: App;
  baseUrl: string;
  wsUrl: string;
  version: string;
  /** A session cookie header for a demo user, made through the session service. */
  cookieFor(username: string): Promise<{ cookie: string; userId: number; sessionId: number }>;
  /** An HTTP client without a session. */
  client(): HttpClient;
  /** An HTTP client carrying a new session cookie of the user. */
  httpClientFor(username: string): Promise<HttpClient>;
  userId(username: string): Promise<number>;
  close(): Promise<void>;
}

/** The real app on a fresh database with live tuning (short heart-beats, a Redis channel prefix). */
export async function buildLiveTestApp(env: Record<string, string> = {}, live: LiveTuning = {}): Promise<LiveTestApp> {
  const t = await buildTestApp(env, { live });
  const { app, baseUrl } = t;
  const userId = async (username: string) => {
    const row = await app.ctx.db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const cookieFor = async (username: string) => {
    const id = await userId(username);
    const session = await app.ctx.sessions.create(id, {
      uniqueSession: null,
      deviceName: null,
      ip: null,
      userAgent: null,
    });
    return { cookie: `wms_session=${session.token}`, userId: id, sessionId: session.sessionId };
  };
  return {
    app,
    baseUrl,
    wsUrl: `${baseUrl.replace(/^http/, 'ws')}${liveSocketPath}`,
    version: t.config.version,
    userId,
    cookieFor,
    client: () => t.client(),
    httpClientFor: async (username) => {
      const client = t.client();
      client.cookies.set('wms_session', (await cookieFor(username)).cookie.split('=')[1] ?? '');
      return client;
    },
    close: () => t.close(),
  };
}

export interface StompTestOptions {
  cookie?: string;
  origin?: string;
  appVersion?: string;
  heartbeatMs?: number;
  reconnectDelayMs?: number;
}

export interface Received {
  destination: string;
  message: AnyLiveMessage;
}

/** The real @stomp/stompjs client over ws, recording what it receives. */
export class TestStompClient {
  readonly client: Client;
  readonly received: Received[] = [];
  readonly errors: IFrame[] = [];
  readonly closeCodes: number[] = [];
  connects = 0;

  constructor(url: string, options: StompTestOptions & { version: string }) {
    const headers: Record<string, string> = {};
    if (options.cookie) headers.cookie = options.cookie;
    headers.origin = options.origin ?? new URL(url.replace(/^ws/, 'http')).origin;
    this.client = new Client({
      webSocketFactory: () => new WebSocket(url, { headers }),
      connectHeaders: {
        AppVersion: options.appVersion ?? options.version,
        UniqueSession: `test-${Math.random().toString(36).slice(2)}`,
      },
      heartbeatIncoming: options.heartbeatMs ?? 0,
      heartbeatOutgoing: options.heartbeatMs ?? 0,
      reconnectDelay: options.reconnectDelayMs ?? 0,
      debug: () => {},
    });
    this.client.onConnect = () => {
      this.connects++;
    };
    this.client.onStompError = (frame) => {
      this.errors.push(frame);
    };
    this.client.onWebSocketClose = (event: { code: number }) => {
      this.closeCodes.push(event.code);
    };
  }

  /** Activates and waits for CONNECTED; rejects with the ERROR frame's message on a refusal. */
  connect(): Promise<this> {
    return new Promise((resolve, reject) => {
      const connects = this.connects;
      this.client.onConnect = () => {
        this.connects++;
        resolve(this);
      };
      this.client.onStompError = (frame) => {
        this.errors.push(frame);
        if (this.connects === connects) reject(new Error(frame.headers.message ?? 'ERROR'));
      };
      this.client.activate();
    });
  }

  subscribe(destination: string, headers: Record<string, string> = {}): StompSubscription {
    return this.client.subscribe(
      destination,
      (frame) => {
        const message = parseLiveMessage(frame.body);
        if (!message) throw new Error(`unreadable live message: ${frame.body}`);
        this.received.push({ destination, message });
      },
      headers,
    );
  }

  /** Subscribes and waits for the server's RECEIPT, so later publishes reach the subscription. */
  async subscribed(destination: string): Promise<void> {
    const receipt = `sub-${Math.random().toString(36).slice(2)}`;
    const done = new Promise<void>((resolve) => this.client.watchForReceipt(receipt, () => resolve()));
    this.subscribe(destination, { receipt });
    await done;
  }

  messages(destination?: string): AnyLiveMessage[] {
    return this.received
      .filter((r) => destination === undefined || r.destination === destination)
      .map((r) => r.message);
  }

  async waitForMessages(count: number, destination?: string, timeout = 3000): Promise<AnyLiveMessage[]> {
    await vi.waitFor(() => expect(this.messages(destination).length).toBeGreaterThanOrEqual(count), {
      timeout,
      interval: 10,
    });
    return this.messages(destination);
  }

  async waitForError(timeout = 3000): Promise<IFrame> {
    await vi.waitFor(() => expect(this.errors.length).toBeGreaterThan(0), { timeout, interval: 10 });
    return this.errors[0] as IFrame;
  }

  async waitForClose(timeout = 3000): Promise<number> {
    await vi.waitFor(() => expect(this.closeCodes.length).toBeGreaterThan(0), { timeout, interval: 10 });
    return this.closeCodes[0] as number;
  }

  async close(): Promise<void> {
    await this.client.deactivate({ force: true });
  }
}

/** A bare WebSocket speaking raw frames, for what stompjs would never send. */
export class RawStompSocket {
  readonly frames: string[] = [];
  closeCode: number | undefined;
  readonly opened: Promise<void>;

  constructor(
    readonly ws: WebSocket,
    onOpenError?: (status: number) => void,
  ) {
    ws.on('message', (data: Buffer) => this.frames.push(data.toString()));
    ws.on('close', (code) => {
      this.closeCode = code;
    });
    this.opened = new Promise((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('unexpected-response', (_request, response) => {
        onOpenError?.(response.statusCode ?? 0);
        reject(new Error(`upgrade refused: ${response.statusCode}`));
      });
      ws.on('error', reject);
    });
  }

  static open(url: string, headers: Record<string, string> = {}): RawStompSocket {
    const origin = new URL(url.replace(/^ws/, 'http')).origin;
    return new RawStompSocket(new WebSocket(url, { headers: { origin, ...headers } }));
  }

  send(text: string): void {
    this.ws.send(text);
  }

  async waitForFrame(prefix: string, timeout = 3000): Promise<string> {
    await vi.waitFor(() => expect(this.frames.some((f) => f.startsWith(prefix))).toBe(true), { timeout, interval: 5 });
    return this.frames.find((f) => f.startsWith(prefix)) as string;
  }

  async waitForClose(timeout = 3000): Promise<number> {
    await vi.waitFor(() => expect(this.closeCode).toBeDefined(), { timeout, interval: 5 });
    return this.closeCode as number;
  }
}

export const connectFrame = (headers: Record<string, string> = {}) =>
  `CONNECT\n${Object.entries({ 'accept-version': '1.2', host: 'localhost', ...headers })
    .map(([k, v]) => `${k}:${v}`)
    .join('\n')}\n\n\0`;
