import {
  importerRoles,
  languages,
  masterDataImportKinds,
  type ImportCommitMode,
  type ImportKind,
  type ImportMapping,
  type ImportSession,
  type ImportSessionStatus,
  type Language,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { conflict, forbidden, notFound } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { findUserRowOrThrow } from '../users/users.service.js';
import { importerFor } from './import-registry.js';
import type { Importer, ImportRunContext } from './importer.js';
import { findSession, type ImportSessionRecord } from './import-sessions.repository.js';

/**
 * Who may use an importer (Decision 0176): the kind's role (importerRoles; the endpoint lets any
 * importer role in, so each kind is checked here: 403), an importer built for the kind (404
 * notFound), and for master-data kinds the ERP type NONE (409 importerDisabledWithErp {erpType};
 * describe answers enabled: false instead).
 */
export async function importerOf(
  ctx: AppContext,
  principal: Principal,
  kind: ImportKind,
  options: { describing?: boolean } = {},
): Promise<{ importer: Importer; enabled: boolean }> {
  if (!principal.expandedRoles.has(importerRoles[kind])) throw forbidden();
  const importer = importerFor(kind);
  if (!importer) throw notFound('notFound', { kind });
  const { erpType } = await ctx.settings.settings();
  const enabled = !masterDataImportKinds.includes(kind) || erpType === 'NONE';
  if (!enabled && !options.describing) throw conflict('importerDisabledWithErp', { erpType });
  return { importer, enabled };
}

/** The caller's language (their preferredLanguage setting; English when unset). */
export async function languageOf(ctx: AppContext, principal: Principal): Promise<Language> {
  const row = await findUserRowOrThrow(ctx.db, principal.userId);
  try {
    const preferred = (JSON.parse(row.settings) as { preferredLanguage?: unknown }).preferredLanguage;
    return languages.find((language) => language === preferred) ?? 'en';
  } catch {
    return 'en';
  }
}

export async function runContextOf(
  ctx: AppContext,
  principal: Principal,
  sessionId: string,
): Promise<ImportRunContext> {
  return { ctx, principal, language: await languageOf(ctx, principal), sessionId };
}

/** The caller's session of the kind; another user's, another kind's or one still being read is 404 unknownImportSession. */
export async function ownSession(
  ctx: AppContext,
  principal: Principal,
  kind: ImportKind,
  id: string,
): Promise<ImportSessionRecord> {
  const record = await findSession(ctx.db, id);
  if (!record || record.user_id !== principal.userId || record.kind !== kind || record.status === 'READING') {
    throw notFound('unknownImportSession', { id });
  }
  return record;
}

/** The status on the wire: COMMITTING is VALIDATED (a commit is running), a session past its time is EXPIRED. */
export function wireStatus(record: ImportSessionRecord, now = nowIso()): ImportSessionStatus {
  if (record.status !== 'EXPIRED' && record.expires_at <= now) return 'EXPIRED';
  if (record.status === 'COMMITTING') return 'VALIDATED';
  return record.status as ImportSessionStatus;
}

const json = <T>(text: string | null, fallback: T): T => (text === null ? fallback : (JSON.parse(text) as T));

export function mappingOf(record: ImportSessionRecord): ImportMapping {
  return json<ImportMapping>(record.mapping, {});
}

export function headersOf(record: ImportSessionRecord): string[] {
  return json<string[]>(record.headers, []);
}

export function sessionView(record: ImportSessionRecord): ImportSession {
  return {
    id: record.id,
    kind: record.kind as ImportKind,
    status: wireStatus(record),
    fileName: record.file_name,
    sheet: record.sheet,
    sheets: json<string[]>(record.sheets, []),
    headers: headersOf(record),
    mapping: mappingOf(record),
    rowCount: record.row_count,
    counts: json(record.counts, null),
    commitMode: record.commit_mode as ImportCommitMode | null,
    result: json(record.result, null),
    failure: json(record.failure, null),
    createdAt: record.created_at,
    expiresAt: record.expires_at,
  };
}
