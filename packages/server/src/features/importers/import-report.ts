import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { languageFiles, type ImportKind, type ImportMessage, type Language, type TranslationTree } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { shippedTranslations } from '../translations/translations.service.js';
import { headersOf, importerOf, languageOf, mappingOf, ownSession, wireStatus } from './import-access.js';
import * as repository from './import-sessions.repository.js';

/**
 * The downloads of an importer (PROCESSES.md 7): the template (the header row in the caller's
 * language) and a session's report: the file's own header and rows plus a status and a messages
 * column, in the caller's language (the shipped translations: errors for message keys,
 * importReport for the report's words), written by exceljs's streaming writer a chunk of rows at
 * a time, so a report of 100,000 rows is never held whole.
 */

export const xlsxMediaType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The column of the importer's aliases in the caller's language (importer.ts: en, nl, de, pl). */
const aliasIndex: Readonly<Record<Language, number>> = { en: 0, nl: 1, de: 2, pl: 3 };
const reportChunk = 2000;

function textAt(tree: TranslationTree | string | undefined, path: string): string | undefined {
  let node: TranslationTree | string | undefined = tree;
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The text of a message in the language: its key's text with {arg} (or {{arg}}) filled in, after the column's header. */
export function messageText(
  texts: TranslationTree,
  message: ImportMessage,
  headerOf: (column: string) => string,
): string {
  const template = textAt(texts.errors, message.key) ?? message.key;
  const text = template.replace(/\{\{?(\w+)\}?\}/g, (whole, name: string) =>
    name in message.args ? String(message.args[name]) : whole,
  );
  return message.column === null ? text : `${headerOf(message.column)}: ${text}`;
}

/** GET /{kind}/template.xlsx: an empty workbook with the importer's header row. */
export async function importTemplate(ctx: AppContext, principal: Principal, kind: ImportKind): Promise<Buffer> {
  const { importer } = await importerOf(ctx, principal, kind, { describing: true });
  const index = aliasIndex[await languageOf(ctx, principal)];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import');
  const header = sheet.addRow(
    importer.columns.map((column) => column.aliases[index] ?? column.aliases[0] ?? column.name),
  );
  header.font = { bold: true };
  sheet.columns.forEach((column) => (column.width = 20));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * GET /{kind}/sessions/{id}/report.xlsx: checks access and the session first (refusals are
 * answers, not broken downloads), then answers a stream the workbook is written into.
 */
export async function importReport(
  ctx: AppContext,
  principal: Principal,
  kind: ImportKind,
  id: string,
): Promise<{ fileName: string; stream: Readable }> {
  await importerOf(ctx, principal, kind);
  const record = await ownSession(ctx, principal, kind, id);
  if (wireStatus(record) === 'EXPIRED') throw unprocessable('importSessionExpired');
  const language = await languageOf(ctx, principal);
  const texts = shippedTranslations(ctx, languageFiles[language]);
  const headers = headersOf(record);
  const mapping = mappingOf(record);
  const headerOf = (column: string) => {
    const index = mapping[column];
    return (index === null || index === undefined ? undefined : headers[index]) || column;
  };
  const word = (path: string, fallback: string) => textAt(texts.importReport, path) ?? fallback;
  const stream = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
    const sheet = workbook.addWorksheet('Report', { views: [{ state: 'frozen', ySplit: 1 }] });
    const header = sheet.addRow([...headers, word('status', 'Status'), word('messages', 'Messages')]);
    header.font = { bold: true };
    header.commit();
    let after = 0;
    for (;;) {
      const rows = await repository.reportRowsAfter(ctx.db, id, after, reportChunk);
      for (const row of rows) {
        const cells = JSON.parse(row.cells) as string[];
        const padded = headers.map((_, index) => cells[index] ?? '');
        const messages = (JSON.parse(row.messages) as ImportMessage[]).map((m) => messageText(texts, m, headerOf));
        const status = row.status === null ? word('notChecked', '') : word(`statuses.${row.status}`, row.status);
        sheet.addRow([...padded, status, messages.join('\n')]).commit();
      }
      if (rows.length < reportChunk) break;
      after = rows[rows.length - 1]!.row_number;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  const base = record.file_name.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'import';
  return { fileName: `${base}-report.xlsx`, stream };
}
