import { describe, expect, it } from 'vitest';
import { appendToLog, errorLogLimit, notificationDuration, notificationKeys } from './notification-store.js';
import { bugReportText, errorChain } from './error-report.js';

describe('notifications', () => {
  it('last 5000 ms, or the user popupDuration within 0..10000', () => {
    expect(notificationDuration(null)).toBe(5000);
    expect(notificationDuration(undefined)).toBe(5000);
    expect(notificationDuration(2500)).toBe(2500);
    expect(notificationDuration(0)).toBe(0);
    expect(notificationDuration(99_999)).toBe(10_000);
    expect(notificationDuration(Number.NaN)).toBe(5000);
  });

  it('look a bare key up in common, then errors', () => {
    expect(notificationKeys('platform:x')).toEqual(['platform:x']);
    expect(notificationKeys('saveSuccess')).toEqual(['common:saveSuccess', 'errors:saveSuccess']);
  });

  it('keep the last 250 errors in the log', () => {
    let log: number[] = [];
    for (let index = 0; index < 300; index += 1) log = appendToLog(log, index);
    expect(errorLogLimit).toBe(250);
    expect(log).toHaveLength(250);
    expect(log[0]).toBe(50);
    expect(log.at(-1)).toBe(299);
  });
});

describe('the error page', () => {
  it('follows the chain of causes without looping', () => {
    const root = new TypeError('root');
    const error = Object.assign(new Error('top', { cause: new Error('middle', { cause: root }) }), {
      payload: { a: 1 },
    });
    const chain = errorChain(error);
    expect(chain.map((cause) => `${cause.name}: ${cause.message}`)).toEqual([
      'Error: top',
      'Error: middle',
      'TypeError: root',
    ]);
    expect(chain[0]?.payload).toContain('"a": 1');
    const loop = new Error('loop');
    (loop as { cause?: unknown }).cause = loop;
    expect(errorChain(loop)).toHaveLength(1);
    expect(errorChain('just text')).toEqual([{ name: 'string', message: 'just text', payload: null, trace: null }]);
  });

  it('writes a report with every cause', () => {
    const text = bugReportText(errorChain(new Error('top', { cause: new Error('inner') })), {
      appVersion: '1.2.3',
      url: 'http://x/y',
      userAgent: 'UA',
      time: '2024-01-01T00:00:00.000Z',
    });
    expect(text).toContain('App version: 1.2.3');
    expect(text).toContain('--- Error: Error: top');
    expect(text).toContain('--- Cause 1: Error: inner');
  });
});
