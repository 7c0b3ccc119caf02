import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs embedded with defaults', () => {
    const config = loadConfig({}, '1.2.3');
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBe(`sqlite:${path.join(path.resolve('./data'), 'wms.sqlite')}`);
    expect(config.redisUrl).toBeUndefined();
    expect(config.runtimeType).toBe('PRODUCTION');
    expect(config.demoData).toBe(false);
    expect(config.bodyLimitBytes).toBe(1_048_576);
    expect(config.allowedOrigins).toEqual([]);
    expect(config.version).toBe('1.2.3');
    expect(config.uploads).toEqual({
      quotaBytes: 500 * 1024 * 1024,
      quotaFiles: 2000,
      contentsMaxBytes: 20 * 1024 * 1024,
      maxInProgress: 8,
      idleMs: 30_000,
    });
  });

  it('puts the SQLite file in DATA_DIR and reads the other variables', () => {
    const config = loadConfig({
      DATA_DIR: '/srv/wms',
      PORT: '9000',
      WMS_RUNTIME_TYPE: 'DEV',
      DEMO_DATA: 'yes',
      REDIS_URL: 'redis://127.0.0.1:6379',
      ALLOWED_ORIGINS: 'https://a.example, https://b.example',
      BODY_LIMIT_BYTES: '2048',
    });
    expect(config.databaseUrl).toBe('sqlite:/srv/wms/wms.sqlite');
    expect(config.port).toBe(9000);
    expect(config.runtimeType).toBe('DEV');
    expect(config.demoData).toBe(true);
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.bodyLimitBytes).toBe(2048);
    expect(
      loadConfig({
        UPLOAD_QUOTA_MB: '2',
        UPLOAD_QUOTA_FILES: '3',
        FILE_CONTENTS_MAX_MB: '4',
        UPLOADS_MAX_IN_PROGRESS: '5',
      }).uploads,
    ).toEqual({
      quotaBytes: 2 * 1024 * 1024,
      quotaFiles: 3,
      contentsMaxBytes: 4 * 1024 * 1024,
      maxInProgress: 5,
      idleMs: 30_000,
    });
    expect(() => loadConfig({ UPLOAD_QUOTA_MB: '0' })).toThrow(ConfigError);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/wms' }).databaseUrl).toBe('postgres://u@db:5432/wms');
  });

  it('reads request rate limits as <count>/<window> and the bug report bounds', () => {
    const defaults = loadConfig({});
    expect(defaults.rateLimits).toEqual({
      signin: { max: 100, windowMs: 60_000 },
      analytics: { max: 120, windowMs: 60_000 },
      bugReport: { max: 20, windowMs: 3_600_000 },
      bugReportPerSession: { max: 5, windowMs: 3_600_000 },
    });
    expect(defaults.bugReports).toEqual({ maxBytes: 65_536, retentionDays: 90, maxRows: 1000 });
    expect(defaults.cspConnectSources).toEqual([]);
    const custom = loadConfig({
      SIGNIN_RATE_LIMIT: ' 5 / 30s ',
      BUG_REPORT_RATE_LIMIT: '3/h',
      CSP_CONNECT_SRC: 'https://translate.example, wss://other.example',
    });
    expect(custom.rateLimits.signin).toEqual({ max: 5, windowMs: 30_000 });
    expect(custom.rateLimits.bugReport).toEqual({ max: 3, windowMs: 3_600_000 });
    expect(custom.cspConnectSources).toEqual(['https://translate.example', 'wss://other.example']);
    for (const env of [
      { SIGNIN_RATE_LIMIT: '0/1m' },
      { SIGNIN_RATE_LIMIT: '5/0m' },
      { ANALYTICS_RATE_LIMIT: '10 per minute' },
      { BUG_REPORT_SESSION_RATE_LIMIT: '-1/1h' },
      { CSP_CONNECT_SRC: "'unsafe-eval'" },
      { CSP_CONNECT_SRC: 'https://a.example; script-src *' },
      { BUG_REPORT_MAX_BYTES: '0' },
    ]) {
      const name = Object.keys(env)[0] ?? '';
      expect(() => loadConfig(env), name).toThrow(new RegExp(`${name}: `));
    }
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        WMS_RUNTIME_TYPE: 'FOO',
        DATABASE_URL: 'mysql://x',
        DEMO_DATA: 'maybe',
        REDIS_URL: 'http://x',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    for (const name of ['PORT', 'WMS_RUNTIME_TYPE', 'DATABASE_URL', 'DEMO_DATA', 'REDIS_URL']) {
      expect(
        problems.some((p) => p.startsWith(`${name}:`)),
        name,
      ).toBe(true);
    }
    expect((error as ConfigError).message).toContain('PORT');
    expect((error as ConfigError).message).toContain('WMS_RUNTIME_TYPE');
  });

  it('reads TRUST_PROXY as none, a number of hops (true: one) or proxy addresses, and refuses anything else', () => {
    expect(loadConfig({}).proxyTrust).toEqual({ kind: 'none' });
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).proxyTrust).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: '0' }).proxyTrust).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: 'true' }).proxyTrust).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).proxyTrust).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.7, 172.16.0.0/12,::1' }).proxyTrust).toEqual({
      kind: 'ranges',
      ranges: ['10.0.0.7/32', '172.16.0.0/12', '::1/128'],
    });
    for (const bad of ['maybe', '11', '10.0.0.300', '10.0.0.0/33', 'proxy.example']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads PASSWORD_MIN_LENGTH (default 8, 1 to 200)', () => {
    expect(loadConfig({}).passwordMinLength).toBe(8);
    expect(loadConfig({ PASSWORD_MIN_LENGTH: '12' }).passwordMinLength).toBe(12);
    expect(() => loadConfig({ PASSWORD_MIN_LENGTH: '0' })).toThrow(/PASSWORD_MIN_LENGTH/);
    expect(() => loadConfig({ PASSWORD_MIN_LENGTH: '201' })).toThrow(/PASSWORD_MIN_LENGTH/);
  });

  it('refuses out-of-range numbers', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ BODY_LIMIT_BYTES: '0' })).toThrow(ConfigError);
  });
});
