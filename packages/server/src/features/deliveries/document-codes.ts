import type { DbOrTx } from '../../db/database.js';
import type { NewDocumentHead } from '../documents/document-create.service.js';
import { insertNumberedHead } from '../documents/document-numbers.js';

/**
 * Codes of the documents this feature makes, the way pick lists (PL-) and production orders
 * (PRD-) are numbered: a prefix and six digits or more, the next after the highest; a code taken
 * meanwhile (a concurrent insert) tries the next. DELIVERY: DL-, RECOUNT_REQUEST: RC-, COUNTING_LIST: CL-
 * (decision 0192).
 */
export const documentCodePrefixes = { DELIVERY: 'DL-', RECOUNT_REQUEST: 'RC-', COUNTING_LIST: 'CL-' } as const;
type CodedType = keyof typeof documentCodePrefixes;

/** Inserts the document head under the next free code of its type; answers its id and code. */
export function insertNumberedDocument(
  tx: DbOrTx,
  head: Omit<NewDocumentHead, 'code' | 'type'> & { type: CodedType },
): Promise<{ id: number; code: string }> {
  return insertNumberedHead(tx, documentCodePrefixes[head.type], head);
}
