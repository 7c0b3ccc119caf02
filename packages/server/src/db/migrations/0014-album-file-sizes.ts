import type { VersionedMigration } from './helpers.js';

/**
 * The size of each media library upload (issue 14), so a user's upload quota is one sum over
 * album_file. Rows of before have none (null); the file management service fills it from the file
 * on disk the first time that user's usage is counted.
 */
export const albumFileSizesMigration: VersionedMigration = {
  name: '0014-album-file-sizes',
  async up(db) {
    await db.schema.alterTable('album_file').addColumn('size_bytes', 'integer').execute();
    await db.schema.createIndex('album_file_uploaded_by').on('album_file').column('uploaded_by').execute();
  },
};
