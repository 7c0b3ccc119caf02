import path from 'node:path';
import { attachmentExtensions, type AttachmentExtension } from '@wms/contract';
import { unprocessable } from '../../http/app-error.js';
import { hasFileSignature } from '../../util/file-types.js';
import { sanitizeSvg } from './svg-sanitizer.js';

/**
 * Attachments (spec 03 section 5): png, jpg, jpeg, gif, svg or pdf, by extension AND by content.
 * The binary formats are recognised by their signature; an svg must parse as XML with an `svg`
 * root and is stored sanitised (svg-sanitizer.ts).
 */
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
