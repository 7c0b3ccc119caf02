import { codeKey, languages, translationTextMax, type BulkRowMessage, type Language } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';
import { markDuplicates, rowError, rowWarning, type RowVerdict } from '../item-prices/bulk-rows.js';
import * as repository from './item-translations.repository.js';

/**
 * The one check of translation rows (docs/decisions/0178-item-prices-and-translations.md):
 * translations validate and update, and the item_translations importer's dry run and commit. A
 * row sets one language of one item as a whole; an empty name deletes it (a WARNING says so).
 */

/** One language of one item as it came in. `fields` names the fields messages point at (an import file's wide columns). */
export interface TranslationRowInput {
  ref: number;
  itemCode: string;
  language: string;
  name: string;
  secondName?: string | null | undefined;
  fields?: { language: string | null; name: string; secondName: string };
}

export interface PreparedTranslation {
  itemId: number;
  itemCode: string;
  language: Language;
  /** null: delete the translation. */
  name: string | null;
  secondName: string | null;
}

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** Language codes and names in the four languages, folded (no accents, lower case). */
const languageNames: Readonly<Record<string, Language>> = {
  en: 'en',
  english: 'en',
  engels: 'en',
  englisch: 'en',
  angielski: 'en',
  nl: 'nl',
  dutch: 'nl',
  nederlands: 'nl',
  niederlandisch: 'nl',
  holenderski: 'nl',
  de: 'de',
  german: 'de',
  deutsch: 'de',
  duits: 'de',
  niemiecki: 'de',
  pl: 'pl',
  polish: 'pl',
  polski: 'pl',
  pools: 'pl',
  polnisch: 'pl',
};

/** A language from its code (any case, also nl-NL or de_DE) or its name in nl, en, de or pl; null otherwise. */
export function languageOf(text: string): Language | null {
  const key = folded(text);
  const named = languageNames[key];
  if (named) return named;
  const region = /^([a-z]{2})[-_][a-z]{2}$/.exec(key);
  return region && (languages as readonly string[]).includes(region[1]!) ? (region[1] as Language) : null;
}

const defaultFields = { language: 'language', name: 'name', secondName: 'secondName' };

/** Judges every row; `db` is the database for a dry run, the write's transaction for a write. */
export async function checkTranslationRows(
  db: DbOrTx,
  rows: readonly TranslationRowInput[],
): Promise<RowVerdict<PreparedTranslation>[]> {
  const itemKeys = [...new Set(rows.map((row) => codeKey(row.itemCode)).filter((key) => key !== ''))];
  const items = new Map((await repository.itemsByCodeLower(db, itemKeys)).map((item) => [item.code_lower, item]));
  const duplicates: { ref: number; key: string | null; messages: BulkRowMessage[] }[] = [];

  const verdicts = rows.map((row): RowVerdict<PreparedTranslation> => {
    const fields = row.fields ?? defaultFields;
    const messages: BulkRowMessage[] = [];
    const itemCode = row.itemCode.trim();
    const item = items.get(codeKey(itemCode));
    if (itemCode === '') messages.push(rowError('itemCode', 'importValueRequired'));
    else if (!item) messages.push(rowError('itemCode', 'unknownItemForCode', { code: itemCode }));

    const language = languageOf(row.language);
    if (row.language.trim() === '') messages.push(rowError(fields.language, 'importValueRequired'));
    else if (language === null)
      messages.push(rowError(fields.language, 'unknownLanguage', { language: row.language.trim() }));

    const name = row.name.trim();
    const secondName = (row.secondName ?? '').trim();
    if (name.length > translationTextMax)
      messages.push(rowError(fields.name, 'valueTooLong', { max: translationTextMax }));
    if (secondName.length > translationTextMax)
      messages.push(rowError(fields.secondName, 'valueTooLong', { max: translationTextMax }));
    if (name === '' && secondName !== '')
      messages.push(rowError(fields.name, 'translationNameRequired', { language: language ?? row.language.trim() }));
    else if (name === '' && item && language)
      messages.push(rowWarning(fields.name, 'translationDeleted', { itemCode: item.code, language }));

    duplicates.push({ ref: row.ref, key: item && language ? `${item.id}|${language}` : null, messages });
    const verdict: RowVerdict<PreparedTranslation> = { ref: row.ref, messages };
    if (item && language)
      verdict.prepared = {
        itemId: item.id,
        itemCode: item.code,
        language,
        name: name === '' ? null : name,
        secondName: secondName === '' ? null : secondName,
      };
    return verdict;
  });
  markDuplicates(duplicates, null);
  return verdicts.map((verdict) =>
    verdict.messages.some((message) => message.severity === 'ERROR')
      ? { ref: verdict.ref, messages: verdict.messages }
      : verdict,
  );
}
