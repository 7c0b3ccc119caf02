import { codeKey } from '@wms/contract';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { insertDocumentHead, type NewDocumentHead } from './documents.repository.js';

/**
 * Numbered document codes (a prefix and six digits or more: PL-000123, DL-000042): where to
 * start looking for the next free one. Reading the highest code scans every document of the type
 * (a longer number is a higher one, so no index orders them), which grows with the warehouse's
 * history; so each process remembers the last number it issued per type and prefix, and only
 * checks with one indexed lookup that this code is still there (another database, or a rolled
 * back transaction, makes it read the highest again). The callers insert under the number and try
 * the next when the code is taken (a concurrent insert, another instance), so this is a hint that
 * is never wrong for long.
 */
const lastIssued = new Map<string, number>();
const cacheKey = (type: string, prefix: string) => `${type}|${prefix}`;

export const numberedCode = (prefix: string, number: number): string => `${prefix}${String(number).padStart(6, '0')}`;

/** The highest number of the type's prefix codes (0: none yet); a longer number is a higher one. */
async function highestNumber(db: DbOrTx, type: string, prefix: string): Promise<number> {
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

/** The first number worth trying for the next code of the type (see the module comment). */
export async function nextCodeNumber(db: DbOrTx, type: string, prefix: string): Promise<number> {
  const cached = lastIssued.get(cacheKey(type, prefix));
  if (cached !== undefined) {
    const still = await db
      .selectFrom('document')
      .select('id')
      .where('type', '=', type)
      .where('code_lower', '=', codeKey(numberedCode(prefix, cached)))
      .executeTakeFirst();
    if (still) return cached + 1;
  }
  return (await highestNumber(db, type, prefix)) + 1;
}

/** Remembers a number issued (inserted under the caller's transaction). */
export function noteCodeNumber(type: string, prefix: string, number: number): void {
  const key = cacheKey(type, prefix);
  if (number > (lastIssued.get(key) ?? 0)) lastIssued.set(key, number);
}

/**
 * Inserts the head under the next free code of the prefix (the next number after the highest; a
 * code taken meanwhile, by a concurrent insert or another instance, tries the next); answers its
 * id and code.
 */
export async function insertNumberedHead(
  tx: DbOrTx,
  prefix: string,
  head: Omit<NewDocumentHead, 'code'>,
): Promise<{ id: number; code: string }> {
  let number = await nextCodeNumber(tx, head.type, prefix);
  for (let attempt = 0; attempt < 1000; attempt += 1, number += 1) {
    const code = numberedCode(prefix, number);
    const id = await insertDocumentHead(tx, { ...head, code });
    if (id !== undefined) {
      noteCodeNumber(head.type, prefix, number);
      return { id, code };
    }
  }
  throw new Error(`no free ${head.type} code`);
}
