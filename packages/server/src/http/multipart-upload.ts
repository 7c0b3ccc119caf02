import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorKey } from '@wms/contract';
import type { AppConfig } from '../config.js';
import { AppError, badRequest } from './app-error.js';
import { uploadTempFolder } from './upload-temp.js';

/**
 * An uploaded file, streamed to a temporary file under DATA_DIR/tmp/uploads (never held in
 * memory whole). The handler moves it into place (rename or link: the same file system) or
 * leaves it: it is removed when the handler returns or throws.
 */
export interface Upload {
  fileName: string;
  /** The temporary file holding the bytes. */
  file: string;
  size: number;
  /** The first uploadHeadBytes bytes (fewer for a shorter file), for the content signature checks. */
  head: Buffer;
}

const uploadHeadBytes = 16;

const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

const invalidUpload = () =>
  badRequest('invalidInput', {
    fields: [{ field: 'body.file', message: 'a multipart/form-data upload with one file in field "file"' }],
  });

/** The body is multipart but cannot be parsed: truncated, no or a wrong boundary, broken part headers. */
const malformedUpload = () => badRequest('malformedUpload');

/** Uploads in progress per app (its config): at most config.uploads.maxInProgress at once. */
const inProgress = new WeakMap<AppConfig, { count: number }>();

function takeSlot(config: AppConfig, reply: FastifyReply): () => void {
  let slots = inProgress.get(config);
  if (!slots) inProgress.set(config, (slots = { count: 0 }));
  const max = config.uploads.maxInProgress;
  if (slots.count >= max) {
    reply.header('retry-after', 1);
    throw new AppError(503, 'tooManyUploadsInProgress', { max, retryAfterSeconds: 1 });
  }
  slots.count++;
  let released = false;
  const counted = slots;
  return () => {
    if (released) return;
    released = true;
    counted.count--;
  };
}

/**
 * Writes the part's file to `file`, counting and keeping its first bytes. A file over the limit
 * is `tooLarge`; a write that fails (disk full) is a StorageError (a 500), never taken for the
 * client's malformed body. The part is read by its async iterator, which also fails when the
 * part was cut short before it was reached.
 */
async function streamToFile(
  part: MultipartFile,
  file: string,
  maxBytes: number,
  tooLarge: () => AppError,
  progress: () => void,
) {
  const handle = await fs.open(file, 'wx').catch((error: unknown) => {
    throw new StorageError(error);
  });
  let size = 0;
  let head = Buffer.alloc(0);
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      progress();
      size += chunk.length;
      // busboy stops at the multipart fileSize limit (the same maxBytes) and marks the file truncated.
      if (size > maxBytes || part.file.truncated) throw tooLarge();
      if (head.length < uploadHeadBytes) head = Buffer.concat([head, chunk.subarray(0, uploadHeadBytes - head.length)]);
      await handle.writeFile(chunk).catch((error: unknown) => {
        throw new StorageError(error);
      });
    }
  } finally {
    await handle.close();
  }
  if (part.file.truncated) throw tooLarge();
  return { size, head };
}

class StorageError extends Error {
  constructor(readonly original: unknown) {
    super('storing an upload failed', { cause: original });
  }
}

/**
 * Reads the one file of field `file` of a multipart request (@fastify/multipart registered with
 * its size limit) into a temporary file and runs `handle` with it; the temporary file is removed
 * afterwards, whatever happened. Anything else than one such file is 400 invalidInput; a body
 * that does not parse (truncated, without a boundary, with malformed content-type parameters or
 * part headers) is 400 malformedUpload; a file over the limit is 413 with the given key and
 * {maxMb}, leaving no file. A client's body never causes a 500.
 *
 * At most UPLOADS_MAX_IN_PROGRESS uploads are read or handled at once per process (disk, file
 * handles and the SVG sanitiser's memory stay bounded): over it 503 tooManyUploadsInProgress
 * {max, retryAfterSeconds} with Retry-After, before any byte of the body is read. A body that
 * sends nothing for UPLOAD_IDLE_SECONDS is cut off (the connection closed, its file removed).
 */
export async function withSingleUpload<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { config: AppConfig; tooLarge: { key: ErrorKey; maxBytes: number } },
  handle: (upload: Upload) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw invalidUpload();
  const { config, tooLarge } = options;
  const release = takeSlot(config, reply);
  const folder = uploadTempFolder(config.dataDir);
  const file = path.join(folder, `${randomBytes(12).toString('hex')}.upload`);
  // requestTimeout is off: a body that stalls is cut off here, so it cannot hold its slot for ever.
  let idle: NodeJS.Timeout | undefined;
  const progress = () => {
    clearTimeout(idle);
    idle = setTimeout(() => request.raw.destroy(), config.uploads.idleMs);
  };
  try {
    await fs.mkdir(folder, { recursive: true });
    progress();
    const upload = await readInto(request, file, tooLarge, progress);
    clearTimeout(idle);
    return await handle(upload);
  } finally {
    clearTimeout(idle);
    await fs.rm(file, { force: true });
    release();
  }
}

async function readInto(
  request: FastifyRequest,
  file: string,
  tooLarge: { key: ErrorKey; maxBytes: number },
  progress: () => void,
): Promise<Upload> {
  const tooLargeError = () => new AppError(413, tooLarge.key, { maxMb: tooLarge.maxBytes / (1024 * 1024) });
  let upload: Upload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || upload !== null) {
        part.file.resume(); // drained (bounded by the size limit), then refused
        throw invalidUpload();
      }
      const written = await streamToFile(part, file, tooLarge.maxBytes, tooLargeError, progress);
      upload = { fileName: part.filename, file, ...written };
    }
  } catch (error) {
    if (error instanceof StorageError) throw error.original;
    if (error instanceof AppError) throw error;
    const code = errorCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLargeError();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw invalidUpload();
    // Everything else comes from parsing the client's body (busboy: "Unexpected end of form",
    // "Multipart: Boundary not found", "Malformed part header", ...; or the body stream failing).
    throw malformedUpload();
  }
  if (upload === null) throw invalidUpload();
  return upload;
}
