import { randomUUID } from 'node:crypto';
import {
  importLimits,
  type ImportKind,
  type ImportMapping,
  type ImportRow,
  type importRowsQuerySchema,
  type ImportSession,
  type ImporterDescription,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { conflict, unprocessable } from '../../http/app-error.js';
import type { Upload } from '../../http/multipart-upload.js';
import { isoIn, nowIso } from '../../util/time.js';
import {
  headersOf,
  importerOf,
  mappingOf,
  ownSession,
  runContextOf,
  sessionView,
  wireStatus,
} from './import-access.js';
import { countsOf, storeVerdicts } from './import-checks.js';
import { readImportFile } from './import-file-reader.js';
import { automaticMapping, checkedMapping, mappingByHeader, missingRequiredColumn } from './import-mapping.js';
import { judgeSessionRows } from './import-judging.js';
import { importProgress } from './import-progress.js';
import { expireOldestSessionsOf } from './import-pruning.js';
import * as repository from './import-sessions.repository.js';
import type { ImportSessionRecord } from './import-sessions.repository.js';
import { letOthersRun } from './importer.js';

/**
 * Import sessions (PROCESSES.md 7; Decision 0176): describe, upload, mapping, the dry run and
 * its rows. The commit is import-commit.ts, the report and template import-report.ts.
 */

const sessionsListed = 50;
const dayMs = 86_400_000;

export const maxRowsOf = (kind: ImportKind): number =>
  kind === 'opening_stock' ? importLimits.maxRowsOpeningStock : importLimits.maxRows;

async function rememberedMappingOf(ctx: AppContext, userId: number, kind: ImportKind) {
  const row = await repository.findRememberedMapping(ctx.db, userId, kind);
  return row ? (JSON.parse(row.mapping) as Record<string, string>) : null;
}

/** GET /{kind}: the columns, whether the importer is enabled, and the caller's remembered mapping. */
export async function describeImporter(
  ctx: AppContext,
  principal: Principal,
  kind: ImportKind,
): Promise<ImporterDescription> {
  const { importer, enabled } = await importerOf(ctx, principal, kind, { describing: true });
  return {
    kind,
    columns: [...importer.columns],
    enabled,
    maxRows: maxRowsOf(kind),
    rememberedMapping: await rememberedMappingOf(ctx, principal.userId, kind),
  };
}

export async function listImportSessions(
  ctx: AppContext,
  principal: Principal,
  kind: ImportKind,
): Promise<ImportSession[]> {
  await importerOf(ctx, principal, kind);
  return (await repository.listSessions(ctx.db, principal.userId, kind, sessionsListed)).map(sessionView);
}

export async function getImportSession(
  ctx: AppContext,
  principal: Principal,
  kind: ImportKind,
  id: string,
): Promise<ImportSession> {
  await importerOf(ctx, principal, kind);
  return sessionView(await ownSession(ctx, principal, kind, id));
}

/**
 * POST /{kind}/sessions: reads the uploaded file into a new session. Its rows are stored in
 * chunks while the file is read (the session is READING meanwhile, never listed); a refused file
 * leaves nothing behind. Mapped automatically: MAPPED, or UPLOADED while a required column has
 * no header.
 */
export async function createImportSession(
  ctx: AppContext,
  principal: Principal,
  kind: ImportKind,
  upload: Upload,
  sheet: string | undefined,
): Promise<ImportSession> {
  const { importer } = await importerOf(ctx, principal, kind);
  const id = randomUUID();
  const now = nowIso();
  await repository.insertSession(ctx.db, {
    id,
    kind,
    user_id: principal.userId,
    status: 'READING',
    file_name: upload.fileName.slice(0, 255),
    sheet: null,
    sheets: '[]',
    headers: '[]',
    mapping: '{}',
    created_at: now,
    expires_at: isoIn(importLimits.sessionDays * dayMs),
  });
  try {
    const file = await readImportFile(
      upload,
      { maxRows: maxRowsOf(kind), chunkSize: repository.rowChunkSize, sheet },
      async (chunk) => {
        await repository.insertRows(ctx.db, id, chunk);
        await letOthersRun();
      },
    );
    const remembered = await rememberedMappingOf(ctx, principal.userId, kind);
    const mapping = automaticMapping(importer.columns, file.headers, remembered);
    await repository.updateSession(ctx.db, id, 1, {
      status: missingRequiredColumn(importer.columns, mapping) === undefined ? 'MAPPED' : 'UPLOADED',
      sheet: file.sheet,
      sheets: JSON.stringify(file.sheets),
      headers: JSON.stringify(file.headers),
      mapping: JSON.stringify(mapping),
      row_count: file.rowCount,
    });
    importProgress(ctx, principal.userId, id, 'READ', file.rowCount).finish();
  } catch (error) {
    await repository.deleteSession(ctx.db, id);
    throw error;
  }
  await expireOldestSessionsOf(ctx, principal.userId);
  return sessionView(await ownSession(ctx, principal, kind, id));
}

/** Refuses work on a session that is expired, failed or committed (or being committed). */
export function refuseUnlessOpen(record: ImportSessionRecord): void {
  const status = wireStatus(record);
  if (status === 'EXPIRED') throw unprocessable('importSessionExpired');
  if (status === 'FAILED') throw unprocessable('importSessionFailed');
  if (status === 'COMMITTED' || record.status === 'COMMITTING') throw unprocessable('importSessionAlreadyCommitted');
}

/**
 * PUT /{kind}/sessions/{id}/mapping: the user's mapping, checked (import-mapping.ts), remembered
 * for the user and kind by header text. The session is MAPPED again: a dry run's verdicts are
 * dropped, so the commit needs a new one.
 */
export async function updateImportMapping(
  ctx: AppContext,
  principal: Principal,
  kind: ImportKind,
  id: string,
  requested: ImportMapping,
): Promise<ImportSession> {
  const { importer } = await importerOf(ctx, principal, kind);
  const record = await ownSession(ctx, principal, kind, id);
  refuseUnlessOpen(record);
  const headers = headersOf(record);
  const mapping = checkedMapping(importer.columns, headers, requested);
  const changed = await repository.updateSession(
    ctx.db,
    id,
    record.version,
    { status: 'MAPPED', mapping: JSON.stringify(mapping), counts: null },
    ['UPLOADED', 'MAPPED', 'VALIDATED'],
  );
  if (!changed) throw conflict('optimisticLockConflict');
  await repository.clearRowResults(ctx.db, id);
  await repository.rememberMapping(
    ctx.db,
    principal.userId,
    kind,
    JSON.stringify(mappingByHeader(mapping, headers)),
    nowIso(),
  );
  return sessionView(await ownSession(ctx, principal, kind, id));
}

/**
 * POST /{kind}/sessions/{id}/validate: the dry run. Every row goes through the importer's
 * `check` on the database (the code the commit runs again in its transaction); each row's
 * verdict is stored, with progress on the user's queue; VALIDATED with the counts. A chunked
 * importer's file is judged and stored a chunk at a time (import-judging.ts).
 */
export async function validateImportSession(
  ctx: AppContext,
  principal: Principal,
  kind: ImportKind,
  id: string,
): Promise<ImportSession> {
  const { importer } = await importerOf(ctx, principal, kind);
  const record = await ownSession(ctx, principal, kind, id);
  refuseUnlessOpen(record);
  const mapping = mappingOf(record);
  const missing = missingRequiredColumn(importer.columns, mapping);
  if (missing !== undefined) throw unprocessable('importMappingMissingColumn', { column: missing });
  const run = await runContextOf(ctx, principal, id);
  const progress = importProgress(ctx, principal.userId, id, 'VALIDATE', record.row_count);
  const counts = countsOf([]);
  let done = 0;
  await judgeSessionRows(ctx.db, importer, id, mapping, run, async ({ verdicts }) => {
    countsOf(verdicts, counts);
    await storeVerdicts(ctx.db, id, verdicts, { progress, done });
    done += verdicts.length;
  });
  const changed = await repository.updateSession(
    ctx.db,
    id,
    record.version,
    { status: 'VALIDATED', counts: JSON.stringify(counts) },
    ['MAPPED', 'VALIDATED'],
  );
  if (!changed) throw conflict('optimisticLockConflict');
  progress.finish();
  return sessionView(await ownSession(ctx, principal, kind, id));
}

/** GET /{kind}/sessions/{id}/rows: the stored rows and their verdicts, a page at a time. */
export async function importSessionRows(
  ctx: AppContext,
  principal: Principal,
  kind: ImportKind,
  id: string,
  query: z.output<typeof importRowsQuerySchema>,
): Promise<{ total: number; rows: ImportRow[] }> {
  await importerOf(ctx, principal, kind);
  const record = await ownSession(ctx, principal, kind, id);
  const mapping = mappingOf(record);
  const mapped = Object.entries(mapping).filter((entry): entry is [string, number] => entry[1] !== null);
  const [total, rows] = await Promise.all([
    repository.countRows(ctx.db, id, query.status),
    repository.pageRows(ctx.db, id, query.status, query.offset, query.limit),
  ]);
  return {
    total,
    rows: rows.map((row) => {
      const cells = JSON.parse(row.cells) as string[];
      return {
        rowNumber: row.row_number,
        status: row.status as ImportRow['status'],
        values: Object.fromEntries(mapped.map(([name, index]) => [name, cells[index] ?? ''])),
        group: row.group_key,
        messages: JSON.parse(row.messages) as ImportRow['messages'],
      };
    }),
  };
}
