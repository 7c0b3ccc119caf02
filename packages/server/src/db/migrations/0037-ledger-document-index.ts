import type { VersionedMigration } from './helpers.js';

/**
 * The ledger found by the document that moved it (docs/decisions/0193-ledger-document-index.md):
 * a delivery's view and its packing slip read the DELIVERY rows of one delivery, goods returns the
 * rows of one delivery or sales order. Without this index each of those scanned the whole ledger,
 * a cost that grows with every movement the warehouse ever made (3.2 ms per delivery view on the
 * bench's ledger, the largest part of creating a delivery).
 */
export const ledgerDocumentIndexMigration: VersionedMigration = {
  name: '0037-ledger-document-index',
  async up(db) {
    await db.schema
      .createIndex('stock_ledger_document_idx')
      .on('stock_ledger')
      .columns(['document_code', 'document_type'])
      .execute();
  },
};
