import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Claims (features/claims, docs/decisions/0169-claims.md): who is working on which document.
 *
 * - claim: one user's claim of one kind (PICK_LIST, PICK_AND_COLLECT, ...), taken at created_at.
 * - claim_object: the documents the claim holds, by type and id. The primary key on
 *   (object_type, object_id) lets an object be in one claim at most: taking a claim inserts its
 *   objects (ON CONFLICT DO NOTHING) and the rows not inserted are the conflict, so of two users
 *   claiming at once exactly one wins. Removing a claim deletes its objects with it.
 *   object_id is a document id; there is no foreign key to document, so the table can hold other
 *   objects later (a claim on a deleted document shows without its code in the overview).
 */
export const claimsMigration: VersionedMigration = {
  name: '0015-claims',
  async up(db, dialect) {
    await withId(db.schema.createTable('claim'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('claim_user_idx').on('claim').column('user_id').execute();

    await db.schema
      .createTable('claim_object')
      .addColumn('claim_id', 'integer', (c) => c.notNull().references('claim.id').onDelete('cascade'))
      .addColumn('object_type', 'text', (c) => c.notNull())
      .addColumn('object_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('claim_object_pk', ['object_type', 'object_id'])
      .execute();
    await db.schema.createIndex('claim_object_claim_idx').on('claim_object').column('claim_id').execute();
  },
};
