import type { ImportCommitMode, ImportKind, ImportRow, ImportSession } from '@wms/contract';
import { expect } from 'vitest';
import type { HttpClient } from '../../../test/http-client.js';
import type { AppContext } from '../../context.js';
import type { ImportRunContext } from '../importers/importer.js';
import type { TestApp } from '../../../test/test-app.js';
import { importBase, upload, workbookOf } from '../importers/importers.test-helper.js';

/** Runs a master-data import through the framework's routes (upload an XLSX, validate, read the rows). */
export async function validatedImport(
  t: TestApp,
  client: HttpClient,
  kind: ImportKind,
  rows: unknown[][],
): Promise<{ session: ImportSession; rows: ImportRow[] }> {
  const uploaded = await upload<ImportSession>(t, client, await workbookOf(rows, 'Import'), {
    kind,
    name: `${kind}.xlsx`,
  });
  expect(uploaded.status, uploaded.text).toBe(201);
  expect(uploaded.json.status, JSON.stringify(uploaded.json)).toBe('MAPPED');
  const base = `${importBase(kind)}/sessions/${uploaded.json.id}`;
  const validated = await client.post(`${base}/validate`);
  expect(validated.status, validated.text).toBe(200);
  const answer = await client.get(`${base}/rows?limit=500`);
  return { session: validated.json as ImportSession, rows: (answer.json as { rows: ImportRow[] }).rows };
}

export async function commitImport(client: HttpClient, kind: ImportKind, sessionId: string, mode: ImportCommitMode) {
  return client.post(`${importBase(kind)}/sessions/${sessionId}/commit`, { mode });
}

/** The ERROR and WARNING messages per row number (rows without messages left out). */
export function messagesByRow(rows: readonly ImportRow[]) {
  return Object.fromEntries(
    rows
      .filter((row) => row.messages.length > 0)
      .map((row) => [
        row.rowNumber,
        row.messages.map((m) => ({ severity: m.severity, column: m.column, key: m.key, args: m.args })),
      ]),
  );
}

/** An importer's run context for a master-data manager, in English (importers called directly, not through the routes). */
export function masterDataRun(
  ctx: AppContext,
  user: { id: number; username: string },
  sessionId?: string,
): ImportRunContext {
  return {
    ctx,
    principal: {
      userId: user.id,
      username: user.username,
      expandedRoles: new Set(['masterDataManager'] as const),
      sessionId: null,
      apiKeyId: null,
    },
    language: 'en',
    ...(sessionId === undefined ? {} : { sessionId }),
  };
}
