import type { VersionedMigration } from './helpers.js';

/** IP rules are shared records edited by admins: they carry a version (HTTP 412 on a stale one). */
export const ipRulesMigration: VersionedMigration = {
  name: '0002-ip-rules',
  async up(db) {
    await db.schema
      .alterTable('ip_rule')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('transfer_token_expires_idx').on('transfer_token').column('expires_at').execute();
  },
};
