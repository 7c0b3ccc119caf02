import { liveFailureOf, liveLogoutFailures, liveFailures, liveSocketPath } from '@wms/contract';

/** Socket retry interval: 1 s times the retry count, capped at 10 s. */
export const liveRetryStepMs = 1000;
export const liveRetryMaxMs = 10_000;

export function liveReconnectDelayMs(retryCount: number): number {
  return Math.min(liveRetryStepMs * Math.max(1, retryCount), liveRetryMaxMs);
}

/** ws://host/api/v1/ws on http, wss:// on https. */
export function liveBrokerUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${liveSocketPath}`;
}

/** What an ERROR frame or close reason asks of the client: logout, reload, or nothing. */
export function liveFailureAction(message: string | undefined): 'logout' | 'reload' | null {
  const failure = liveFailureOf(message);
  if (failure === undefined) return null;
  if (failure === liveFailures.oldVersion) return 'reload';
  return liveLogoutFailures.includes(failure) ? 'logout' : null;
}
