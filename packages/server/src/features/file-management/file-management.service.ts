import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  albumFileUrl,
  albumsRootPath,
  attachmentMaxBytes,
  type FileContentsAnswer,
  type FileEntry,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import {
  invalidFileName,
  invalidPath,
  isAlreadyExisting,
  isMissing,
  isValidNewName,
  kindOf,
  parseAlbumPath,
  type AlbumPath,
} from './album-paths.js';
import { contentTypeOf } from '../../util/file-types.js';
import type { Upload } from '../../http/multipart-upload.js';
import { attachmentExtensionOf, checkStoredAttachment, checkUploadedAttachment } from './attachment-content.js';
import { contentsJsonStream } from './album-contents.js';
import * as repository from './file-management.repository.js';

/**
 * The media library (contract api/file-management.ts): albums are folders under
 * DATA_DIR/userdata/temp/albums, files are attachments in them. Every signed-in user reads,
 * creates albums and uploads; a file is renamed, moved or deleted by its uploader or an admin,
 * an album only by an admin. Uploads count against the uploader's quota (UPLOAD_QUOTA_MB,
 * UPLOAD_QUOTA_FILES). A refusal changes nothing on disk or in the database.
 */
const notFoundAt = (wirePath: string) => notFound('notFound', { path: wirePath });
const isAdmin = (principal: Principal) => principal.expandedRoles.has('admin');
const mebibyte = 1024 * 1024;

function entryOf(albumPath: AlbumPath, stat: Stats, uploadedBy: string | null, contents: string | null): FileEntry {
  const name = albumPath.file ?? albumPath.group ?? '';
  const isDirectory = stat.isDirectory();
  return {
    name,
    path: albumPath.path,
    isDirectory,
    isHidden: name.startsWith('.'),
    size: isDirectory ? 0 : stat.size,
    modified: stat.mtime.toISOString(),
    url: isDirectory ? null : albumFileUrl(albumPath.path),
    uploadedBy,
    contents,
  };
}

interface ListedEntry {
  entry: FileEntry;
  absolute: string;
}

/**
 * The albums (folders) of the root, or the files of an album, by name; symbolic links and other
 * kinds are left out. A missing root is an empty list; a missing album is 404.
 */
async function listFolder(ctx: AppContext, wirePath: string): Promise<{ path: string; listed: ListedEntry[] }> {
  const folder = parseAlbumPath(ctx.config.dataDir, wirePath);
  if (folder.file !== null) throw invalidPath(wirePath);
  const kind = await kindOf(ctx.config.dataDir, folder);
  if (kind === 'missing' && folder.group === null) return { path: folder.path, listed: [] };
  if (kind !== 'directory') throw notFoundAt(folder.path);
  const owners = new Map(
    (await repository.findUploadsBelow(ctx.db, folder.path)).map((row) => [row.path, row.username] as const),
  );
  const listed: ListedEntry[] = [];
  for (const dirent of await fs.readdir(folder.absolute, { withFileTypes: true })) {
    const wanted = folder.group === null ? dirent.isDirectory() : dirent.isFile();
    if (!wanted) continue;
    const child = parseAlbumPath(ctx.config.dataDir, `${folder.path}/${dirent.name}`);
    let stat: Stats;
    try {
      stat = await fs.lstat(child.absolute);
    } catch (error) {
      if (isMissing(error)) continue; // removed meanwhile
      throw error;
    }
    listed.push({ entry: entryOf(child, stat, owners.get(child.path) ?? null, null), absolute: child.absolute });
  }
  listed.sort((a, b) => a.entry.name.localeCompare(b.entry.name));
  return { path: folder.path, listed };
}

/** getContents without the files' bytes (contents null): they are served at each entry's url. */
export async function getContents(ctx: AppContext, wirePath: string): Promise<FileContentsAnswer> {
  const { path: folderPath, listed } = await listFolder(ctx, wirePath);
  return { path: folderPath, entries: listed.map((item) => item.entry) };
}

/**
 * getContents withContents: the same answer with each file's bytes as base64 (files up to
 * attachmentMaxBytes; larger ones null), streamed (album-contents.ts), never read whole. When the
 * files to inline are together over FILE_CONTENTS_MAX_MB it is 422 albumContentsTooLarge {maxMb}:
 * the client loads them by their url instead.
 */
export async function getContentsStream(ctx: AppContext, wirePath: string): Promise<Readable> {
  const { path: folderPath, listed } = await listFolder(ctx, wirePath);
  const inlined = (entry: FileEntry) => !entry.isDirectory && entry.size <= attachmentMaxBytes;
  const total = listed.reduce((sum, { entry }) => sum + (inlined(entry) ? entry.size : 0), 0);
  const maxBytes = ctx.config.uploads.contentsMaxBytes;
  if (total > maxBytes) throw unprocessable('albumContentsTooLarge', { maxMb: maxBytes / mebibyte });
  return contentsJsonStream(
    folderPath,
    listed.map(({ entry, absolute }) => ({ entry, file: inlined(entry) ? absolute : null })),
  );
}

/** The album an upload goes to: 400 noGroupSelectedForLibrary without one, invalidPath for a file path. */
export function albumForUpload(ctx: AppContext, wirePath: string | undefined): AlbumPath {
  if (wirePath === undefined || wirePath.trim() === '') throw badRequest('noGroupSelectedForLibrary');
  const album = parseAlbumPath(ctx.config.dataDir, wirePath);
  if (album.group === null) throw badRequest('noGroupSelectedForLibrary');
  if (album.file !== null) throw invalidPath(wirePath);
  if (!isValidNewName(album.group)) throw invalidFileName(album.group);
  return album;
}

/**
 * uploadFile: stores the attachment under its own name in the album (created when missing), as
 * checkUploadedAttachment allows it (svg sanitised), and records the uploader. The upload is
 * already in a temporary file under DATA_DIR/tmp/uploads (http/multipart-upload.ts); it is linked
 * into place (never over an existing file: 409 fileAlreadyExists) inside the transaction that
 * records it. On any refusal it stays where it is and is removed with the request.
 */
export async function uploadFile(
  ctx: AppContext,
  principal: Principal,
  album: AlbumPath,
  upload: Upload,
): Promise<FileEntry> {
  if (!isValidNewName(upload.fileName)) throw invalidFileName(upload.fileName);
  const size = await checkUploadedAttachment(upload.fileName, upload);
  const target = parseAlbumPath(ctx.config.dataDir, `${album.path}/${upload.fileName}`);
  const kind = await kindOf(ctx.config.dataDir, album);
  if (kind === 'file') throw conflict('fileAlreadyExists', { path: album.path });
  if (kind === 'missing') await fs.mkdir(album.absolute, { recursive: true });
  if ((await kindOf(ctx.config.dataDir, target)) !== 'missing')
    throw conflict('fileAlreadyExists', { path: target.path });
  await ctx.db.transaction().execute(async (tx) => {
    await assertWithinQuota(ctx, tx, principal.userId, size);
    await repository.recordUpload(tx, target.path, principal.userId, nowIso(), size);
    await fs.link(upload.file, target.absolute).catch((error: unknown) => {
      throw isAlreadyExisting(error) ? conflict('fileAlreadyExists', { path: target.path }) : error;
    });
  });
  return entryOf(target, await fs.lstat(target.absolute), principal.username, null);
}

/**
 * One more upload of `size` bytes must keep the user within UPLOAD_QUOTA_FILES files (422
 * uploadFileCountExceeded {maxFiles}) and UPLOAD_QUOTA_MB (422 uploadQuotaExceeded {maxMb}).
 * Runs in the upload's transaction with the user's uploads serialised (lockUploader), so parallel
 * uploads cannot pass it together. Sizes not yet recorded are read from disk once (0 if gone).
 */
async function assertWithinQuota(ctx: AppContext, tx: DbOrTx, userId: number, size: number): Promise<void> {
  await repository.lockUploader(tx, userId);
  const usage = await repository.usageOf(tx, userId);
  let bytes = usage.bytes;
  for (const wirePath of usage.unsized) {
    const recorded = await sizeOnDisk(ctx, wirePath);
    await repository.recordSize(tx, wirePath, recorded);
    bytes += recorded;
  }
  const { quotaFiles, quotaBytes } = ctx.config.uploads;
  if (usage.files + 1 > quotaFiles) throw unprocessable('uploadFileCountExceeded', { maxFiles: quotaFiles });
  if (bytes + size > quotaBytes) throw unprocessable('uploadQuotaExceeded', { maxMb: quotaBytes / mebibyte });
}

async function sizeOnDisk(ctx: AppContext, wirePath: string): Promise<number> {
  try {
    const stat = await fs.lstat(parseAlbumPath(ctx.config.dataDir, wirePath).absolute);
    return stat.isFile() ? stat.size : 0;
  } catch {
    return 0; // removed, or a path no longer valid: it takes nothing
  }
}

/** createFolder: a new empty album (409 fileAlreadyExists when the name is taken). */
export async function createFolder(ctx: AppContext, wirePath: string): Promise<FileEntry> {
  const album = parseAlbumPath(ctx.config.dataDir, wirePath);
  if (album.group === null || album.file !== null) throw invalidPath(wirePath);
  if (!isValidNewName(album.group)) throw invalidFileName(album.group);
  await fs.mkdir(path.dirname(album.absolute), { recursive: true });
  try {
    await fs.mkdir(album.absolute);
  } catch (error) {
    if (isAlreadyExisting(error)) throw conflict('fileAlreadyExists', { path: album.path });
    throw error;
  }
  return entryOf(album, await fs.lstat(album.absolute), null, null);
}

/** A file may be changed by its uploader or an admin; an album only by an admin (403 otherwise). */
async function requireMayChange(ctx: AppContext, principal: Principal, target: AlbumPath): Promise<string | null> {
  const owner = target.file === null ? undefined : await repository.findUpload(ctx.db, target.path);
  if (isAdmin(principal)) return owner?.username ?? null;
  if (owner === undefined || owner.uploadedBy !== principal.userId) throw forbidden();
  return owner.username;
}

async function existingObject(ctx: AppContext, wirePath: string): Promise<AlbumPath> {
  const object = parseAlbumPath(ctx.config.dataDir, wirePath);
  if (object.group === null) throw invalidPath(wirePath);
  const kind = await kindOf(ctx.config.dataDir, object);
  if (kind !== (object.file === null ? 'directory' : 'file')) throw notFoundAt(object.path);
  return object;
}

/**
 * moveObject: renames an album (to another album name), or renames or moves a file into another
 * existing album. A file keeps being an attachment: its content must fit the new extension. The
 * target must not exist (409 fileAlreadyExists).
 */
export async function moveObject(
  ctx: AppContext,
  principal: Principal,
  oldPath: string,
  newPath: string,
): Promise<FileEntry> {
  const source = await existingObject(ctx, oldPath);
  const target = parseAlbumPath(ctx.config.dataDir, newPath);
  if (target.group === null || (source.file === null) !== (target.file === null)) throw invalidPath(newPath);
  const newName = target.file ?? target.group;
  if (!isValidNewName(newName)) throw invalidFileName(newName);
  const owner = await requireMayChange(ctx, principal, source);
  if (target.path === source.path) return entryOf(source, await fs.lstat(source.absolute), owner, null);
  if (source.file === null) return moveAlbum(ctx, source, target);

  await checkStoredAttachment(newName, source.absolute);
  const album = parseAlbumPath(ctx.config.dataDir, `${albumsRootPath}/${target.group}`);
  if ((await kindOf(ctx.config.dataDir, album)) !== 'directory') throw notFoundAt(album.path);
  if ((await kindOf(ctx.config.dataDir, target)) !== 'missing')
    throw conflict('fileAlreadyExists', { path: target.path });
  await ctx.db.transaction().execute(async (tx) => {
    await repository.moveUpload(tx, source.path, target.path);
    // link + unlink: never replaces a file that appeared meanwhile.
    await fs.link(source.absolute, target.absolute).catch((error: unknown) => {
      throw isAlreadyExisting(error) ? conflict('fileAlreadyExists', { path: target.path }) : error;
    });
    await fs.unlink(source.absolute);
  });
  return entryOf(target, await fs.lstat(target.absolute), owner, null);
}

async function moveAlbum(ctx: AppContext, source: AlbumPath, target: AlbumPath): Promise<FileEntry> {
  if ((await kindOf(ctx.config.dataDir, target)) !== 'missing')
    throw conflict('fileAlreadyExists', { path: target.path });
  await ctx.db.transaction().execute(async (tx) => {
    await repository.moveUploadsBelow(tx, source.path, target.path);
    await fs.rename(source.absolute, target.absolute);
  });
  return entryOf(target, await fs.lstat(target.absolute), null, null);
}

/** deleteObject: a file, or an album with everything in it. */
export async function deleteObject(ctx: AppContext, principal: Principal, wirePath: string): Promise<void> {
  const object = await existingObject(ctx, wirePath);
  await requireMayChange(ctx, principal, object);
  await ctx.db.transaction().execute(async (tx) => {
    if (object.file === null) {
      await repository.deleteUploadsBelow(tx, object.path);
      // Renamed away first, so the album disappears at once even if removing its files takes time.
      const doomed = path.join(path.dirname(object.absolute), `.deleted-${randomBytes(8).toString('hex')}`);
      await fs.rename(object.absolute, doomed);
      await fs.rm(doomed, { recursive: true, force: true });
    } else {
      await repository.deleteUpload(tx, object.path);
      await fs.unlink(object.absolute);
    }
  });
}

/**
 * A file of the library for another feature to read (the spreadsheet viewer reads XLSX and CSV
 * files of any album): its absolute path, size and name. Not a file of an album: 400
 * invalidPath or 404 notFound {path}.
 */
export async function findLibraryFile(
  ctx: AppContext,
  wirePath: string,
): Promise<{ file: string; size: number; name: string }> {
  const object = await existingObject(ctx, wirePath);
  if (object.file === null) throw invalidPath(wirePath);
  const stat = await fs.lstat(object.absolute);
  return { file: object.absolute, size: stat.size, name: object.file };
}

/** A file to serve at /userdata/temp/albums/{group}/{file}: 404 for anything else. */
export async function findAlbumFile(
  ctx: AppContext,
  group: string,
  file: string,
): Promise<{ file: string; size: number; contentType: string }> {
  const wirePath = `${albumsRootPath}/${group}/${file}`;
  try {
    const object = await existingObject(ctx, wirePath);
    const extension = attachmentExtensionOf(file);
    if (extension === null) throw notFoundAt(wirePath);
    const stat = await fs.lstat(object.absolute);
    return { file: object.absolute, size: stat.size, contentType: contentTypeOf(extension) };
  } catch {
    throw notFoundAt(wirePath);
  }
}
