import type { FastifyRequest } from 'fastify';
import type { ErrorKey } from '@wms/contract';
import { AppError, badRequest } from './app-error.js';

export interface Upload {
  fileName: string;
  bytes: Buffer;
}

const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

const invalidUpload = () =>
  badRequest('invalidInput', {
    fields: [{ field: 'body.file', message: 'a multipart/form-data upload with one file in field "file"' }],
  });

/**
 * The one file of field `file` of a multipart request (@fastify/multipart registered with its
 * size limit). Anything else is 400 invalidInput; a file over the limit is 413 with the given key
 * and {maxMb}.
 */
export async function readSingleUpload(
  request: FastifyRequest,
  tooLarge: { key: ErrorKey; maxBytes: number },
): Promise<Upload> {
  if (!request.isMultipart()) throw invalidUpload();
  let upload: Upload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'file' || upload !== null) throw invalidUpload();
      upload = { fileName: part.filename, bytes };
    }
  } catch (error) {
    const code = errorCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, tooLarge.key, { maxMb: tooLarge.maxBytes / (1024 * 1024) });
    if (code === 'FST_FILES_LIMIT') throw invalidUpload();
    throw error;
  }
  if (upload === null) throw invalidUpload();
  return upload;
}
