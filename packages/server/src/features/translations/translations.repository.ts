import type { DbOrTx } from '../../db/database.js';

export function listPatches(db: DbOrTx, language: string) {
  return db
    .selectFrom('translation_patch')
    .select(['path', 'value'])
    .where('language', '=', language)
    .orderBy('path')
    .execute();
}

export async function upsertPatch(
  db: DbOrTx,
  patch: { language: string; path: string; value: string; updatedAt: string; updatedBy: number | null },
): Promise<void> {
  await db
    .insertInto('translation_patch')
    .values({
      language: patch.language,
      path: patch.path,
      value: patch.value,
      updated_at: patch.updatedAt,
      updated_by: patch.updatedBy,
    })
    .onConflict((oc) =>
      oc
        .columns(['language', 'path'])
        .doUpdateSet({ value: patch.value, updated_at: patch.updatedAt, updated_by: patch.updatedBy }),
    )
    .execute();
}

export async function deletePatch(db: DbOrTx, language: string, path: string): Promise<void> {
  await db.deleteFrom('translation_patch').where('language', '=', language).where('path', '=', path).execute();
}
