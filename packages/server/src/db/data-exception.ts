/**
 * PostgreSQL's data exceptions for a value that does not fit its column or type: a number beyond
 * an integer column (22003), a text longer than its column (22001), a malformed number or date
 * (22P02, 22007, 22008). They come from what a client sent past a schema without an upper bound
 * (SQLite stores such values); the statement's transaction is rolled back.
 */
const dataExceptionCodes: ReadonlySet<string> = new Set(['22001', '22003', '22007', '22008', '22P02']);

/** True for a PostgreSQL error that a value did not fit (decision 0199). */
export function isDataException(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('severity' in error) || !('code' in error)) return false;
  return typeof error.code === 'string' && dataExceptionCodes.has(error.code);
}
