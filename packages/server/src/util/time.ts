/** Timestamps are stored as ISO-8601 UTC text on both databases. */
let lastMs = Number.NaN;
let lastIso = '';
/** Now as ISO text; the text of the last millisecond is reused (a stock transfer asks several times). */
export function nowIso(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();

/** Today's date in UTC, YYYY-MM-DD (the way due and expiry dates are stored). */
export const today = (): string => nowIso().slice(0, 10);
