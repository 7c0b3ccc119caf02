import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Backplane, EnvelopeHandler, LiveEnvelope } from './backplane.js';

interface WireEnvelope {
  /** The sending instance, which has already handled the envelope itself. */
  from: string;
  envelope: LiveEnvelope;
}

/**
 * Redis pub/sub between instances on one channel (`${prefix}live`). Each instance handles its
 * own envelopes directly and skips their echo. While Redis is unreachable, envelopes for other
 * instances are dropped (logged), not queued: live messages are at-most-once and stale ones are
 * worse than none. ioredis reconnects and resubscribes by itself.
 */
export class RedisBackplane implements Backplane {
  private readonly instanceId = randomUUID();
  private readonly handlers: EnvelopeHandler[] = [];
  private readonly channel: string;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    channelPrefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.channel = `${channelPrefix}live`;
  }

  /** Connects both connections and subscribes; fails fast when Redis cannot be reached at start. */
  static async connect(url: string, channelPrefix: string, log: FastifyBaseLogger): Promise<RedisBackplane> {
    const options = { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 };
    const publisher = new Redis(url, { ...options, connectionName: 'wms-live-publisher' });
    const subscriber = new Redis(url, { ...options, connectionName: 'wms-live-subscriber' });
    for (const connection of [publisher, subscriber]) {
      connection.on('error', (error: Error) => log.warn({ err: error }, 'live backplane: redis error'));
    }
    const backplane = new RedisBackplane(publisher, subscriber, channelPrefix, log);
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      subscriber.on('message', (channel: string, text: string) => backplane.receive(channel, text));
      await subscriber.subscribe(backplane.channel);
    } catch (error) {
      publisher.disconnect();
      subscriber.disconnect();
      throw new Error(`cannot reach Redis for live messaging: ${(error as Error).message}`, { cause: error });
    }
    return backplane;
  }

  send(envelope: LiveEnvelope): void {
    for (const handler of this.handlers) handler(envelope, true);
    const wire: WireEnvelope = { from: this.instanceId, envelope };
    this.publisher.publish(this.channel, JSON.stringify(wire)).catch((error: unknown) => {
      this.log.warn({ err: error, type: envelope.type }, 'live backplane: publish to other instances failed');
    });
  }

  onEnvelope(handler: EnvelopeHandler): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }

  private receive(channel: string, text: string): void {
    if (channel !== this.channel) return;
    let wire: WireEnvelope;
    try {
      wire = JSON.parse(text) as WireEnvelope;
    } catch {
      this.log.warn('live backplane: unreadable envelope ignored');
      return;
    }
    if (wire.from === this.instanceId) return;
    for (const handler of this.handlers) {
      try {
        handler(wire.envelope, false);
      } catch (error) {
        this.log.error({ err: error }, 'live backplane: handler failed');
      }
    }
  }
}
