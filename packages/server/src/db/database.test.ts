import { describe, expect, it } from 'vitest';
import { assertSqliteVersion, compareVersions, minimumSqliteVersion } from './database.js';

describe('SQLite version check', () => {
  it('refuses versions before 3.51.3 (WAL-reset bug)', () => {
    expect(minimumSqliteVersion).toBe('3.51.3');
    for (const version of ['3.51.2', '3.50.4', '3.45.0', '2.99.99']) {
      expect(() => assertSqliteVersion(version), version).toThrow(/3\.51\.3/);
    }
  });

  it('accepts 3.51.3 and newer', () => {
    for (const version of ['3.51.3', '3.51.10', '3.52.0', '4.0.0']) {
      expect(() => assertSqliteVersion(version), version).not.toThrow();
    }
  });

  it('compares versions numerically, not as text', () => {
    expect(compareVersions('3.51.10', '3.51.3')).toBe(1);
    expect(compareVersions('3.51', '3.51.0')).toBe(0);
    expect(compareVersions('0.9', '0.10')).toBe(-1);
  });
});
