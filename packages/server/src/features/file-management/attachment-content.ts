import path from 'node:path';
import { attachmentExtensions, type AttachmentExtension } from '@wms/contract';
import { unprocessable } from '../../http/app-error.js';
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

const startsWith = (bytes: Buffer, signature: number[]) =>
  bytes.length >= signature.length && bytes.subarray(0, signature.length).equals(Buffer.from(signature));

/** Whether the bytes start with the signature of the binary format (never for svg). */
function hasSignature(bytes: Buffer, extension: Exclude<AttachmentExtension, 'svg'>): boolean {
  switch (extension) {
    case 'png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'jpg':
    case 'jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'gif': {
      const header = bytes.subarray(0, 6).toString('latin1');
      return header === 'GIF87a' || header === 'GIF89a';
    }
    case 'pdf':
      return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  }
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
    if (!hasSignature(bytes, extension)) throw contentMismatch(extension);
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

export function contentTypeOf(extension: AttachmentExtension): string {
  switch (extension) {
    case 'png':
      return 'image/png';
    case 'jpg':
    case 'jpeg':
      return 'image/jpeg';
    case 'gif':
      return 'image/gif';
    case 'svg':
      return 'image/svg+xml';
    case 'pdf':
      return 'application/pdf';
  }
}
