import { CompiledQuery } from 'kysely';
import type { Db, Dialect } from './database.js';

/**
 * Answers of the hot master-data lookups (item and location find, item autocomplete) kept in
 * memory on SQLite, and never stale: every use first reads master_data_generation (migration
 * 0010), which triggers raise in the same transaction as any change of items, warehouses, bin
 * locations or their attributes, from any connection or process. When it moved, every kept
 * answer is dropped. Reading the number is one prepared single-row statement (a few
 * microseconds); a kept answer then skips the lookup's queries. Stock is not master data: the
 * answers cached here must not contain stock.
 *
 * With `ownWrites` (the WAL sync, which counts our own writing statements) the number read is reused
 * for the rest of the event loop's turn while we wrote nothing: the requests handled in one turn
 * were all received before it began, so the number as read during the turn is one their answers
 * may show (another process's commit a microsecond later is after them). Any write of ours in
 * between reads it again.
 *
 * PostgreSQL has no such number (see the migration) and several servers may share it: there the
 * lookups always run.
 */
export interface MasterDataCache {
  /** The answer (JSON text) of `load` for key in space, kept until master data changes; a load that throws is not kept. */
  cached(space: string, key: string, load: () => Promise<string>): Promise<string>;
}

/** Characters of answers kept per space, 16 Mi (least recently used dropped first). */
export const charactersPerSpace = 16 * 1024 * 1024;

interface Space {
  answers: Map<string, string>;
  characters: number;
}

const generationQuery = CompiledQuery.raw('select generation from master_data_generation where id = 1');

export interface MasterDataCacheOptions {
  maxCharacters?: number;
  /** Counts our own writing statements (db/wal-sync.ts); without it the number is read for every use. */
  ownWrites?: { readonly writes: number };
}

export function createMasterDataCache(db: Db, dialect: Dialect, options: MasterDataCacheOptions = {}): MasterDataCache {
  if (dialect !== 'sqlite') return { cached: (_space, _key, load) => load() };
  const maxCharacters = options.maxCharacters ?? charactersPerSpace;
  const { ownWrites } = options;
  const spaces = new Map<string, Space>();
  let keptAt = -1;
  /** The number read in this turn of the event loop, and our write count then. */
  let readThisTurn: { generation: number; writes: number } | null = null;
  const forgetAtTurnEnd = () => (readThisTurn = null);

  async function currentGeneration(): Promise<number> {
    if (ownWrites && readThisTurn && readThisTurn.writes === ownWrites.writes) return readThisTurn.generation;
    const writesBefore = ownWrites?.writes ?? 0;
    const { rows } = await db.executeQuery<{ generation: number }>(generationQuery);
    const generation = rows[0]?.generation ?? -1;
    if (ownWrites && ownWrites.writes === writesBefore) {
      if (!readThisTurn) setImmediate(forgetAtTurnEnd);
      readThisTurn = { generation, writes: writesBefore };
    }
    return generation;
  }

  return {
    async cached(name: string, key: string, load: () => Promise<string>): Promise<string> {
      const generation = await currentGeneration();
      if (generation !== keptAt) {
        spaces.clear();
        keptAt = generation;
      }
      let space = spaces.get(name);
      if (!space) spaces.set(name, (space = { answers: new Map(), characters: 0 }));
      const kept = space.answers.get(key);
      if (kept !== undefined) {
        space.answers.delete(key);
        space.answers.set(key, kept);
        return kept;
      }
      // Read after the number: a change committed meanwhile moves it, so this answer is not used past it.
      const answer = await load();
      if (keptAt === generation && !space.answers.has(key)) {
        space.answers.set(key, answer);
        space.characters += answer.length;
        for (const [oldKey, oldAnswer] of space.answers) {
          if (space.characters <= maxCharacters) break;
          space.answers.delete(oldKey);
          space.characters -= oldAnswer.length;
        }
      }
      return answer;
    },
  };
}
