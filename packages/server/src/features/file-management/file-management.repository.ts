import { sql, type Kysely } from 'kysely';
import { isSqlite } from '../../db/compiled-query.js';
import type { Database } from '../../db/schema.js';

/** Uploads of the media library (table album_file): who uploaded which file path. */
type Db = Kysely<Database>;

/** Paths below a folder: compared exactly (LIKE ignores case on SQLite), in characters on both databases. */
const below = (folder: string) => {
  const prefix = `${folder}/`;
  return sql<boolean>`substr(album_file.path, 1, ${[...prefix].length}) = ${prefix}`;
};

export interface AlbumFileOwner {
  path: string;
  uploadedBy: number | null;
  username: string | null;
}

/** The recorded uploads below a folder path (`{folder}/...`). */
export async function findUploadsBelow(db: Db, folder: string): Promise<AlbumFileOwner[]> {
  return db
    .selectFrom('album_file')
    .leftJoin('app_user', 'app_user.id', 'album_file.uploaded_by')
    .select(['album_file.path', 'album_file.uploaded_by as uploadedBy', 'app_user.username'])
    .where(below(folder))
    .execute();
}

export async function findUpload(db: Db, path: string): Promise<AlbumFileOwner | undefined> {
  return db
    .selectFrom('album_file')
    .leftJoin('app_user', 'app_user.id', 'album_file.uploaded_by')
    .select(['album_file.path', 'album_file.uploaded_by as uploadedBy', 'app_user.username'])
    .where('album_file.path', '=', path)
    .executeTakeFirst();
}

/** Records an upload of `size` bytes, replacing a row left behind by a file removed outside the library. */
export async function recordUpload(db: Db, path: string, userId: number, at: string, size: number): Promise<void> {
  await db.deleteFrom('album_file').where('path', '=', path).execute();
  await db.insertInto('album_file').values({ path, uploaded_by: userId, uploaded_at: at, size_bytes: size }).execute();
}

/**
 * Serialises one user's uploads until the transaction ends, so two parallel uploads cannot both
 * pass the quota: PostgreSQL locks the user's row; a SQLite transaction is alone on its connection.
 */
export async function lockUploader(db: Db, userId: number): Promise<void> {
  if (isSqlite(db)) return;
  await db.selectFrom('app_user').select('id').where('id', '=', userId).forUpdate().execute();
}

export interface UploaderUsage {
  files: number;
  /** The sum of the known sizes. */
  bytes: number;
  /** Paths of the user's uploads whose size is not recorded yet (uploads of before migration 0014). */
  unsized: string[];
}

/**
 * What a user's uploads take: how many, their bytes, and those without a recorded size. One
 * query; the unsized paths are looked up only while some are left (once per user after 0014).
 */
export async function usageOf(db: Db, userId: number): Promise<UploaderUsage> {
  const totals = await db
    .selectFrom('album_file')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('files'),
      eb.fn.count<number | string>('size_bytes').as('sized'),
      eb.fn.sum<number | string | null>('size_bytes').as('bytes'),
    ])
    .where('uploaded_by', '=', userId)
    .executeTakeFirstOrThrow();
  const files = Number(totals.files);
  const unsized =
    Number(totals.sized) === files
      ? []
      : await db
          .selectFrom('album_file')
          .select('path')
          .where('uploaded_by', '=', userId)
          .where('size_bytes', 'is', null)
          .execute();
  return { files, bytes: Number(totals.bytes ?? 0), unsized: unsized.map((row) => row.path) };
}

export async function recordSize(db: Db, path: string, size: number): Promise<void> {
  await db.updateTable('album_file').set({ size_bytes: size }).where('path', '=', path).execute();
}

export async function deleteUpload(db: Db, path: string): Promise<void> {
  await db.deleteFrom('album_file').where('path', '=', path).execute();
}

export async function deleteUploadsBelow(db: Db, folder: string): Promise<void> {
  await db.deleteFrom('album_file').where(below(folder)).execute();
}

/** Moves the record of one file; a stale row at the target is replaced. */
export async function moveUpload(db: Db, oldPath: string, newPath: string): Promise<void> {
  await db.deleteFrom('album_file').where('path', '=', newPath).execute();
  await db.updateTable('album_file').set({ path: newPath }).where('path', '=', oldPath).execute();
}

/** Moves the records of every file below a folder to the same names below another. */
export async function moveUploadsBelow(db: Db, oldFolder: string, newFolder: string): Promise<void> {
  for (const row of await findUploadsBelow(db, oldFolder)) {
    await moveUpload(db, row.path, newFolder + row.path.slice(oldFolder.length));
  }
}
