import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { newItemRow } from './item-rows.js';
import { rarestTrigrams, trigramsOf } from './trigram-counts.js';

describe('trigram counts for the autocomplete', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openDatabase('sqlite::memory:');
    await migrateToLatest(handle);
    const texts = ['ab-0001 common', 'ab-0002 common', 'ab-0003 common', 'zz-0004 rare'];
    await handle.db
      .insertInto('item')
      .values(
        texts.map((text, i) => ({ ...newItemRow({ code: `C${i}`, name: text }, '2026-01-01'), search_text: text })),
      )
      .execute();
  });
  afterAll(async () => handle.close());

  it('splits a text into its distinct trigrams by character', () => {
    expect(trigramsOf('abcab')).toEqual(['abc', 'bca', 'cab']);
    expect(trigramsOf('żółw')).toEqual(['żół', 'ółw']);
    expect(trigramsOf('ab')).toEqual([]);
  });

  it('answers null until counted in the background, then the rarest trigrams first', async () => {
    expect(rarestTrigrams(handle.db, 'common zz', 2)).toBeNull();
    let rarest: string[] | null = null;
    for (let i = 0; i < 100 && rarest === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      rarest = rarestTrigrams(handle.db, 'common rare', 3);
    }
    // "com", "omm", "mmo" and "mon" are in three items; the text's other trigrams in one or none.
    expect(rarest).toHaveLength(3);
    for (const trigram of rarest ?? []) expect(['on ', 'n r', ' ra', 'rar', 'are']).toContain(trigram);
  });
});
