import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Attachments of documents (features/documents): photos of a delivery note, a damaged return, a
 * pick list or a QC check. The file lies under DATA_DIR/userdata/documents/{type}/{document id}/
 * as `stored_name` (a random name with the extension); `name` is the name it was uploaded with.
 * A document's attachments go with it (cascade); uploaded_by is kept as null when the user goes.
 */
export const documentAttachmentsMigration: VersionedMigration = {
  name: '0017-document-attachments',
  async up(db, dialect) {
    await withId(db.schema.createTable('document_attachment'), dialect)
      .addColumn('document_id', 'integer', (c) => c.notNull().references('document.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('extension', 'text', (c) => c.notNull())
      .addColumn('stored_name', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull())
      .addColumn('uploaded_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('uploaded_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('document_attachment_document_idx')
      .on('document_attachment')
      .column('document_id')
      .execute();
  },
};
