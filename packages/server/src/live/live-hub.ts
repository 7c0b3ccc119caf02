import type { AnyLiveMessage, CounterPath, LiveMessageKind, LivePayload, LiveWho } from '@wms/contract';

/** A cache other instances must drop (their own copies are stale after a change here). */
export type Invalidation = { kind: 'settings' } | { kind: 'user'; userId: number };

/** Who subscribes: the signed-in user, or null for a device socket. */
export interface LiveSubscriber {
  userId: number;
  username: string;
}

/** Messages sent to a new subscription of a destination before anything else (state). */
export type SubscribeStateProvider = (subscriber: LiveSubscriber | null) => Promise<readonly AnyLiveMessage[]>;

/**
 * The one way features talk to live clients. Call it after the transaction commits.
 * Implemented over a backplane (in-process or Redis), so a message published on one instance
 * reaches subscribers on every instance. Payloads are validated against liveMessageSchemas:
 * an invalid one is a programming error and throws.
 */
export interface LiveHub {
  /** Sends to every subscriber of the destination (/topic/..., /device_listener/...). */
  publish<K extends LiveMessageKind>(destination: string, what: K, payload: LivePayload<K>, who?: LiveWho): void;
  /**
   * Sends to the given users' subscriptions of the destination: a /user/queue/... destination,
   * or a /topic/... one filtered to these users (a broadcast to listed users).
   */
  sendToUsers<K extends LiveMessageKind>(
    userIds: readonly number[],
    destination: string,
    what: K,
    payload: LivePayload<K>,
    who?: LiveWho,
  ): void;
  /**
   * Sends to some subscriptions of /device_listener/{deviceName}: the one whose pairing secret
   * hashes to pairingHash (TRANSFER_LOGIN), or every signed-in one (REQUEST_SESSION_TAKEOVER).
   */
  sendToDevice<K extends LiveMessageKind>(
    deviceName: string,
    only: { pairingHash: string } | { signedInOnly: true },
    what: K,
    payload: LivePayload<K>,
  ): void;
  /** Closes the live sockets of deleted sessions on every instance (other instances also drop their cache). */
  closeSessions(sessionIds: readonly number[]): void;
  /** Sets a notification counter (userId null: the same for everyone) and pushes it live. */
  setCounter(path: CounterPath, userId: number | null, count: number): Promise<void>;
  /** Adds delta to a counter (never below zero) and pushes it live. */
  addToCounter(path: CounterPath, userId: number | null, delta: number): Promise<void>;
  /** Tells every instance (this one too) to drop a cache. */
  invalidate(invalidation: Invalidation): void;
  /** Runs the handler on every instance when a cache is invalidated anywhere. */
  onInvalidate(handler: (invalidation: Invalidation) => void): void;
  /** Registers the state a new subscription of the destination gets first (one provider per destination). */
  onSubscribe(destination: string, provider: SubscribeStateProvider): void;
}
