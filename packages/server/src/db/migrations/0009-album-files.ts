import type { VersionedMigration } from './helpers.js';
import { withId } from './helpers.js';

/**
 * The media library's uploads (features/file-management): who uploaded which file under
 * DATA_DIR/userdata/temp/albums, so the uploader (or an admin) may rename or delete it. `path` is
 * the file's path relative to DATA_DIR/userdata (`temp/albums/{group}/{file}`). Files put into
 * the folder by other means have no row (only an admin changes those).
 */
export const albumFilesMigration: VersionedMigration = {
  name: '0009-album-files',
  async up(db, dialect) {
    await withId(db.schema.createTable('album_file'), dialect)
      .addColumn('path', 'text', (c) => c.notNull().unique())
      .addColumn('uploaded_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
      .addColumn('uploaded_at', 'text', (c) => c.notNull())
      .execute();
  },
};
