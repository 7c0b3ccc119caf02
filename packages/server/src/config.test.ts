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
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/wms' }).databaseUrl).toBe('postgres://u@db:5432/wms');
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

  it('refuses out-of-range numbers', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ BODY_LIMIT_BYTES: '0' })).toThrow(ConfigError);
  });
});
