import { isErrorKey, type ImportMessage } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { AppError, conflict, notFound, unprocessable } from '../../http/app-error.js';
import { letOthersRun } from '../importers/importer.js';
import { chunked } from '../../util/chunks.js';

/**
 * What every master-data check shares (docs/decisions/0179-standalone-master-data.md). One check
 * per entity judges a batch of drafts (the API's one, or the rows of an import file) and answers
 * messages in the import framework's shape: `column` is the field (the API body's and the import
 * column's name are the same spec name). The API turns the first ERROR into its refusal; the
 * importer reports them all per row.
 */

export type Message = ImportMessage;

export const error = (column: string | null, key: string, args: Record<string, unknown> = {}): Message => ({
  severity: 'ERROR',
  column,
  key,
  args,
});

export const warning = (column: string | null, key: string, args: Record<string, unknown> = {}): Message => ({
  severity: 'WARNING',
  column,
  key,
  args,
});

export const hasError = (messages: readonly Message[]): boolean => messages.some((m) => m.severity === 'ERROR');

/** A checked draft: its messages, and what to write when none is an ERROR. */
export interface Checked<P> {
  messages: Message[];
  prepared?: P;
}

/**
 * The API's refusal for a checked draft: the first ERROR as an AppError. Unknown referenced
 * records are 404, a taken code 409, any other rule 422.
 */
export function refusalOf(messages: readonly Message[]): AppError | null {
  const first = messages.find((m) => m.severity === 'ERROR');
  if (!first) return null;
  const key = isErrorKey(first.key) ? first.key : 'invalidInput';
  const args = { ...first.args, ...(first.column ? { field: first.column } : {}) };
  if (key === 'codeAlreadyExists') return conflict(key, args);
  if (key.startsWith('unknown')) return notFound(key, args);
  return unprocessable(key, args);
}

/** The prepared write of a checked draft, or its refusal thrown. */
export function preparedOrThrow<P>(checked: Checked<P> | undefined): P {
  const refusal = refusalOf(checked?.messages ?? []);
  if (refusal) throw refusal;
  if (!checked?.prepared) throw new Error('a checked draft without errors has nothing prepared');
  return checked.prepared;
}

/**
 * Master data is the ERP's when an ERP is connected: every write is 409 masterDataOwnedByErp
 * {erpType} unless the ERP type is NONE.
 */
export async function ensureMasterDataWritable(ctx: AppContext): Promise<void> {
  const { erpType } = await ctx.settings.settings();
  if (erpType !== 'NONE') throw conflict('masterDataOwnedByErp', { erpType });
}

/**
 * The parts of `chunked`, letting the event loop turn between them (importers/importer.ts
 * letOthersRun): on SQLite each statement runs synchronously, and an import reads and writes
 * thousands of rows while other requests wait for their turn.
 */
export async function* eachChunk<T>(items: readonly T[], size = 500): AsyncGenerator<T[]> {
  let first = true;
  for (const part of chunked(items, size)) {
    if (!first) await letOthersRun();
    first = false;
    yield part;
  }
}

/**
 * The indexes of drafts whose key an earlier draft of the batch has too: each such draft gets
 * duplicateInFile {value, rows} (`rowOf` gives the row number shown: the first row with it).
 */
export function duplicatesInBatch(
  keys: readonly (string | null)[],
  rowOf: (index: number) => number,
): Map<number, { firstRow: number }> {
  const first = new Map<string, number>();
  const duplicates = new Map<number, { firstRow: number }>();
  keys.forEach((key, index) => {
    if (key === null) return;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, index);
    else duplicates.set(index, { firstRow: rowOf(earlier) });
  });
  return duplicates;
}

/** Lets the event loop turn after every `every` calls (a loop of single-row writes). */
export function pacer(every = 200): () => Promise<void> {
  let calls = 0;
  return async () => {
    calls += 1;
    if (calls % every === 0) await letOthersRun();
  };
}
