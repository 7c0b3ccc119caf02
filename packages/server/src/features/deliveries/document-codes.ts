import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { createDocumentHead, type NewDocumentHead } from '../documents/document-create.service.js';

/**
 * Codes of the documents this feature makes, the way pick lists (PL-) and production orders
 * (PRD-) are numbered: a prefix and six digits or more, the next after the highest; a code taken
 * meanwhile (a concurrent insert) tries the next. DELIVERY: DL-, RECOUNT_REQUEST: RC-.
 */
export const documentCodePrefixes = { DELIVERY: 'DL-', RECOUNT_REQUEST: 'RC-' } as const;
type CodedType = keyof typeof documentCodePrefixes;

async function highestNumber(db: DbOrTx, type: CodedType): Promise<number> {
  const prefix = documentCodePrefixes[type];
  const row = await db
    .selectFrom('document')
    .select('code')
    .where('type', '=', type)
    .where('code_lower', 'like', `${prefix.toLowerCase()}%`)
    .orderBy(sql`length(code)`, 'desc')
    .orderBy('code', 'desc')
    .limit(1)
    .executeTakeFirst();
  const number = Number(row?.code.slice(prefix.length));
  return Number.isSafeInteger(number) ? number : 0;
}

/** Inserts the document head under the next free code of its type; answers its id and code. */
export async function insertNumberedDocument(
  tx: DbOrTx,
  head: Omit<NewDocumentHead, 'code' | 'type'> & { type: CodedType },
): Promise<{ id: number; code: string }> {
  let number = (await highestNumber(tx, head.type)) + 1;
  for (let attempt = 0; attempt < 1000; attempt += 1, number += 1) {
    const code = `${documentCodePrefixes[head.type]}${String(number).padStart(6, '0')}`;
    const id = await createDocumentHead(tx, { ...head, code });
    if (id !== undefined) return { id, code };
  }
  throw new Error(`no free ${head.type} code`);
}
