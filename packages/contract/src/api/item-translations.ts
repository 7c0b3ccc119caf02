import { z } from 'zod';
import { languages } from '../enums.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';
import { bulkRowResultSchema, bulkValidationAnswerSchema } from './item-prices.js';
import { itemCodeParamSchema } from './items.js';

/**
 * Item translations (docs/decisions/0178-item-prices-and-translations.md): an item's name and
 * second name per language (nl, en, de, pl). The item's own name stays what the ERP gave; the
 * item view shows the translation in the caller's language (GET /api/v1/item/{code} answers
 * translatedName and translatedSecondName). Codes, search and autocomplete are untouched.
 *
 * - GET  /api/v1/item/{code}/translations: the four languages, each with its name and second name
 *   or null when the item has no translation in it (information). 404 unknownItemForCode {code}.
 * - POST /api/v1/item/translations/validate {rows}: the dry run, nothing written (itemTranslationUpload).
 * - POST /api/v1/item/translations/update {rows}: the same checks, then every row written in one
 *   transaction; any ERROR row writes nothing: 422 rowsHaveErrors {errors, rows} (itemTranslationUpload).
 *
 * A row sets one language of one item as a whole: name and secondName (absent or empty: none).
 * An empty name deletes that language's translation (a WARNING translationDeleted says so). The
 * language is nl, en, de or pl in any case, or its name in one of the four languages (Nederlands,
 * Dutch, Deutsch, German, Polski, English, ...). At most 20,000 rows per call.
 *
 * Row refusals: unknownItemForCode {code}, unknownLanguage {language}, translationNameRequired
 * {language} (a second name without a name), valueTooLong {max}, duplicateInFile {rows} (the same
 * item and language in another row: their indexes).
 */
export const translationRowsMax = 20_000;
export const translationTextMax = 200;

export const itemTranslationRowSchema = z.object({
  itemCode: z.string().trim().min(1).max(100),
  language: z.string().trim().min(1).max(40),
  /** Empty: delete this language's translation. */
  name: z.string().max(1000),
  secondName: z.string().max(1000).nullish(),
});
export type ItemTranslationRow = z.input<typeof itemTranslationRowSchema>;

export const itemTranslationRowsRequestSchema = z.object({
  rows: z.array(itemTranslationRowSchema).min(1).max(translationRowsMax),
});
export type ItemTranslationRowsRequest = z.input<typeof itemTranslationRowsRequestSchema>;

export const itemTranslationUpdateAnswerSchema = z.object({
  /** Translations inserted or replaced. */
  written: z.number().int(),
  deleted: z.number().int(),
  /** Rows that passed with a WARNING. */
  warnings: z.array(bulkRowResultSchema),
});
export type ItemTranslationUpdateAnswer = z.infer<typeof itemTranslationUpdateAnswerSchema>;

export const itemTranslationSchema = z.object({
  language: z.enum(languages),
  name: z.string().nullable(),
  secondName: z.string().nullable(),
});
export type ItemTranslation = z.infer<typeof itemTranslationSchema>;
export const itemTranslationsAnswerSchema = z.object({
  itemCode: z.string(),
  /** The item's own name and second name. */
  name: z.string(),
  secondName: z.string().nullable(),
  /** One entry per language, in the order of `languages` (en, nl, de, pl). */
  translations: z.array(itemTranslationSchema),
});
export type ItemTranslationsAnswer = z.infer<typeof itemTranslationsAnswerSchema>;

const upload = rolesAccess('itemTranslationUpload');

export const itemTranslationEndpoints = defineEndpoints('itemTranslations', {
  get: {
    method: 'GET',
    path: '/api/v1/item/:code/translations',
    access: rolesAccess('information'),
    params: itemCodeParamSchema,
    answer: itemTranslationsAnswerSchema,
  },
  validate: {
    method: 'POST',
    path: '/api/v1/item/translations/validate',
    access: upload,
    body: itemTranslationRowsRequestSchema,
    answer: bulkValidationAnswerSchema,
  },
  update: {
    method: 'POST',
    path: '/api/v1/item/translations/update',
    access: upload,
    body: itemTranslationRowsRequestSchema,
    answer: itemTranslationUpdateAnswerSchema,
  },
});
