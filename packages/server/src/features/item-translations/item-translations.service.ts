import {
  languages,
  type BulkValidationAnswer,
  type ItemDetail,
  type ItemTranslationRow,
  type ItemTranslationsAnswer,
  type ItemTranslationUpdateAnswer,
  type Language,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { nowIso } from '../../util/time.js';
import { refuseWhenAnyFails, validationAnswer, warningsOf } from '../item-prices/bulk-rows.js';
import { publishItemsChanged } from '../items/item-live.js';
import { findItemRowOrThrow, toItem } from '../items/items.service.js';
import { getUser } from '../users/users.service.js';
import * as repository from './item-translations.repository.js';
import { checkTranslationRows, type PreparedTranslation, type TranslationRowInput } from './translation-rows.js';

/** Item names per language (docs/decisions/0178-item-prices-and-translations.md). */

export async function getTranslations(ctx: AppContext, code: string): Promise<ItemTranslationsAnswer> {
  const item = await findItemRowOrThrow(ctx, code);
  const stored = new Map((await repository.translationsOfItem(ctx.db, item.id)).map((row) => [row.language, row]));
  return {
    itemCode: item.code,
    name: item.name,
    secondName: item.second_name,
    translations: languages.map((language) => ({
      language,
      name: stored.get(language)?.name ?? null,
      secondName: stored.get(language)?.second_name ?? null,
    })),
  };
}

/** The caller's language: their preferredLanguage (user settings). */
export async function languageOfCaller(ctx: AppContext, caller: Principal): Promise<Language> {
  return (await getUser(ctx, caller, caller.userId)).settings.preferredLanguage;
}

/** The item's name and second name in the caller's language (null where it has none), for the item view. */
export async function translationForCaller(ctx: AppContext, caller: Principal, itemId: number) {
  const language = await languageOfCaller(ctx, caller);
  const row = await repository.translationOf(ctx.db, itemId, language);
  return { language, name: row?.name ?? null, secondName: row?.second_name ?? null };
}

/**
 * GET /api/v1/item/{code}: the item with its name and second name in the caller's language, so
 * the item view's header reads in it. One more query than the plain item (the caller's settings
 * and the translation); find, find_by and autocomplete stay as they are.
 */
export async function itemDetail(ctx: AppContext, caller: Principal, code: string): Promise<ItemDetail> {
  const row = await findItemRowOrThrow(ctx, code);
  const translation = await translationForCaller(ctx, caller, row.id);
  return {
    ...toItem(row),
    translationLanguage: translation.language,
    translatedName: translation.name,
    translatedSecondName: translation.secondName,
  };
}

const inputsOf = (rows: readonly ItemTranslationRow[]): TranslationRowInput[] =>
  rows.map((row, index) => ({ ref: index, ...row }));

/** The dry run: every row judged, nothing written. */
export async function validateTranslations(
  ctx: AppContext,
  rows: readonly ItemTranslationRow[],
): Promise<BulkValidationAnswer> {
  return validationAnswer(await checkTranslationRows(ctx.db, inputsOf(rows)));
}

export interface WrittenTranslations {
  written: number;
  deleted: number;
  itemCodes: string[];
}

/** Writes passing rows inside `tx`: a name sets the language's translation, no name deletes it. */
export async function writeTranslations(
  tx: DbOrTx,
  prepared: readonly PreparedTranslation[],
): Promise<WrittenTranslations> {
  const sets = prepared.filter((row) => row.name !== null);
  await repository.upsertTranslations(
    tx,
    sets.map((row) => ({ item_id: row.itemId, language: row.language, name: row.name!, second_name: row.secondName })),
    nowIso(),
  );
  const deleted = await repository.deleteTranslations(
    tx,
    prepared.filter((row) => row.name === null).map((row) => ({ item_id: row.itemId, language: row.language })),
  );
  return { written: sets.length, deleted, itemCodes: [...new Set(prepared.map((row) => row.itemCode))] };
}

/** ITEM_CHANGED for the items whose names changed (open item views refetch), 500 codes a message. */
export function publishTranslatedItems(ctx: AppContext, itemCodes: readonly string[]): void {
  for (let start = 0; start < itemCodes.length; start += 500)
    publishItemsChanged(ctx, itemCodes.slice(start, start + 500));
}

/** The same checks as validate, in the write's transaction; any ERROR row writes nothing (422 rowsHaveErrors). */
export async function updateTranslations(
  ctx: AppContext,
  rows: readonly ItemTranslationRow[],
): Promise<ItemTranslationUpdateAnswer> {
  const { written, warnings } = await ctx.db.transaction().execute(async (tx) => {
    const verdicts = await checkTranslationRows(tx, inputsOf(rows));
    refuseWhenAnyFails(verdicts);
    return {
      written: await writeTranslations(
        tx,
        verdicts.map((verdict) => verdict.prepared!),
      ),
      warnings: warningsOf(verdicts),
    };
  });
  publishTranslatedItems(ctx, written.itemCodes);
  return { written: written.written, deleted: written.deleted, warnings };
}
