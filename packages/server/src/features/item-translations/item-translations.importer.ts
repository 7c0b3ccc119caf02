import { languages, type BulkRowMessage, type ImportColumn, type Language } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import type { CheckedRow, ImportCreated, Importer, SourceRow } from '../importers/importer.js';
import { importMessagesOf, rowError } from '../item-prices/bulk-rows.js';
import { publishTranslatedItems, writeTranslations } from './item-translations.service.js';
import { checkTranslationRows, type PreparedTranslation, type TranslationRowInput } from './translation-rows.js';

/**
 * /order/item_translation_importer (kind item_translations, role itemTranslationUpload), through
 * the check and write of translations/update. Two layouts, also mixed:
 * - long: itemCode, language, name, secondName: one language per row (an empty name deletes it);
 * - wide: itemCode with nameEn, nameNl, nameDe, namePl, secondNameEn, ... (headers such as
 *   name_de or "Name (Deutsch)" map to them): every language of an item on one row. A language
 *   whose two cells are empty is left as it is; a wide file never deletes.
 */
const suffix = (language: Language) => `${language[0]!.toUpperCase()}${language[1]!}`;

/** The language's name in en, nl, de, pl (for the wide columns' headers). */
const languageNames: Readonly<Record<Language, readonly [string, string, string, string]>> = {
  en: ['English', 'Engels', 'Englisch', 'angielski'],
  nl: ['Dutch', 'Nederlands', 'Niederländisch', 'niderlandzki'],
  de: ['German', 'Duits', 'Deutsch', 'niemiecki'],
  pl: ['Polish', 'Pools', 'Polnisch', 'polski'],
};

const wideColumns = (language: Language): ImportColumn[] => {
  const [en, nl, de, pl] = languageNames[language];
  return [
    {
      name: `name${suffix(language)}`,
      required: false,
      type: 'text',
      aliases: [`Name (${en})`, `Naam (${nl})`, `Bezeichnung (${de})`, `Nazwa (${pl})`, `name_${language}`],
    },
    {
      name: `secondName${suffix(language)}`,
      required: false,
      type: 'text',
      aliases: [
        `Second name (${en})`,
        `Tweede naam (${nl})`,
        `Zweiter Name (${de})`,
        `Druga nazwa (${pl})`,
        `secondName_${language}`,
        `second_name_${language}`,
      ],
    },
  ];
};

export const itemTranslationColumns: readonly ImportColumn[] = [
  {
    name: 'itemCode',
    required: true,
    type: 'text',
    aliases: ['Item code', 'Artikelcode', 'Artikelnummer', 'Kod artykułu', 'Item', 'Artikel', 'Indeks'],
  },
  { name: 'language', required: false, type: 'text', aliases: ['Language', 'Taal', 'Sprache', 'Język'] },
  { name: 'name', required: false, type: 'text', aliases: ['Name', 'Naam', 'Bezeichnung', 'Nazwa'] },
  {
    name: 'secondName',
    required: false,
    type: 'text',
    aliases: ['Second name', 'Tweede naam', 'Zweiter Name', 'Druga nazwa'],
  },
  ...languages.flatMap(wideColumns),
];

const cell = (row: SourceRow, column: string): string => row.values[column] ?? '';

/** The translations one file row carries: its long-form language, then each wide language with a cell. */
function inputsOfRow(row: SourceRow): TranslationRowInput[] {
  const inputs: TranslationRowInput[] = [];
  const itemCode = cell(row, 'itemCode');
  const [language, name, secondName] = [cell(row, 'language'), cell(row, 'name'), cell(row, 'secondName')];
  if ([language, name, secondName].some((text) => text.trim() !== ''))
    inputs.push({ ref: row.rowNumber, itemCode, language, name, secondName });
  for (const wide of languages) {
    const fields = { language: null, name: `name${suffix(wide)}`, secondName: `secondName${suffix(wide)}` };
    const [wideName, wideSecond] = [cell(row, fields.name), cell(row, fields.secondName)];
    if (wideName.trim() !== '' || wideSecond.trim() !== '')
      inputs.push({ ref: row.rowNumber, itemCode, language: wide, name: wideName, secondName: wideSecond, fields });
  }
  return inputs;
}

export const itemTranslationImporter: Importer<PreparedTranslation[]> = {
  kind: 'item_translations',
  columns: itemTranslationColumns,
  async check(db: DbOrTx, rows: readonly SourceRow[]): Promise<CheckedRow<PreparedTranslation[]>[]> {
    const inputs = rows.map(inputsOfRow);
    const verdicts = await checkTranslationRows(db, inputs.flat());
    let next = 0;
    return rows.map((row, at) => {
      const own = verdicts.slice(next, next + inputs[at]!.length);
      next += own.length;
      const messages: BulkRowMessage[] = [];
      for (const message of own.flatMap((verdict) => verdict.messages))
        if (!messages.some((known) => JSON.stringify(known) === JSON.stringify(message))) messages.push(message);
      if (own.length === 0) messages.push(rowError(null, 'translationRowEmpty'));
      const failed = messages.some((message) => message.severity === 'ERROR');
      return {
        rowNumber: row.rowNumber,
        messages: importMessagesOf(messages),
        group: null,
        ...(failed ? {} : { prepared: own.map((verdict) => verdict.prepared!) }),
      };
    });
  },
  async commit(tx: Tx, rows: readonly CheckedRow<PreparedTranslation[]>[]): Promise<ImportCreated[]> {
    const written = await writeTranslations(
      tx,
      rows.flatMap((row) => row.prepared ?? []),
    );
    return written.itemCodes.map((code) => ({ type: 'ITEM_TRANSLATION', code }));
  },
  afterCommit(ctx: AppContext, created: readonly ImportCreated[]): Promise<void> {
    publishTranslatedItems(ctx, [...new Set(created.map((entry) => entry.code))]);
    return Promise.resolve();
  },
};
