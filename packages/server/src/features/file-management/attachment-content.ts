import fs from 'node:fs/promises';
import path from 'node:path';
import { attachmentExtensions, type AttachmentExtension } from '@wms/contract';
import { AppError, unprocessable } from '../../http/app-error.js';
import { hasFileSignature } from '../../util/file-types.js';
import { sanitizeSvg } from './svg-sanitizer.js';

/**
 * Attachments: png, jpg, jpeg, gif, svg or pdf, by extension AND by content.
 * The binary formats are recognised by their signature; an svg must parse as XML with an `svg`
 * root and is stored sanitised (svg-sanitizer.ts). Uploads are checked in their temporary file
 * (checkUploadedAttachment): the binary formats by their first bytes only, an svg read whole,
 * which is why an svg may be at most svgMaxBytes (1 MB; 413 attachmentTooLarge {maxMb: 1}).
 */
const svgMaxBytes = 1024 * 1024;
const svgTooLarge = () => new AppError(413, 'attachmentTooLarge', { maxMb: svgMaxBytes / (1024 * 1024) });

export const attachmentTypeNotAllowed = () =>
  unprocessable('attachmentTypeNotAllowed', { extensions: [...attachmentExtensions] });
const contentMismatch = (extension: AttachmentExtension) => unprocessable('attachmentContentMismatch', { extension });

export function attachmentExtensionOf(fileName: string): AttachmentExtension | null {
  const extension = path.extname(fileName).slice(1).toLowerCase();
  return (attachmentExtensions as readonly string[]).includes(extension) ? (extension as AttachmentExtension) : null;
}

/**
 * The bytes to store for an attachment named `fileName`: the same bytes for the binary formats,
 * the sanitised document for svg. 422 attachmentTypeNotAllowed for another extension, 422
 * attachmentContentMismatch {extension} when the content is not of that type.
 */
export function checkedAttachment(fileName: string, bytes: Buffer): { extension: AttachmentExtension; bytes: Buffer } {
  const extension = attachmentExtensionOf(fileName);
  if (extension === null) throw attachmentTypeNotAllowed();
  if (extension !== 'svg') {
    if (!hasFileSignature(bytes, extension)) throw contentMismatch(extension);
    return { extension, bytes };
  }
  const text = decodeUtf8(bytes);
  const sanitized = text === null ? null : sanitizeSvg(text);
  if (sanitized === null) throw contentMismatch(extension);
  return { extension, bytes: Buffer.from(sanitized, 'utf8') };
}

function decodeUtf8(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Checks an uploaded attachment in its temporary file (see checkedAttachment for the keys): a
 * binary format by its first bytes; an svg (at most svgMaxBytes) is read, sanitised and written
 * back in place. Answers the size of what is stored.
 */
export async function checkUploadedAttachment(
  fileName: string,
  upload: { file: string; size: number; head: Buffer },
): Promise<number> {
  const extension = attachmentExtensionOf(fileName);
  if (extension === null) throw attachmentTypeNotAllowed();
  if (extension !== 'svg') {
    checkedAttachment(fileName, upload.head);
    return upload.size;
  }
  if (upload.size > svgMaxBytes) throw svgTooLarge();
  const { bytes } = checkedAttachment(fileName, await fs.readFile(upload.file));
  await fs.writeFile(upload.file, bytes);
  return bytes.length;
}

/**
 * Whether a stored file may be named `fileName` (a move): the same checks, reading the first
 * bytes of a binary format and at most svgMaxBytes of an svg.
 */
export async function checkStoredAttachment(fileName: string, file: string): Promise<void> {
  const extension = attachmentExtensionOf(fileName);
  if (extension === null) throw attachmentTypeNotAllowed();
  const handle = await fs.open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    if (extension === 'svg' && size > svgMaxBytes) throw svgTooLarge();
    const length = extension === 'svg' ? size : Math.min(size, 16);
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, 0);
    checkedAttachment(fileName, buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
