import type { ImportMapping } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { judge, sourceChunks, type RowVerdict } from './import-checks.js';
import type { Importer, ImportRunContext, SourceRow } from './importer.js';

/** One chunk of a session's rows, judged: its source rows, their verdicts, and the whole file's facts. */
export interface JudgedChunk {
  source: SourceRow[];
  verdicts: RowVerdict[];
  /** A chunked importer's facts of the whole file (pass them to its check again); undefined otherwise. */
  facts: unknown;
}

/**
 * Judges a session's rows and hands them to `onChunk` in file order: the whole file as one chunk,
 * or, for a chunked importer (importer.ts ChunkedCheck), a chunk at a time after a first pass
 * that collects the facts of the whole file. Only one chunk's rows and verdicts are alive at once,
 * unless `onChunk` keeps them.
 */
export async function judgeSessionRows(
  db: DbOrTx,
  importer: Importer,
  sessionId: string,
  mapping: ImportMapping,
  run: ImportRunContext,
  onChunk: (chunk: JudgedChunk) => Promise<void>,
  options: { uncommittedOnly?: boolean } = {},
): Promise<void> {
  const chunkRows = importer.chunked?.rows ?? Infinity;
  const chunks = () => sourceChunks(db, sessionId, importer.columns, mapping, chunkRows, options);
  let facts: unknown;
  if (importer.chunked) {
    for await (const rows of chunks()) facts = await importer.chunked.scan(db, rows, run, facts);
  }
  for await (const source of chunks()) {
    await onChunk({ source, verdicts: judge(source, await importer.check(db, source, run, facts)), facts });
  }
}
