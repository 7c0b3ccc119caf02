import { answerUnknown } from './keyed-failure.js';

/** A request sent without a known answer: its JSON body and its Idempotency-Key. */
export interface PendingRequest {
  body: string;
  key: string;
}

/**
 * The Idempotency-Key of a committing request, made on the device (DOMAIN.md: every committing
 * scan carries one). The key is kept while the answer is unknown (no answer, or a server error):
 * a retry of the same request after a Wi-Fi drop sends the same key, so the server moves the
 * stock once and answers the first answer again. Once the server has answered (a success, or a
 * refusal such as notEnoughAvailableStock) the next request gets a fresh key; so does a request
 * with another body (the server would refuse a reused key for a different request).
 */
export class IdempotencyKeeper {
  private pending: PendingRequest | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly makeKey: () => string = () => crypto.randomUUID()) {}

  /** The key to send with this body. */
  keyFor(body: unknown): string {
    const text = JSON.stringify(body);
    const pending = this.pending?.body === text ? this.pending : { body: text, key: this.makeKey() };
    this.change(pending);
    return pending.key;
  }

  /** The request whose answer is unknown (body and key), saved with the workflow; null when none. */
  get pendingRequest(): PendingRequest | null {
    return this.pending;
  }

  /** Takes a saved pending request back (the app reopened): its retry sends the same key. */
  restore(saved: unknown): void {
    const valid =
      typeof saved === 'object' &&
      saved !== null &&
      typeof (saved as PendingRequest).body === 'string' &&
      typeof (saved as PendingRequest).key === 'string';
    this.change(valid ? { body: (saved as PendingRequest).body, key: (saved as PendingRequest).key } : null);
  }

  /** Called whenever the pending request changes. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private change(pending: PendingRequest | null): void {
    if (this.pending === pending) return;
    this.pending = pending;
    for (const listener of this.listeners) listener();
  }

  /** The key of the request whose answer is still unknown, if any (tests, diagnostics). */
  get pendingKey(): string | null {
    return this.pending?.key ?? null;
  }

  /** The server answered: forget the key. */
  settle(): void {
    this.change(null);
  }

  /**
   * Sends `body` with its key. Success or a definite refusal settles the key; a failure without
   * a known answer keeps it for the retry. The failure is passed on.
   */
  async send<T>(body: unknown, call: (key: string) => Promise<T>): Promise<T> {
    const key = this.keyFor(body);
    try {
      const answer = await call(key);
      this.settle();
      return answer;
    } catch (error) {
      if (!answerUnknown(error)) this.settle();
      throw error;
    }
  }
}
