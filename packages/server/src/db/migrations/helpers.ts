import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** A migration sees the dialect so it can pick the id column type; everything else is shared SQL. */
export interface VersionedMigration {
  name: string;
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

export function withId<T extends string>(table: CreateTableBuilder<T>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
