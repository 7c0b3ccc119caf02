import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { withImportPageCache } from './import-page-cache.js';

/** An import holds SQLite's page cache at 16 MiB until the last import running ends (decision 0196). */
describe('the page cache during an import', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const cacheSize = async () =>
    (await sql<{ cache_size: number }>`pragma cache_size`.execute(t.app.ctx.db)).rows[0]?.cache_size;

  it('is 16 MiB while any import runs and 64 MiB again after the last one, also when one fails', async () => {
    if (t.app.ctx.dialect !== 'sqlite') {
      expect(await withImportPageCache(t.app.ctx, () => Promise.resolve('ran'))).toBe('ran');
      return;
    }
    expect(await cacheSize()).toBe(-65536);
    let releaseFirst!: () => void;
    const first = withImportPageCache(t.app.ctx, async () => {
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      return cacheSize();
    });
    const failing = withImportPageCache(t.app.ctx, async () => {
      expect(await cacheSize()).toBe(-16384);
      throw new Error('refused file');
    });
    await expect(failing).rejects.toThrow('refused file');
    // The first import still runs: the cache stays small.
    expect(await cacheSize()).toBe(-16384);
    releaseFirst();
    expect(await first).toBe(-16384);
    expect(await cacheSize()).toBe(-65536);
  });
});
