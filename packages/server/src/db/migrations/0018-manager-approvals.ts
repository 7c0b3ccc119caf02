import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Manager approvals (features/auth/manager-approval.service.ts): who allowed which forbidden
 * deviation, on which document. One row per approved action, written in the action's own
 * transaction, so an approval is recorded exactly when what it approved is. The users are kept by
 * id and name without foreign keys, like the ledger (0011): the record outlives the accounts.
 */
export const managerApprovalsMigration: VersionedMigration = {
  name: '0018-manager-approvals',
  async up(db, dialect) {
    await withId(db.schema.createTable('manager_approval'), dialect)
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('document_type', 'text', (c) => c.notNull())
      .addColumn('document_code', 'text', (c) => c.notNull())
      .addColumn('approver_user_id', 'integer', (c) => c.notNull())
      .addColumn('approver_username', 'text', (c) => c.notNull())
      .addColumn('requested_by_user_id', 'integer')
      .addColumn('requested_by_username', 'text', (c) => c.notNull())
      .addColumn('details', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('manager_approval_document_idx')
      .on('manager_approval')
      .columns(['document_type', 'document_code'])
      .execute();
  },
};
