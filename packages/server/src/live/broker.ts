import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { liveFailures } from '@wms/contract';
import type { Principal } from '../http/access.js';
import type { DeliveryFilter } from './backplane.js';
import { isUserDestination } from './destination-policy.js';
import type { ConnectCheck } from './handshake.js';
import { sessionTokenOf } from './handshake.js';
import { serializeFrame } from './stomp-frame.js';
import {
  closeCodes,
  limitNames,
  StompConnection,
  type ConnectionHost,
  type ConnectionOptions,
  type Subscription,
} from './stomp-connection.js';

export interface BrokerDependencies {
  options: ConnectionOptions;
  /** Sockets without a session (no cookie at the upgrade) one address may hold. */
  maxDeviceSocketsPerAddress: number;
  log: FastifyBaseLogger;
  checkConnect(sessionToken: string | undefined, appVersion: string | undefined): Promise<ConnectCheck>;
  /** The bodies a new subscription gets first. */
  stateFor(destination: string, principal: Principal | null): Promise<readonly string[]>;
}

/**
 * This instance's STOMP broker: its connections and an index of subscriptions by destination.
 * Delivery across instances goes through the backplane, which calls deliver() here.
 */
export class LiveBroker implements ConnectionHost {
  readonly options: ConnectionOptions;
  readonly log: FastifyBaseLogger;
  private readonly connections = new Set<StompConnection>();
  private readonly byDestination = new Map<string, Set<Subscription>>();
  private readonly closeWaiters = new Set<() => void>();
  /** Sockets without a session per address (each counted until it closes). */
  private readonly withoutSession = new Map<string, number>();

  constructor(private readonly dependencies: BrokerDependencies) {
    this.options = dependencies.options;
    this.log = dependencies.log;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /**
   * Takes a new socket. One without a session cookie counts against its address until it
   * closes; over the limit it gets an ERROR naming the limit and is closed at once.
   */
  accept(ws: WebSocket, request: IncomingMessage, address: string): void {
    const sessionToken = sessionTokenOf(request);
    if (sessionToken === undefined) {
      const count = this.withoutSession.get(address) ?? 0;
      const max = this.dependencies.maxDeviceSocketsPerAddress;
      if (count >= max) {
        const message = `${liveFailures.limitExceeded}: at most ${max} sockets without a session per address (${limitNames.deviceSocketsPerAddress})`;
        this.log.info({ address }, 'live socket refused: too many sockets without a session');
        ws.send(
          serializeFrame({ command: 'ERROR', headers: { message, 'content-type': 'text/plain' }, body: message }),
        );
        ws.close(closeCodes.policyViolation, liveFailures.limitExceeded);
        return;
      }
      this.withoutSession.set(address, count + 1);
    }
    this.connections.add(new StompConnection(ws, this, sessionToken, sessionToken === undefined ? address : null));
  }

  checkConnect(sessionToken: string | undefined, appVersion: string | undefined): Promise<ConnectCheck> {
    return this.dependencies.checkConnect(sessionToken, appVersion);
  }

  stateFor(destination: string, principal: Principal | null): Promise<readonly string[]> {
    return this.dependencies.stateFor(destination, principal);
  }

  added(subscription: Subscription): void {
    let set = this.byDestination.get(subscription.destination);
    if (!set) {
      set = new Set();
      this.byDestination.set(subscription.destination, set);
    }
    set.add(subscription);
  }

  removed(subscription: Subscription): void {
    const set = this.byDestination.get(subscription.destination);
    if (!set) return;
    set.delete(subscription);
    if (set.size === 0) this.byDestination.delete(subscription.destination);
  }

  closed(connection: StompConnection): void {
    if (!this.connections.delete(connection)) return;
    const address = connection.countedAddress;
    if (address !== null) {
      const count = (this.withoutSession.get(address) ?? 1) - 1;
      if (count > 0) this.withoutSession.set(address, count);
      else this.withoutSession.delete(address);
    }
    if (this.connections.size === 0) for (const resolve of this.closeWaiters) resolve();
  }

  /**
   * Sends a body to the destination's subscribers on this instance: all of them, or those of
   * the listed users. A /user/queue/... destination never reaches a device socket.
   */
  deliver(destination: string, userIds: readonly number[] | null, body: string, only: DeliveryFilter = {}): void {
    const subscriptions = this.byDestination.get(destination);
    if (!subscriptions) return;
    const users = userIds ? new Set(userIds) : null;
    const signedInOnly = only.signedInOnly === true || isUserDestination(destination);
    const pairingHash = only.pairingHash;
    for (const subscription of subscriptions) {
      const principal = subscription.connection.principal;
      if (users && (!principal || !users.has(principal.userId))) continue;
      if (signedInOnly && !principal) continue;
      if (pairingHash !== undefined && subscription.pairingHash !== pairingHash) continue;
      subscription.connection.deliver(subscription, body);
    }
  }

  closeSessions(sessionIds: readonly number[]): void {
    const closed = new Set(sessionIds);
    for (const connection of this.connections) {
      const sessionId = connection.principal?.sessionId;
      if (sessionId !== undefined && sessionId !== null && closed.has(sessionId)) connection.closeForSession();
    }
  }

  /**
   * Tells every connection the server restarts and closes it; sockets that have not finished
   * their closing handshake within graceMs are terminated.
   */
  async shutdown(body: string, preferredDestinations: readonly string[], graceMs: number): Promise<void> {
    for (const connection of this.connections) connection.closeForRestart(body, preferredDestinations);
    if (this.connections.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.closeWaiters.add(resolve);
      timer = setTimeout(resolve, graceMs);
    });
    clearTimeout(timer);
    for (const connection of this.connections) connection.terminate();
  }
}
