import {
  counterDestination,
  counterPaths,
  liveMessageSchemas,
  topics,
  type AnyLiveMessage,
  type CounterPath,
  type LiveMessageKind,
  type LivePayload,
  type LiveWho,
} from '@wms/contract';
import type { Db } from '../db/database.js';
import { nowIso } from '../util/time.js';
import type { Backplane } from './backplane.js';
import type { Invalidation, LiveHub, LiveSubscriber, SubscribeStateProvider } from './live-hub.js';
import * as counters from './notification-counter.repository.js';

/** The JSON body of a MESSAGE frame; the payload is validated (an invalid one throws). */
export function encodeMessage<K extends LiveMessageKind>(what: K, payload: LivePayload<K>, who?: LiveWho): string {
  const schema = liveMessageSchemas[what];
  const parsed: unknown = schema.parse(payload);
  return JSON.stringify(who ? { what, who, payload: parsed } : { what, payload: parsed });
}

/**
 * The hub features publish through. Every message goes onto the backplane, which hands it to
 * the broker of every instance. Counters are rows of notification_counter; each change is
 * pushed as NOTIFICATION_COUNTERS with the changed path, and a new subscription of
 * counterDestination gets all of the user's counters first.
 */
export class LiveHubService implements LiveHub {
  private readonly invalidateHandlers: ((invalidation: Invalidation) => void)[] = [];
  private readonly stateProviders = new Map<string, SubscribeStateProvider>();

  constructor(
    private readonly backplane: Backplane,
    private readonly db: Db,
  ) {
    this.onSubscribe(counterDestination, (subscriber) => this.countersOnSubscribe(subscriber));
  }

  publish<K extends LiveMessageKind>(destination: string, what: K, payload: LivePayload<K>, who?: LiveWho): void {
    this.backplane.send({ type: 'deliver', destination, userIds: null, body: encodeMessage(what, payload, who) });
  }

  sendToUsers<K extends LiveMessageKind>(
    userIds: readonly number[],
    destination: string,
    what: K,
    payload: LivePayload<K>,
    who?: LiveWho,
  ): void {
    const body = encodeMessage(what, payload, who);
    if (userIds.length === 0) return;
    this.backplane.send({ type: 'deliver', destination, userIds: [...new Set(userIds)], body });
  }

  sendToDevice<K extends LiveMessageKind>(
    deviceName: string,
    only: { pairingHash: string } | { signedInOnly: true },
    what: K,
    payload: LivePayload<K>,
  ): void {
    const destination = topics.deviceListener(deviceName);
    this.backplane.send({ type: 'deliver', destination, userIds: null, body: encodeMessage(what, payload), only });
  }

  closeSessions(sessionIds: readonly number[]): void {
    if (sessionIds.length > 0) this.backplane.send({ type: 'closeSessions', sessionIds: [...sessionIds] });
  }

  async setCounter(path: CounterPath, userId: number | null, count: number): Promise<void> {
    if (!Number.isInteger(count) || count < 0) throw new Error(`counter ${path} cannot be set to ${count}`);
    await counters.upsertCounter(this.db, path, userId ?? counters.everyoneUserId, count, nowIso());
    this.pushCounter(path, userId, count);
  }

  async addToCounter(path: CounterPath, userId: number | null, delta: number): Promise<void> {
    if (!Number.isInteger(delta)) throw new Error(`counter ${path} cannot change by ${delta}`);
    const count = await counters.addToCounter(this.db, path, userId ?? counters.everyoneUserId, delta, nowIso());
    this.pushCounter(path, userId, count);
  }

  invalidate(invalidation: Invalidation): void {
    this.backplane.send({ type: 'invalidate', invalidation });
  }

  onInvalidate(handler: (invalidation: Invalidation) => void): void {
    this.invalidateHandlers.push(handler);
  }

  onSubscribe(destination: string, provider: SubscribeStateProvider): void {
    if (this.stateProviders.has(destination)) throw new Error(`${destination} already has a state provider`);
    this.stateProviders.set(destination, provider);
  }

  /** Runs the invalidation handlers (called by the backplane on every instance). */
  runInvalidation(invalidation: Invalidation): void {
    for (const handler of this.invalidateHandlers) handler(invalidation);
  }

  /** The encoded state messages a new subscription of the destination gets. */
  async stateFor(destination: string, subscriber: LiveSubscriber | null): Promise<string[]> {
    const provider = this.stateProviders.get(destination);
    if (!provider) return [];
    const messages = await provider(subscriber);
    return messages.map((m: AnyLiveMessage) => encodeMessage(m.what, m.payload, m.who));
  }

  private pushCounter(path: CounterPath, userId: number | null, count: number): void {
    const body = encodeMessage('NOTIFICATION_COUNTERS', { counters: { [path]: count } });
    this.backplane.send({
      type: 'deliver',
      destination: counterDestination,
      userIds: userId === null ? null : [userId],
      body,
    });
  }

  /** Every counter path for the user: their own count where one exists, else the shared one, else 0. */
  private async countersOnSubscribe(subscriber: LiveSubscriber | null): Promise<AnyLiveMessage[]> {
    if (!subscriber) return [];
    const rows = await counters.findCountersFor(this.db, subscriber.userId);
    const values: Record<string, number> = Object.fromEntries(counterPaths.map((path) => [path, 0]));
    for (const row of rows.filter((r) => r.user_id === counters.everyoneUserId)) values[row.path] = Number(row.count);
    for (const row of rows.filter((r) => r.user_id !== counters.everyoneUserId)) values[row.path] = Number(row.count);
    return [{ what: 'NOTIFICATION_COUNTERS', payload: { counters: values } }];
  }
}
