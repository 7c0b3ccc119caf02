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
