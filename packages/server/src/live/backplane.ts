import type { Invalidation } from './live-hub.js';

/** Narrows a delivery: to the device-listener subscription of one pairing, or to signed-in sockets. */
export interface DeliveryFilter {
  pairingHash?: string;
  signedInOnly?: boolean;
}

/** What instances tell each other. Bodies are the JSON of MESSAGE frames, already validated. */
export type LiveEnvelope =
  /** Deliver to the destination's subscribers: all of them (userIds null) or those of these users. */
  | {
      type: 'deliver';
      destination: string;
      userIds: readonly number[] | null;
      body: string;
      only?: DeliveryFilter;
    }
  | { type: 'closeSessions'; sessionIds: readonly number[] }
  | { type: 'invalidate'; invalidation: Invalidation };

export type EnvelopeHandler = (envelope: LiveEnvelope, fromThisInstance: boolean) => void;

/**
 * Fans envelopes out to every instance. The sending instance handles its own envelope at once
 * (so a message reaches local subscribers even while Redis is away); other instances get it
 * through the shared channel. At most once: a client that reconnects reloads its state.
 */
export interface Backplane {
  send(envelope: LiveEnvelope): void;
  onEnvelope(handler: EnvelopeHandler): void;
  close(): Promise<void>;
}

/** One process: the envelope goes straight to this instance's handlers. */
export class InProcessBackplane implements Backplane {
  private readonly handlers: EnvelopeHandler[] = [];

  send(envelope: LiveEnvelope): void {
    for (const handler of this.handlers) handler(envelope, true);
  }

  onEnvelope(handler: EnvelopeHandler): void {
    this.handlers.push(handler);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
