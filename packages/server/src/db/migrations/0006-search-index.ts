import { sql, type Kysely } from 'kysely';
import type { VersionedMigration } from './helpers.js';

/**
 * A trigram index for the item autocomplete's contains match on item.search_text, so a text
 * that matches few items no longer scans every item (items.repository.ts autocompleteByContains).
 *
 * - SQLite: `item_search`, an external-content FTS5 table with the trigram tokenizer over
 *   item.search_text (the text is stored once, in item). Triggers keep it in step with every
 *   insert, delete and update of search_text, bulk inserts included; it is filled from the rows
 *   already there. A trigram index cannot answer texts under 3 characters: those still scan.
 * - PostgreSQL: pg_trgm's GIN index on search_text, which serves `search_text LIKE '%x%'` as is.
 *   When the extension cannot be created (not installed, or the role may not create it), the
 *   migration warns and goes on without the index: answers stay right, only slower. An admin
 *   can add it later with the two statements of createTrigramIndex.
 */
export const searchIndexMigration: VersionedMigration = {
  name: '0006-search-index',
  async up(db, dialect) {
    if (dialect === 'postgres') await createTrigramIndex(db);
    else await createFullTextIndex(db);
  },
};

async function createTrigramIndex(db: Kysely<unknown>): Promise<void> {
  // Migrations run in a transaction on PostgreSQL: a savepoint keeps a refused extension from aborting it.
  await sql`savepoint search_index`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch (error) {
    await sql`rollback to savepoint search_index`.execute(db);
    process.emitWarning(
      `item search: PostgreSQL extension pg_trgm unavailable (${error instanceof Error ? error.message : String(error)}); ` +
        'the item autocomplete works without its index, but scans every item for a contains match',
    );
    return;
  }
  await sql`release savepoint search_index`.execute(db);
  await sql`create index item_search_text_trgm_idx on item using gin (search_text gin_trgm_ops)`.execute(db);
}

async function createFullTextIndex(db: Kysely<unknown>): Promise<void> {
  // SQLite migrations run outside a transaction: every statement may run again after a crash.
  await sql`create virtual table if not exists item_search using fts5(
    search_text, content = 'item', content_rowid = 'id', tokenize = 'trigram', detail = full
  )`.execute(db);
  await sql`create trigger if not exists item_search_insert after insert on item begin
    insert into item_search (rowid, search_text) values (new.id, new.search_text);
  end`.execute(db);
  await sql`create trigger if not exists item_search_delete after delete on item begin
    insert into item_search (item_search, rowid, search_text) values ('delete', old.id, old.search_text);
  end`.execute(db);
  await sql`create trigger if not exists item_search_update after update of id, search_text on item begin
    insert into item_search (item_search, rowid, search_text) values ('delete', old.id, old.search_text);
    insert into item_search (rowid, search_text) values (new.id, new.search_text);
  end`.execute(db);
  // Index the items that are already there (an existing installation's, or the demo data's),
  // merged into one segment: a query reads every segment of every trigram it names.
  await sql`insert into item_search (item_search) values ('rebuild')`.execute(db);
  await sql`insert into item_search (item_search) values ('optimize')`.execute(db);
}
