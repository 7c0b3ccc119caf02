import { liveSocketPath } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { liveBrokerUrl, liveFailureAction, liveReconnectDelayMs } from './live-retry.js';

describe('the live client', () => {
  it('reconnects after 1 s times the retry count, capped at 10 s', () => {
    expect([1, 2, 3, 5, 9, 10, 11, 50].map(liveReconnectDelayMs)).toEqual([
      1000, 2000, 3000, 5000, 9000, 10_000, 10_000, 10_000,
    ]);
    expect(liveReconnectDelayMs(0)).toBe(1000);
  });

  it('uses ws on http and wss on https', () => {
    expect(liveBrokerUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe(`ws://localhost:8080${liveSocketPath}`);
    expect(liveBrokerUrl({ protocol: 'https:', host: 'wms.example.com' })).toBe(
      `wss://wms.example.com${liveSocketPath}`,
    );
  });

  it('logs out on the named failures and reloads on OldVersionException', () => {
    expect(liveFailureAction('InvalidTokenAuthenticationException: session expired')).toBe('logout');
    expect(liveFailureAction('UsernameNotFoundException')).toBe('logout');
    expect(liveFailureAction('AccessDeniedException: /topic/x')).toBe('logout');
    expect(liveFailureAction('OldVersionException: 0.0.1 < 0.1.0')).toBe('reload');
    expect(liveFailureAction('Protocol error')).toBeNull();
    expect(liveFailureAction(undefined)).toBeNull();
  });
});
