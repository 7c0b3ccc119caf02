import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { FileEntry } from '@wms/contract';
import { isMissing } from './album-paths.js';

/**
 * The getContents answer with each file's bytes (withContents=true), written as it is read: the
 * JSON is produced entry by entry and each file is read in chunks and encoded to base64 as the
 * client takes the answer (Readable.from keeps to the socket's pace). So an answer holds about one
 * chunk in memory whatever the album's size and however many answers run at once.
 */
const chunkBytes = 48 * 1024; // a multiple of 3: every chunk but the last encodes to whole base64

export interface ContentsItem {
  entry: FileEntry;
  /** The file to inline, or null to answer contents null (folders, files over the limit). */
  file: string | null;
}

export function contentsJsonStream(path: string, items: readonly ContentsItem[]): Readable {
  return Readable.from(contentsJson(path, items), { objectMode: false });
}

async function* contentsJson(path: string, items: readonly ContentsItem[]): AsyncGenerator<string> {
  yield `{"path":${JSON.stringify(path)},"entries":[`;
  let separator = '';
  for (const { entry, file } of items) {
    // `contents` is the entry's last field (entryOf), so its null is the end of the JSON.
    const head = JSON.stringify({ ...entry, contents: null });
    const handle = file !== null && head.endsWith(',"contents":null}') ? await openFile(file) : null;
    if (handle === null) {
      yield separator + head;
    } else {
      try {
        yield `${separator}${head.slice(0, -'null}'.length)}"`;
        yield* base64Of(handle, entry.size);
        yield '"}';
      } finally {
        await handle.close();
      }
    }
    separator = ',';
  }
  yield ']}';
}

/** Opens a listed file for reading; null when it was removed meanwhile. Never follows a symbolic link. */
async function openFile(file: string): Promise<fs.promises.FileHandle | null> {
  try {
    return await fs.promises.open(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch (error) {
    if (isMissing(error) || (error as { code?: unknown }).code === 'ELOOP') return null;
    throw error;
  }
}

/** The first `size` bytes of the file as base64, one chunk at a time (fewer if it shrank meanwhile). */
async function* base64Of(handle: fs.promises.FileHandle, size: number): AsyncGenerator<string> {
  const buffer = Buffer.allocUnsafe(chunkBytes);
  let pending = Buffer.alloc(0);
  let left = size;
  while (left > 0) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(chunkBytes, left), null);
    if (bytesRead === 0) break;
    left -= bytesRead;
    const data =
      pending.length === 0 ? buffer.subarray(0, bytesRead) : Buffer.concat([pending, buffer.subarray(0, bytesRead)]);
    const whole = data.length - (data.length % 3);
    if (whole > 0) yield data.subarray(0, whole).toString('base64');
    pending = Buffer.from(data.subarray(whole));
  }
  if (pending.length > 0) yield pending.toString('base64');
}
