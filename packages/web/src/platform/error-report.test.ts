import { describe, expect, it } from 'vitest';
import { bugReportText, errorChain, maxBugReportLength, truncatedMarker } from './error-report.js';

const context = { appVersion: '1.0.0', url: 'http://wms/x', userAgent: 'Test', time: '2026-01-01T00:00:00Z' };

describe('the bug report text', () => {
  it('is cut at maxBugReportLength, so it fits the server size limit (64 KB) even in 3-byte characters', () => {
    const causes = Array.from({ length: 20 }, (_, n) => {
      const error = new Error(`failure ${n}`);
      error.stack = `Error: failure ${n}\n${'    at somewhere (file.js:1:1) €\n'.repeat(200)}`;
      return error;
    });
    causes.forEach((error, n) => (error.cause = causes[n + 1]));
    const text = bugReportText(errorChain(causes[0]), context);
    expect(text).toHaveLength(maxBugReportLength);
    expect(text.endsWith(truncatedMarker)).toBe(true);
    expect(text.startsWith('Application error at 2026-01-01T00:00:00Z')).toBe(true);
    expect(new TextEncoder().encode(JSON.stringify({ report: text })).length).toBeLessThan(65_536);
  });

  it('keeps a short report whole', () => {
    const text = bugReportText(errorChain(new Error('small')), context);
    expect(text).toContain('--- Error: Error: small');
    expect(text).not.toContain(truncatedMarker);
  });
});
