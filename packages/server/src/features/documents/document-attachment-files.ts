import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AttachmentExtension } from '@wms/contract';

/**
 * Where document attachments lie: DATA_DIR/userdata/documents/{type in lower case}/{document id}/
 * {stored name}. A stored name is made here (32 hex digits and the extension), never taken from
 * the client, so no uploaded name reaches the file system; one read back from the database is
 * used only when it still has that form.
 */
const storedNamePattern = /^[0-9a-f]{32}\.(png|jpg|jpeg|gif|svg|pdf)$/;

export function documentAttachmentsRoot(dataDir: string): string {
  return path.resolve(dataDir, 'userdata', 'documents');
}

function documentFolder(dataDir: string, type: string, documentId: number): string {
  return path.join(documentAttachmentsRoot(dataDir), type.toLowerCase(), String(documentId));
}

export function newStoredName(extension: AttachmentExtension): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

/** The file of a stored attachment; null when the stored name is not one this module made. */
export function attachmentFile(dataDir: string, type: string, documentId: number, storedName: string): string | null {
  if (!storedNamePattern.test(storedName) || !/^[A-Z_]+$/.test(type)) return null;
  return path.join(documentFolder(dataDir, type, documentId), storedName);
}

/** Links the uploaded temporary file into place (same file system; never over an existing file). */
export async function placeAttachment(
  dataDir: string,
  type: string,
  documentId: number,
  storedName: string,
  upload: string,
): Promise<string> {
  const file = attachmentFile(dataDir, type, documentId, storedName);
  if (file === null) throw new Error(`not a stored attachment name: ${storedName}`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.link(upload, file);
  return file;
}

/** Removes a stored file; one already gone is fine. */
export async function removeAttachmentFile(file: string | null): Promise<void> {
  if (file !== null) await fs.rm(file, { force: true });
}
