import type { DbOrTx } from '../../db/database.js';

/**
 * How many items' search text holds each trigram (SQLite), so the autocomplete can ask the FTS5
 * trigram index for the three rarest trigrams of a text instead of its whole phrase: a phrase reads
 * the posting list of every trigram, and trigrams such as "000" or "i00" are in most items (a rare
 * text took 385 µs, the three rarest 170 µs on 100,000 items). The counts only choose which
 * trigrams narrow the search; every candidate is checked with the LIKE, so counts that are out of
 * date cost speed, never a wrong answer. Counted in the background in slices (the event loop keeps
 * serving), once at the first search and again when older than `recountAfterMs`.
 */
export const recountAfterMs = 15 * 60_000;
const rowsPerSlice = 5000;

interface Counts {
  byTrigram: Map<string, number>;
  countedAt: number;
}

const countsOf = new WeakMap<object, { counts: Counts | null; counting: boolean }>();

/** The trigrams of a text (characters, as FTS5's trigram tokenizer reads them), each once. */
export function trigramsOf(text: string): string[] {
  const chars = [...text];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''));
  return [...out];
}

async function count(db: DbOrTx): Promise<Counts> {
  const byTrigram = new Map<string, number>();
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('item')
      .select(['id', 'search_text'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(rowsPerSlice)
      .execute();
    for (const row of rows) {
      for (const trigram of trigramsOf(row.search_text)) byTrigram.set(trigram, (byTrigram.get(trigram) ?? 0) + 1);
    }
    if (rows.length < rowsPerSlice) break;
    after = rows[rows.length - 1]?.id ?? after;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { byTrigram, countedAt: Date.now() };
}

/**
 * The `limit` rarest trigrams of the text, or null while no counts are there yet (counting then
 * starts in the background). Trigrams no item had when counted come first.
 */
export function rarestTrigrams(db: DbOrTx, text: string, limit: number): string[] | null {
  let state = countsOf.get(db);
  if (!state) countsOf.set(db, (state = { counts: null, counting: false }));
  const { counts } = state;
  if (!state.counting && (!counts || Date.now() - counts.countedAt > recountAfterMs)) {
    state.counting = true;
    const current = state;
    count(db)
      .then((fresh) => (current.counts = fresh))
      .catch(() => undefined)
      .finally(() => (current.counting = false));
  }
  if (!counts) return null;
  return trigramsOf(text)
    .sort((a, b) => (counts.byTrigram.get(a) ?? 0) - (counts.byTrigram.get(b) ?? 0))
    .slice(0, limit);
}
