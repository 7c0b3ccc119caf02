/** The longest wait between two attempts of one row. */
export const maximumRetryDelayMs = 60 * 60 * 1000;

/**
 * How long a row waits after its `attempts`-th failed send: the base, doubled per earlier
 * failure (base, 2 base, 4 base, ...), at most an hour.
 */
export function retryDelayMs(attempts: number, baseMs: number): number {
  const doublings = Math.max(0, attempts - 1);
  // 2^40 times any base is far past the cap; stop doubling before the number grows unbounded.
  if (doublings > 40) return maximumRetryDelayMs;
  return Math.min(maximumRetryDelayMs, baseMs * 2 ** doublings);
}

/** The key a sender gets: the same for every attempt of one document's message. */
export const outboxIdempotencyKey = (kind: string, documentType: string, documentCode: string): string =>
  `${kind}:${documentType}:${documentCode}`;

/** A failure as stored on the row: the error's message, cut to a size a list can show. */
export function failureText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}
