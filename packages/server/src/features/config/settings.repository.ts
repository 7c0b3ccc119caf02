import type { DbOrTx } from '../../db/database.js';

export function findSettingsRow(db: DbOrTx) {
  return db.selectFrom('system_setting').selectAll().where('id', '=', 1).executeTakeFirst();
}

export async function insertSettingsRow(db: DbOrTx, settings: string, at: string): Promise<void> {
  await db
    .insertInto('system_setting')
    .values({ id: 1, settings, version: 1, updated_at: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Writes the settings when the stored version is still `version`; returns the rows updated. */
export function updateSettingsRow(db: DbOrTx, settings: string, version: number, at: string) {
  return db
    .updateTable('system_setting')
    .set({ settings, version: version + 1, updated_at: at })
    .where('id', '=', 1)
    .where('version', '=', version)
    .executeTakeFirst();
}
