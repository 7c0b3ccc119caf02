import fs from 'node:fs/promises';
import path from 'node:path';
import { albumsRootPath } from '@wms/contract';
import { badRequest } from '../../http/app-error.js';

/**
 * Paths of the media library. On the wire a path is relative to DATA_DIR/userdata and is the
 * albums root `temp/albums`, an album `temp/albums/{group}` or a file `temp/albums/{group}/{file}`.
 * Anything else (absolute, `..`, `.`, empty segments, backslashes, NUL or other control
 * characters, deeper paths, paths outside temp/albums) is 400 invalidPath before the file
 * system is touched; symbolic links below the root are refused when the path is resolved.
 */
export interface AlbumPath {
  /** The normalised wire path. */
  path: string;
  /** The album (group) name, null for the root. */
  group: string | null;
  /** The file name, null for the root and an album. */
  file: string | null;
  /** The absolute path on disk. */
  absolute: string;
}

const rootSegments = albumsRootPath.split('/');
/** Characters no segment may hold: separators, NUL and controls, and those Windows refuses. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const forbiddenCharacters = /[\u0000-\u001f\u007f/\\:*?"<>|]/;
const maxNameLength = 200;

export const invalidPath = (wirePath: string) => badRequest('invalidPath', { path: wirePath });
export const invalidFileName = (name: string) => badRequest('invalidFileName', { name });

export function albumsRoot(dataDir: string): string {
  return path.resolve(dataDir, 'userdata', ...rootSegments);
}

/**
 * Whether a name may be given to a new album or file: 1-200 characters, no separators or control
 * characters, not hidden (a leading '.'), no leading or trailing spaces, no trailing '.'.
 */
export function isValidNewName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= maxNameLength &&
    !forbiddenCharacters.test(name) &&
    !name.startsWith('.') &&
    !name.endsWith('.') &&
    name.trim() === name
  );
}

/** Whether a segment of a path to read is acceptable (hidden names may be read, never `.` or `..`). */
function isReadableSegment(segment: string): boolean {
  return (
    segment.length > 0 &&
    segment.length <= maxNameLength &&
    segment !== '.' &&
    segment !== '..' &&
    !forbiddenCharacters.test(segment)
  );
}

/** Parses and checks a wire path (no file system access). */
export function parseAlbumPath(dataDir: string, wirePath: string): AlbumPath {
  const segments = wirePath.split('/');
  // One trailing slash is tolerated ("temp/albums/").
  if (segments.length > rootSegments.length && segments.at(-1) === '') segments.pop();
  const inRoot = rootSegments.every((segment, index) => segments[index] === segment);
  const below = segments.slice(rootSegments.length);
  if (!inRoot || below.length > 2 || !below.every(isReadableSegment)) throw invalidPath(wirePath);
  const root = albumsRoot(dataDir);
  const absolute = path.resolve(root, ...below);
  if (absolute !== root && !absolute.startsWith(root + path.sep)) throw invalidPath(wirePath);
  return {
    path: [...rootSegments, ...below].join('/'),
    group: below[0] ?? null,
    file: below[1] ?? null,
    absolute,
  };
}

/** The root, the album and the file of a path on disk, outermost first. */
function componentsOf(dataDir: string, albumPath: AlbumPath): string[] {
  const root = albumsRoot(dataDir);
  const parts = [albumPath.group, albumPath.file].filter((part): part is string => part !== null);
  return parts.map((_, index) => path.join(root, ...parts.slice(0, index + 1)));
}

/**
 * The kind of what a path names on disk ('missing' when absent). A symbolic link at the album or
 * file level is 400 invalidPath, so nothing is read or written through one.
 */
export async function kindOf(dataDir: string, albumPath: AlbumPath): Promise<'missing' | 'directory' | 'file'> {
  let kind: 'missing' | 'directory' | 'file' = 'directory';
  for (const component of componentsOf(dataDir, albumPath)) {
    try {
      const stat = await fs.lstat(component);
      if (stat.isSymbolicLink()) throw invalidPath(albumPath.path);
      kind = stat.isDirectory() ? 'directory' : stat.isFile() ? 'file' : 'missing';
    } catch (error) {
      if (isMissing(error)) return 'missing';
      throw error;
    }
  }
  if (albumPath.group === null) {
    try {
      return (await fs.stat(albumPath.absolute)).isDirectory() ? 'directory' : 'missing';
    } catch (error) {
      if (isMissing(error)) return 'missing';
      throw error;
    }
  }
  return kind;
}

export function isMissing(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function isAlreadyExisting(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EEXIST';
}
