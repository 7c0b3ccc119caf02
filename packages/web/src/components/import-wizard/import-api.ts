import {
  importEndpoints as endpoints,
  queryKeyOf,
  urlOf,
  type ImportCommitMode,
  type ImportKind,
  type ImportMapping,
  type ImportRowStatus,
  type ImportSession,
} from '@wms/contract';
import { apiQuery, callApi } from '../../platform/api-client.js';

/** The wizard shows every failure itself (a danger alert with the key), so its calls are quiet. */
const quiet = { silent: true } as const;

/** Rows of the report per page. */
export const reportPageSize = 100;

/** The import framework's queries (contract api/importers.ts), keyed by the contract. */
export const importQueries = {
  describe: (kind: ImportKind) => apiQuery(endpoints.describe, { params: { kind } }, quiet),
  sessions: (kind: ImportKind) => apiQuery(endpoints.sessions, { params: { kind } }, quiet),
  session: (kind: ImportKind, id: string) => apiQuery(endpoints.get, { params: { kind, id } }, quiet),
  rows: (kind: ImportKind, id: string, status: ImportRowStatus | undefined, offset: number) =>
    apiQuery(
      endpoints.rows,
      { params: { kind, id }, query: { ...(status ? { status } : {}), offset, limit: reportPageSize } },
      quiet,
    ),
};

/** The key prefix of the caller's sessions of a kind. */
export const sessionsKey = (kind: ImportKind) => queryKeyOf(endpoints.sessions, { params: { kind } });
/** The key of one session. */
export const sessionKey = (kind: ImportKind, id: string) => queryKeyOf(endpoints.get, { params: { kind, id } });

/** The wizard's writes; each answers the session as it is now. */
export const importApi = {
  /** Uploads the file (multipart field `file`); `sheet` picks a sheet of a workbook. */
  upload: (kind: ImportKind, file: File, sheet?: string): Promise<ImportSession> => {
    const form = new FormData();
    form.append('file', file, file.name);
    return callApi(endpoints.create, { params: { kind }, query: sheet ? { sheet } : {}, body: form }, quiet);
  },
  saveMapping: (kind: ImportKind, id: string, mapping: ImportMapping) =>
    callApi(endpoints.mapping, { params: { kind, id }, body: { mapping } }, quiet),
  validate: (kind: ImportKind, id: string) => callApi(endpoints.validate, { params: { kind, id } }, quiet),
  commit: (kind: ImportKind, id: string, mode: ImportCommitMode) =>
    callApi(endpoints.commit, { params: { kind, id }, body: { mode } }, quiet),
  templateUrl: (kind: ImportKind) => urlOf(endpoints.template, { params: { kind } }),
  reportUrl: (kind: ImportKind, id: string) => urlOf(endpoints.report, { params: { kind, id } }),
};
