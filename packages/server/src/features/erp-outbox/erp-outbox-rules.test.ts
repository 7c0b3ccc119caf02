import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { failureText, maximumRetryDelayMs, retryDelayMs } from './erp-outbox-rules.js';

describe('ERP outbox rules', () => {
  it('doubles the wait per failed attempt from the base, at most an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 5000))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(10, 5000)).toBe(2_560_000);
    expect(retryDelayMs(11, 5000)).toBe(maximumRetryDelayMs);
    expect(retryDelayMs(1000, 5000)).toBe(maximumRetryDelayMs);
    expect(retryDelayMs(1, 3_600_000)).toBe(3_600_000);
  });

  it('keeps a failure as its message, cut to 2000 characters', () => {
    expect(failureText(new Error('ERP down'))).toBe('ERP down');
    expect(failureText('plain')).toBe('plain');
    expect(failureText(new Error('x'.repeat(5000)))).toHaveLength(2001);
  });

  it('reads its three variables with their defaults and refuses bad values by name', () => {
    expect(loadConfig({}).erpOutbox).toEqual({ intervalMs: 2000, retryBaseMs: 5000, maxAttempts: 10 });
    expect(
      loadConfig({ ERP_OUTBOX_INTERVAL_MS: '500', ERP_OUTBOX_RETRY_BASE_MS: '100', ERP_OUTBOX_MAX_ATTEMPTS: '3' })
        .erpOutbox,
    ).toEqual({ intervalMs: 500, retryBaseMs: 100, maxAttempts: 3 });
    for (const [name, value] of [
      ['ERP_OUTBOX_INTERVAL_MS', '0'],
      ['ERP_OUTBOX_INTERVAL_MS', 'soon'],
      ['ERP_OUTBOX_RETRY_BASE_MS', '-5'],
      ['ERP_OUTBOX_RETRY_BASE_MS', '3600001'],
      ['ERP_OUTBOX_MAX_ATTEMPTS', '1.5'],
      ['ERP_OUTBOX_MAX_ATTEMPTS', '0'],
    ] as const) {
      let problems: string[] = [];
      try {
        loadConfig({ [name]: value });
      } catch (error) {
        if (error instanceof ConfigError) problems = error.problems;
      }
      expect(problems, `${name}=${value}`).toEqual([expect.stringMatching(new RegExp(`^${name}: `))]);
    }
  });
});
