import type { CounterPath, LiveMessageKind, LivePayload } from '@wms/contract';

/**
 * The one way features talk to live clients. Call it after the transaction commits.
 * Implemented by the STOMP broker (live/broker.ts) over a backplane (in-process or Redis),
 * so a message published on one instance reaches subscribers on every instance.
 */
export interface LiveHub {
  /** Sends to every subscriber of a /topic/... or /device_listener/... destination. */
  publish<K extends LiveMessageKind>(destination: string, what: K, payload: LivePayload<K>): void;
  /** Sends to the given users' subscriptions of a /user/queue/... destination. */
  sendToUsers<K extends LiveMessageKind>(
    userIds: readonly number[],
    destination: string,
    what: K,
    payload: LivePayload<K>,
  ): void;
  /** Closes the live sockets of deleted sessions on every instance. */
  closeSessions(sessionIds: readonly number[]): void;
  /** Sets a notification counter (userId null: the same for everyone) and pushes it live. */
  setCounter(path: CounterPath, userId: number | null, count: number): Promise<void>;
  /** Adds delta to a counter (never below zero) and pushes it live. */
  addToCounter(path: CounterPath, userId: number | null, delta: number): Promise<void>;
}
