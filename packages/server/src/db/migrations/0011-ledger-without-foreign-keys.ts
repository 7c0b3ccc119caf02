import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';

/**
 * PostgreSQL: the stock ledger keeps no foreign keys. Every ledger row is written by the stock
 * service beside the stock row it describes, in the same transaction, with that row's item,
 * location, batch and serial; the stock row's own foreign keys check them. On PostgreSQL each
 * foreign key of an inserted row is a query that also locks the referenced row and writes a WAL
 * record: 115 µs of a stock transfer's two ledger rows (the transfers bench, pg_stat_statements),
 * and every movement of one user locked that user's row. No item, location, batch, serial or
 * user is ever deleted by the app (they are deactivated). SQLite keeps them: there a check is an
 * index probe in the same process, and dropping one would mean rebuilding the table.
 */
export const ledgerWithoutForeignKeysMigration: VersionedMigration = {
  name: '0011-ledger-without-foreign-keys',
  async up(db, dialect) {
    if (dialect !== 'postgres') return;
    const { rows } = await sql<{ name: string }>`select conname as name from pg_constraint
      where contype = 'f' and conrelid = 'stock_ledger'::regclass order by conname`.execute(db);
    for (const { name } of rows) {
      await sql`alter table stock_ledger drop constraint ${sql.id(name)}`.execute(db);
    }
  },
};
