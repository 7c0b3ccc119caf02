import type {
  BulkRowMessage,
  BulkRowResult,
  BulkValidationAnswer,
  ImportMessage,
  ImportRowStatus,
} from '@wms/contract';
import { unprocessable } from '../../http/app-error.js';

/**
 * Row checks shared by the bulk APIs (pricelists and translations validate and update) and their
 * importers: one function judges a row, the API answers its verdicts by index, the importer by
 * the file's row number. `ref` is that index or row number.
 */
export interface RowVerdict<P> {
  ref: number;
  messages: BulkRowMessage[];
  /** What the write needs, resolved; absent on an ERROR row. */
  prepared?: P;
}

export const rowError = (field: string | null, key: string, args: Record<string, unknown> = {}): BulkRowMessage => ({
  severity: 'ERROR',
  field,
  key,
  args,
});

export const rowWarning = (field: string | null, key: string, args: Record<string, unknown> = {}): BulkRowMessage => ({
  severity: 'WARNING',
  field,
  key,
  args,
});

export const hasError = (messages: readonly BulkRowMessage[]): boolean =>
  messages.some((message) => message.severity === 'ERROR');

export function statusOf(messages: readonly BulkRowMessage[]): ImportRowStatus {
  if (hasError(messages)) return 'ERROR';
  return messages.length > 0 ? 'WARNING' : 'VALID';
}

export const toResult = (verdict: RowVerdict<unknown>): BulkRowResult => ({
  index: verdict.ref,
  status: statusOf(verdict.messages),
  messages: verdict.messages,
});

/** The validate answer: every row's verdict and the counts. */
export function validationAnswer(verdicts: readonly RowVerdict<unknown>[]): BulkValidationAnswer {
  const rows = verdicts.map(toResult);
  const count = (status: ImportRowStatus) => rows.filter((row) => row.status === status).length;
  return { counts: { valid: count('VALID'), warning: count('WARNING'), error: count('ERROR') }, rows };
}

/** Failing rows named in a refusal, at most this many (the count is always complete). */
export const refusedRowsListed = 1000;

/** An update with any ERROR row writes nothing: 422 rowsHaveErrors {errors, rows}. */
export function refuseWhenAnyFails(verdicts: readonly RowVerdict<unknown>[]): void {
  const failed = verdicts.filter((verdict) => hasError(verdict.messages));
  if (failed.length === 0) return;
  throw unprocessable('rowsHaveErrors', {
    errors: failed.length,
    rows: failed.slice(0, refusedRowsListed).map(toResult),
  });
}

/** Rows that passed with a warning, for an update's answer. */
export const warningsOf = (verdicts: readonly RowVerdict<unknown>[]): BulkRowResult[] =>
  verdicts.filter((verdict) => verdict.messages.length > 0).map(toResult);

/** A verdict's messages as an importer's (the field is the importer's column of the same name). */
export const importMessagesOf = (messages: readonly BulkRowMessage[]): ImportMessage[] =>
  messages.map((message) => ({
    severity: message.severity,
    column: message.field,
    key: message.key,
    args: message.args,
  }));

/**
 * duplicateInFile {rows} on every row whose key another row has too (rows: the other rows' refs).
 * A null key (a row whose fields did not read) takes no part.
 */
export function markDuplicates(
  entries: readonly { ref: number; key: string | null; messages: BulkRowMessage[] }[],
  field: string | null,
): void {
  const byKey = new Map<string, number[]>();
  for (const entry of entries) {
    if (entry.key === null) continue;
    const refs = byKey.get(entry.key);
    if (refs) refs.push(entry.ref);
    else byKey.set(entry.key, [entry.ref]);
  }
  for (const entry of entries) {
    if (entry.key === null) continue;
    const refs = byKey.get(entry.key)!;
    if (refs.length < 2) continue;
    const others = refs.filter((ref, at) => ref !== entry.ref || refs.indexOf(ref) !== at);
    entry.messages.push(rowError(field, 'duplicateInFile', { rows: [...new Set(others)] }));
  }
}
