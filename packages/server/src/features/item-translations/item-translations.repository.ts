import type { DbOrTx } from '../../db/database.js';
import { chunked } from '../../util/chunks.js';

/** Every SQL statement of item translations (features/item-translations). */

/** Items by code only (not barcodes), case-insensitive. */
export async function itemsByCodeLower(db: DbOrTx, keys: readonly string[]) {
  const found: { id: number; code: string; code_lower: string }[] = [];
  for (const chunk of chunked(keys))
    found.push(
      ...(await db.selectFrom('item').select(['id', 'code', 'code_lower']).where('code_lower', 'in', chunk).execute()),
    );
  return found;
}

export function translationsOfItem(db: DbOrTx, itemId: number) {
  return db
    .selectFrom('item_translation')
    .select(['language', 'name', 'second_name'])
    .where('item_id', '=', itemId)
    .execute();
}

export function translationOf(db: DbOrTx, itemId: number, language: string) {
  return db
    .selectFrom('item_translation')
    .select(['name', 'second_name'])
    .where('item_id', '=', itemId)
    .where('language', '=', language)
    .executeTakeFirst();
}

export interface NewTranslation {
  item_id: number;
  language: string;
  name: string;
  second_name: string | null;
}

/** Inserts or replaces each item's translation in its language. */
export async function upsertTranslations(tx: DbOrTx, rows: readonly NewTranslation[], at: string): Promise<void> {
  for (const chunk of chunked(rows)) {
    await tx
      .insertInto('item_translation')
      .values(chunk.map((row) => ({ ...row, updated_at: at })))
      .onConflict((oc) =>
        oc.columns(['item_id', 'language']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          second_name: eb.ref('excluded.second_name'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

/** Deletes each item's translation in the language (one statement per language and 500 items); answers how many there were. */
export async function deleteTranslations(
  tx: DbOrTx,
  keys: readonly { item_id: number; language: string }[],
): Promise<number> {
  const byLanguage = new Map<string, number[]>();
  for (const key of keys) {
    const itemIds = byLanguage.get(key.language);
    if (itemIds) itemIds.push(key.item_id);
    else byLanguage.set(key.language, [key.item_id]);
  }
  let deleted = 0;
  for (const [language, itemIds] of byLanguage) {
    for (const chunk of chunked(itemIds)) {
      const result = await tx
        .deleteFrom('item_translation')
        .where('language', '=', language)
        .where('item_id', 'in', chunk)
        .executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
  }
  return deleted;
}
