/** The error page's data: the chain of causes and the report text (pure, no DOM). */

export interface ErrorCause {
  name: string;
  message: string;
  /** Extra data the error carries (an ApiError's key and args, a `payload` field), as JSON. */
  payload: string | null;
  trace: string | null;
}

export const maxCauses = 20;

function payloadOf(error: Record<string, unknown>): string | null {
  const extra: Record<string, unknown> = {};
  for (const field of ['payload', 'status', 'key', 'args'] as const)
    if (error[field] !== undefined) extra[field] = error[field];
  if (Object.keys(extra).length === 0) return null;
  try {
    return JSON.stringify(extra, null, 2);
  } catch {
    return Object.keys(extra).join(', ');
  }
}

function describe(value: unknown): ErrorCause {
  if (value instanceof Error) {
    return {
      name: value.name || 'Error',
      message: value.message,
      payload: payloadOf(value as unknown as Record<string, unknown>),
      trace: value.stack ?? null,
    };
  }
  let text: string;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    text = String(value);
  }
  return { name: typeof value, message: text, payload: null, trace: null };
}

/** The error and its causes (error.cause, then its cause, ...), at most 20, no loops. */
export function errorChain(error: unknown): ErrorCause[] {
  const seen = new Set<unknown>();
  const chain: ErrorCause[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current) && chain.length < maxCauses) {
    seen.add(current);
    chain.push(describe(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

export interface ReportContext {
  appVersion: string;
  url: string;
  userAgent: string;
  time: string;
}

/**
 * The longest report sent, in characters: the server takes at most BUG_REPORT_MAX_BYTES (64 KB by
 * default) of JSON, and 20,000 characters stay under that even when each takes 3 bytes.
 */
export const maxBugReportLength = 20_000;
export const truncatedMarker = '\n[... truncated]';

/** The text sent with Submit report: the header, then the causes, cut at maxBugReportLength. */
export function bugReportText(chain: readonly ErrorCause[], context: ReportContext): string {
  const header = [
    `Application error at ${context.time}`,
    `App version: ${context.appVersion}`,
    `URL: ${context.url}`,
    `User agent: ${context.userAgent}`,
  ];
  const causes = chain.map((cause, index) =>
    [
      `--- ${index === 0 ? 'Error' : `Cause ${index}`}: ${cause.name}: ${cause.message}`,
      cause.payload ? `Payload:\n${cause.payload}` : null,
      cause.trace ? `Trace:\n${cause.trace}` : null,
    ]
      .filter((line) => line !== null)
      .join('\n'),
  );
  const text = [...header, '', ...causes].join('\n');
  if (text.length <= maxBugReportLength) return text;
  return text.slice(0, maxBugReportLength - truncatedMarker.length) + truncatedMarker;
}
