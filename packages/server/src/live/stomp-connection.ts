import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket, type RawData } from 'ws';
import { deviceListenerPrefix, liveConnectHeaders, liveFailures, type LiveFailure } from '@wms/contract';
import { hashToken, newToken } from '../features/auth/secrets.js';
import type { Principal } from '../http/access.js';
import { maySend, maySubscribe } from './destination-policy.js';
import type { ConnectCheck } from './handshake.js';
import { encodeMessage } from './live-hub.service.js';
import {
  clientCommands,
  escapeHeader,
  heartbeatText,
  serializeFrame,
  StompParseError,
  type StompFrame,
} from './stomp-frame.js';
import { StompParser } from './stomp-parser.js';

export interface ConnectionOptions {
  /** The heart-beat the server offers both ways, in ms. */
  heartbeatMs: number;
  /** How long a socket may stay open without a CONNECT. */
  connectTimeoutMs: number;
  maxFrameBytes: number;
  /** Outgoing octets a slow client may have queued before it is dropped. */
  maxBufferedBytes: number;
  serverName: string;
  /** Subscriptions one socket may hold: without a session (a device needs one), signed in. */
  maxDeviceSubscriptions: number;
  maxUserSubscriptions: number;
}

/** Frames received but not handled yet (handling waits for the database at CONNECT and SUBSCRIBE). */
export const maxQueuedFrames = 100;
/** Longest subscription id kept. */
export const maxSubscriptionIdLength = 256;

/** The environment variables that set the limits, named in the ERROR frames. */
export const limitNames = {
  deviceSubscriptions: 'LIVE_MAX_DEVICE_SUBSCRIPTIONS',
  userSubscriptions: 'LIVE_MAX_USER_SUBSCRIPTIONS',
  deviceSocketsPerAddress: 'LIVE_MAX_DEVICE_SOCKETS_PER_ADDRESS',
} as const;

export interface Subscription {
  connection: StompConnection;
  id: string;
  destination: string;
  /** Messages held back while the subscription's state is being sent; null afterwards. */
  pending: string[] | null;
  /**
   * A /device_listener/... subscription: the hash of the pairing secret made for it alone (sent
   * to it as DEVICE_PAIRING). Transfer tokens are delivered only to the subscription with their
   * hash. Null for other destinations.
   */
  pairingHash: string | null;
  /** The start of this subscription's MESSAGE frames, up to the message-id value (made once). */
  messageHead?: string;
}

/** The UTF-8 length of a body; a broadcast sends one body to many sockets, so the last is kept. */
let lastBody = '';
let lastBodyBytes = 0;
function utf8Length(body: string): number {
  if (body !== lastBody) {
    lastBody = body;
    lastBodyBytes = Buffer.byteLength(body, 'utf8');
  }
  return lastBodyBytes;
}

/** What a connection needs from its broker. */
export interface ConnectionHost {
  readonly options: ConnectionOptions;
  readonly log: FastifyBaseLogger;
  checkConnect(sessionToken: string | undefined, appVersion: string | undefined): Promise<ConnectCheck>;
  stateFor(destination: string, principal: Principal | null): Promise<readonly string[]>;
  added(subscription: Subscription): void;
  removed(subscription: Subscription): void;
  closed(connection: StompConnection): void;
}

type State = 'awaitingConnect' | 'connected' | 'closing';

/** WebSocket close codes used. */
export const closeCodes = {
  normal: 1000,
  protocolError: 1002,
  policyViolation: 1008,
  internalError: 1011,
  serviceRestart: 1012,
} as const;

/** Headers are case-sensitive in STOMP; our own CONNECT headers are accepted in any case. */
function headerIgnoringCase(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  const key = Object.keys(headers).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : headers[key];
}

/** One client socket: the STOMP 1.2 state machine, its subscriptions and heart-beats. */
export class StompConnection {
  readonly id = randomBytes(8).toString('hex');
  principal: Principal | null = null;
  uniqueSession: string | null = null;
  readonly subscriptions = new Map<string, Subscription>();
  private readonly destinations = new Set<string>();
  private readonly parser: StompParser;
  private state: State = 'awaitingConnect';
  private queue: Promise<void> = Promise.resolve();
  private lastReceivedAt = Date.now();
  private messageCount = 0;
  private queuedFrames = 0;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly ws: WebSocket,
    private readonly host: ConnectionHost,
    private readonly sessionToken: string | undefined,
    /**
     * The client's address when the broker counts this socket against it (one without a session
     * cookie, which never signs in), else null.
     */
    readonly countedAddress: string | null,
  ) {
    this.parser = new StompParser({ commands: clientCommands, maxFrameBytes: host.options.maxFrameBytes });
    ws.on('message', (data) => this.handleData(data));
    ws.on('pong', () => {
      this.lastReceivedAt = Date.now();
    });
    ws.on('close', () => this.handleClose());
    ws.on('error', (error) => host.log.debug({ err: error, connection: this.id }, 'live socket error'));
    this.addTimer(
      setTimeout(() => {
        if (this.state === 'awaitingConnect') this.fail('no CONNECT frame in time', closeCodes.protocolError);
      }, host.options.connectTimeoutMs),
    );
  }

  get isOpen(): boolean {
    return this.state === 'connected' && this.ws.readyState === WebSocket.OPEN;
  }

  /** Sends a message to a subscription, or holds it while the subscription's state is sent. */
  deliver(subscription: Subscription, body: string): void {
    if (subscription.pending) subscription.pending.push(body);
    else this.sendMessage(subscription, body);
  }

  /** The session behind this socket was deleted: the client must sign in again. */
  closeForSession(): void {
    this.fail(`${liveFailures.invalidToken}: the session was closed`, closeCodes.policyViolation);
  }

  /** Sends SERVER_RESTARTING on the connection's best subscription and closes with 1012. */
  closeForRestart(body: string, preferred: readonly string[]): void {
    if (this.state === 'closing') return;
    const subscriptions = [...this.subscriptions.values()];
    const target =
      preferred.map((d) => subscriptions.find((s) => s.destination === d)).find((s) => s !== undefined) ??
      subscriptions[0];
    if (target && this.state === 'connected') this.sendMessage(target, body);
    this.close(closeCodes.serviceRestart, 'server restarting');
  }

  /** Ends the socket without a closing handshake (dead or unresponsive peer). */
  terminate(): void {
    this.state = 'closing';
    this.ws.terminate();
  }

  private handleData(data: RawData): void {
    this.lastReceivedAt = Date.now();
    if (this.state === 'closing') return;
    const chunk = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    let items;
    try {
      items = this.parser.push(chunk);
    } catch (error) {
      if (error instanceof StompParseError) this.fail(`malformed frame: ${error.message}`, closeCodes.protocolError);
      else {
        this.host.log.error({ err: error, connection: this.id }, 'live frame parsing failed');
        this.fail('internal server error', closeCodes.internalError);
      }
      return;
    }
    for (const item of items) {
      if (item.kind === 'heartbeat') continue;
      const frame = item.frame;
      if (++this.queuedFrames > maxQueuedFrames) {
        this.failWith(liveFailures.limitExceeded, `more than ${maxQueuedFrames} frames waiting to be handled`);
        return;
      }
      this.queue = this.queue
        .then(() => {
          this.queuedFrames--;
          return this.handleFrame(frame);
        })
        .catch((error: unknown) => {
          this.host.log.error({ err: error, connection: this.id }, 'live frame handling failed');
          this.fail('internal server error', closeCodes.internalError);
        });
    }
  }

  private async handleFrame(frame: StompFrame<string>): Promise<void> {
    if (this.state === 'closing') return;
    if (this.state === 'awaitingConnect') {
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') await this.connect(frame);
      else this.fail(`expected CONNECT, got ${frame.command}`, closeCodes.protocolError, frame);
      return;
    }
    switch (frame.command) {
      case 'CONNECT':
      case 'STOMP':
        this.fail('already connected', closeCodes.protocolError, frame);
        return;
      case 'SUBSCRIBE':
        await this.subscribe(frame);
        break;
      case 'UNSUBSCRIBE':
        this.unsubscribe(frame);
        break;
      case 'SEND':
        this.send(frame);
        break;
      case 'ACK':
      case 'NACK':
        break; // Messages are sent once (ack mode auto); acknowledgements change nothing.
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        this.fail('transactions are not supported', closeCodes.protocolError, frame);
        return;
      case 'DISCONNECT':
        this.sendReceipt(frame);
        this.close(closeCodes.normal, 'disconnect');
        return;
      default:
        this.fail(`unknown command ${frame.command}`, closeCodes.protocolError, frame);
        return;
    }
    this.sendReceipt(frame);
  }

  private async connect(frame: StompFrame<string>): Promise<void> {
    const versions = (frame.headers['accept-version'] ?? '').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) {
      this.fail('Supported protocol versions are 1.2', closeCodes.protocolError, frame, { version: '1.2' });
      return;
    }
    const heartBeat = /^(\d{1,9}),(\d{1,9})$/.exec(frame.headers['heart-beat'] ?? '0,0');
    if (!heartBeat) {
      this.fail('malformed heart-beat header', closeCodes.protocolError, frame);
      return;
    }
    const appVersion = headerIgnoringCase(frame.headers, liveConnectHeaders.appVersion);
    const check = await this.host.checkConnect(this.sessionToken, appVersion);
    if (this.state !== 'awaitingConnect') return;
    if (!check.ok) {
      this.failWith(check.failure, check.detail, frame);
      return;
    }
    this.principal = check.principal;
    const uniqueSession = headerIgnoringCase(frame.headers, liveConnectHeaders.uniqueSession);
    this.uniqueSession = uniqueSession && uniqueSession.length <= 128 ? uniqueSession : null;
    this.state = 'connected';

    const serverMs = this.host.options.heartbeatMs;
    const clientSends = Number(heartBeat[1]);
    const clientWants = Number(heartBeat[2]);
    const outgoingMs = clientWants > 0 ? Math.max(serverMs, clientWants) : 0;
    const incomingMs = clientSends > 0 ? Math.max(serverMs, clientSends) : 0;
    const headers: Record<string, string> = {
      version: '1.2',
      'heart-beat': `${serverMs},${serverMs}`,
      server: this.host.options.serverName,
      session: this.id,
    };
    if (this.principal) headers['user-name'] = this.principal.username;
    this.write({ command: 'CONNECTED', headers, body: '' });
    this.startHeartbeats(outgoingMs, incomingMs);
  }

  /**
   * Sends EOLs at the negotiated rate and drops a peer silent for twice its interval. A client
   * that sends no heart-beats is pinged at the WebSocket level instead (browsers answer pings).
   */
  private startHeartbeats(outgoingMs: number, incomingMs: number): void {
    if (outgoingMs > 0) {
      this.addTimer(
        setInterval(() => {
          if (this.ws.readyState === WebSocket.OPEN) this.ws.send(heartbeatText);
        }, outgoingMs),
      );
    }
    const checkMs = incomingMs > 0 ? incomingMs : this.host.options.heartbeatMs;
    this.lastReceivedAt = Date.now();
    this.addTimer(
      setInterval(
        () => {
          const silentMs = Date.now() - this.lastReceivedAt;
          if (silentMs > 2 * checkMs) {
            this.host.log.info({ connection: this.id, silentMs }, 'live peer silent: dropped');
            this.terminate();
            return;
          }
          if (incomingMs === 0 && this.ws.readyState === WebSocket.OPEN) this.ws.ping();
        },
        Math.max(1, Math.floor(checkMs / 2)),
      ),
    );
  }

  private async subscribe(frame: StompFrame<string>): Promise<void> {
    const { id, destination } = frame.headers;
    if (!id || !destination) {
      this.fail('SUBSCRIBE needs an id and a destination header', closeCodes.protocolError, frame);
      return;
    }
    if (id.length > maxSubscriptionIdLength) {
      this.fail(`subscription id longer than ${maxSubscriptionIdLength} characters`, closeCodes.protocolError, frame);
      return;
    }
    if (this.subscriptions.has(id)) {
      this.fail(`subscription id ${id} is already in use`, closeCodes.protocolError, frame);
      return;
    }
    if (this.destinations.has(destination)) {
      this.fail(`already subscribed to ${destination}`, closeCodes.protocolError, frame);
      return;
    }
    if (!maySubscribe(this.principal !== null, destination)) {
      this.failWith(liveFailures.accessDenied, `may not subscribe to ${destination}`, frame);
      return;
    }
    const { maxDeviceSubscriptions, maxUserSubscriptions } = this.host.options;
    const [max, kind, name] = this.principal
      ? [maxUserSubscriptions, 'a signed-in socket', limitNames.userSubscriptions]
      : [maxDeviceSubscriptions, 'a socket without a session', limitNames.deviceSubscriptions];
    if (this.subscriptions.size >= max) {
      this.failWith(liveFailures.limitExceeded, `at most ${max} subscriptions on ${kind} (${name})`, frame);
      return;
    }
    const pairing = destination.startsWith(deviceListenerPrefix) ? newToken() : null;
    const subscription: Subscription = {
      connection: this,
      id,
      destination,
      pending: [],
      pairingHash: pairing === null ? null : hashToken(pairing),
    };
    this.subscriptions.set(id, subscription);
    this.destinations.add(destination);
    this.host.added(subscription);
    const state = await this.host.stateFor(destination, this.principal);
    if (this.state !== 'connected') return;
    if (pairing !== null) this.sendMessage(subscription, encodeMessage('DEVICE_PAIRING', { pairing }));
    for (const body of state) this.sendMessage(subscription, body);
    const pending = subscription.pending ?? [];
    subscription.pending = null;
    for (const body of pending) this.sendMessage(subscription, body);
  }

  private unsubscribe(frame: StompFrame<string>): void {
    const id = frame.headers.id;
    if (!id) {
      this.fail('UNSUBSCRIBE needs an id header', closeCodes.protocolError, frame);
      return;
    }
    const subscription = this.subscriptions.get(id);
    if (!subscription) return;
    this.subscriptions.delete(id);
    this.destinations.delete(subscription.destination);
    this.host.removed(subscription);
  }

  private send(frame: StompFrame<string>): void {
    const destination = frame.headers.destination;
    if (!destination) {
      this.fail('SEND needs a destination header', closeCodes.protocolError, frame);
      return;
    }
    if (!maySend(this.principal !== null, destination)) {
      this.failWith(liveFailures.accessDenied, `may not send to ${destination}`, frame);
    }
  }

  /**
   * A MESSAGE frame (what serializeFrame would write, built faster: one broadcast writes it to
   * every socket): destination, subscription, content-type, message-id, content-length.
   */
  private sendMessage(subscription: Subscription, body: string): void {
    subscription.messageHead ??=
      `MESSAGE\ndestination:${escapeHeader(subscription.destination)}\nsubscription:${escapeHeader(subscription.id)}` +
      '\ncontent-type:application/json\nmessage-id:';
    const messageId = `${this.id}-${++this.messageCount}`;
    this.writeText(`${subscription.messageHead}${messageId}\ncontent-length:${utf8Length(body)}\n\n${body}\0`);
  }

  private sendReceipt(frame: StompFrame<string>): void {
    const receipt = frame.headers.receipt;
    if (receipt !== undefined) this.write({ command: 'RECEIPT', headers: { 'receipt-id': receipt }, body: '' });
  }

  private write(frame: StompFrame): void {
    this.writeText(serializeFrame(frame));
  }

  private writeText(text: string): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > this.host.options.maxBufferedBytes) {
      this.host.log.warn({ connection: this.id }, 'live client too slow: dropped');
      this.terminate();
      return;
    }
    this.ws.send(text);
  }

  private failWith(failure: LiveFailure, detail: string, frame?: StompFrame<string>): void {
    this.fail(`${failure}: ${detail}`, closeCodes.policyViolation, frame);
  }

  /** Sends an ERROR frame and closes the socket, as STOMP 1.2 requires after an ERROR. */
  private fail(message: string, code: number, frame?: StompFrame<string>, extra: Record<string, string> = {}): void {
    if (this.state === 'closing') return;
    const headers: Record<string, string> = { message, 'content-type': 'text/plain', ...extra };
    const receipt = frame?.headers.receipt;
    if (receipt !== undefined) headers['receipt-id'] = receipt;
    this.host.log.debug({ connection: this.id, message }, 'live ERROR frame');
    this.write({ command: 'ERROR', headers, body: message });
    this.close(code, message.split(':')[0] ?? '');
  }

  private close(code: number, reason: string): void {
    this.state = 'closing';
    this.clearTimers();
    // A close reason is at most 123 octets.
    this.ws.close(code, reason.replace(/[^\x20-\x7e]/g, '').slice(0, 120));
  }

  private handleClose(): void {
    this.state = 'closing';
    this.clearTimers();
    for (const subscription of this.subscriptions.values()) this.host.removed(subscription);
    this.subscriptions.clear();
    this.destinations.clear();
    this.host.closed(this);
  }

  private addTimer(timer: NodeJS.Timeout): void {
    timer.unref();
    this.timers.push(timer);
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
  }
}
