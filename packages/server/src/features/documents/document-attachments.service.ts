import fs from 'node:fs/promises';
import {
  documentAttachmentRoles,
  documentAttachmentUrl,
  type AttachmentExtension,
  type DocumentAttachment,
  type DocumentParams,
  type DocumentType,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import { hasAnyRole, type Principal } from '../../http/access.js';
import { forbidden, notFound, unprocessable } from '../../http/app-error.js';
import type { Upload } from '../../http/multipart-upload.js';
import { contentTypeOf } from '../../util/file-types.js';
import { nowIso } from '../../util/time.js';
import { invalidFileName, isValidNewName } from '../file-management/album-paths.js';
import { attachmentExtensionOf, checkUploadedAttachment } from '../file-management/attachment-content.js';
import { attachmentFile, newStoredName, placeAttachment, removeAttachmentFile } from './document-attachment-files.js';
import * as repository from './documents.repository.js';
import type { DocumentHead } from './documents.repository.js';

/**
 * Document attachments (contract api/documents.ts): any signed-in user reads them; adding and
 * removing needs a role of the document type's app (documentAttachmentRoles), and removing is
 * for the uploader or an admin. The content rules are the media library's (attachment-content.ts:
 * png, jpg, jpeg, gif, svg sanitised, pdf, by extension and content). At most
 * DOCUMENT_ATTACHMENTS_MAX per document. A refusal stores nothing.
 */
type AttachmentRow = NonNullable<Awaited<ReturnType<typeof repository.findAttachment>>>;

const isAdmin = (principal: Principal) => principal.expandedRoles.has('admin');

function toAttachment(type: DocumentType, code: string, row: AttachmentRow): DocumentAttachment {
  return {
    id: row.id,
    name: row.name,
    extension: row.extension as AttachmentExtension,
    size: row.size_bytes,
    uploadedBy: row.username,
    at: row.uploaded_at,
    url: documentAttachmentUrl({ type, code, id: row.id }),
  };
}

/** The document of the path; 404 unknownDocument {type, code}. */
async function documentOf(ctx: AppContext, params: DocumentParams): Promise<DocumentHead> {
  const document = await repository.findDocumentByCode(ctx.db, params.type, params.code);
  if (!document) throw notFound('unknownDocument', { type: params.type, code: params.code });
  return document;
}

/** The document whose attachments the caller changes: it exists (404) and the caller holds a role of its type (403). */
export async function writableDocument(
  ctx: AppContext,
  principal: Principal,
  params: DocumentParams,
): Promise<DocumentHead> {
  const document = await documentOf(ctx, params);
  if (!hasAnyRole(principal, documentAttachmentRoles[params.type])) throw forbidden();
  return document;
}

export async function listAttachments(ctx: AppContext, params: DocumentParams): Promise<DocumentAttachment[]> {
  const document = await documentOf(ctx, params);
  const rows = await repository.listAttachments(ctx.db, document.id);
  return rows.map((row) => toAttachment(params.type, document.code, row));
}

/**
 * Stores an upload as an attachment of the document (writableDocument first): its name checked
 * as the media library checks names (400 invalidFileName), its content by attachment-content.ts
 * (an svg sanitised in its temporary file). The row is written and the file linked into place in
 * one transaction, the document locked and its attachments counted first (422
 * documentAttachmentLimitReached {max}); a failed commit removes the file again.
 */
export async function addAttachment(
  ctx: AppContext,
  principal: Principal,
  params: DocumentParams,
  document: DocumentHead,
  upload: Upload,
): Promise<DocumentAttachment> {
  if (!isValidNewName(upload.fileName)) throw invalidFileName(upload.fileName);
  const size = await checkUploadedAttachment(upload.fileName, upload);
  const extension = attachmentExtensionOf(upload.fileName) as AttachmentExtension;
  const storedName = newStoredName(extension);
  const max = ctx.config.documentAttachmentsMax;
  let placed: string | null = null;
  try {
    const id = await ctx.db.transaction().execute(async (tx) => {
      await repository.lockDocument(tx, document.id);
      if ((await repository.countAttachments(tx, document.id)) >= max) {
        throw unprocessable('documentAttachmentLimitReached', { max });
      }
      const inserted = await repository.insertAttachment(tx, {
        documentId: document.id,
        name: upload.fileName,
        extension,
        storedName,
        size,
        uploadedBy: principal.userId,
        at: nowIso(),
      });
      placed = await placeAttachment(ctx.config.dataDir, document.type, document.id, storedName, upload.file);
      return inserted;
    });
    const row = await repository.findAttachment(ctx.db, document.id, id);
    if (!row) throw notFound('unknownDocumentAttachment', { id });
    return toAttachment(params.type, document.code, row);
  } catch (error) {
    await removeAttachmentFile(placed);
    throw error;
  }
}

async function attachmentOf(ctx: AppContext, document: DocumentHead, id: number): Promise<AttachmentRow> {
  const row = await repository.findAttachment(ctx.db, document.id, id);
  if (!row) throw notFound('unknownDocumentAttachment', { id });
  return row;
}

/** The file of an attachment to stream: 404 unknownDocumentAttachment when the row or its file is gone. */
export async function findAttachmentFile(
  ctx: AppContext,
  params: DocumentParams & { id: number },
): Promise<{ file: string; size: number; contentType: string; name: string }> {
  const document = await documentOf(ctx, params);
  const row = await attachmentOf(ctx, document, params.id);
  const file = attachmentFile(ctx.config.dataDir, document.type, document.id, row.stored_name);
  const extension = attachmentExtensionOf(row.stored_name);
  const stat = file === null ? null : await fs.lstat(file).catch(() => null);
  if (file === null || extension === null || !stat?.isFile()) {
    throw notFound('unknownDocumentAttachment', { id: params.id });
  }
  return { file, size: stat.size, contentType: contentTypeOf(extension), name: row.name };
}

/** Removes an attachment (writableDocument first): only its uploader or an admin (403). */
export async function removeAttachment(
  ctx: AppContext,
  principal: Principal,
  params: DocumentParams & { id: number },
): Promise<void> {
  const document = await writableDocument(ctx, principal, params);
  const row = await attachmentOf(ctx, document, params.id);
  if (row.uploaded_by !== principal.userId && !isAdmin(principal)) throw forbidden();
  await ctx.db.transaction().execute(async (tx) => {
    if (!(await repository.deleteAttachment(tx, row.id))) throw notFound('unknownDocumentAttachment', { id: row.id });
  });
  await removeAttachmentFile(attachmentFile(ctx.config.dataDir, document.type, document.id, row.stored_name));
}
