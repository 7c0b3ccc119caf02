import i18next from 'i18next';
import { languages } from '@wms/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** "itemCode" -> "Item code": the label of an importer column that has no translation yet. */
export function splitCamelCase(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/);
  const text = words.map((word) => (/^[A-Z\d]+$/.test(word) && word.length > 1 ? word : word.toLowerCase())).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const columnKey = (name: string) => `importers:column.${name}`;

/**
 * Columns are named by the importers on the server; their labels are importers:column.<name>. A
 * column without a translation (an importer newer than the texts) gets its name split from
 * camelCase, in every language, under a namespace of its own, so DataTable (which translates its
 * headers) shows it too.
 */
const fallbackNamespace = 'importColumnFallbacks';

/** The translation key of a column's label, for DataTable headers. */
export function columnLabelKey(name: string): string {
  if (i18next.exists(columnKey(name))) return columnKey(name);
  const text = splitCamelCase(name);
  for (const language of languages) {
    if (i18next.getResource(language, fallbackNamespace, name) !== text)
      i18next.addResource(language, fallbackNamespace, name, text, { silent: true });
  }
  return `${fallbackNamespace}:${name}`;
}

/** The translated label of an importer column (its camelCase name split when there is no text). */
export function useColumnLabel(): (name: string) => string {
  const { t, i18n } = useTranslation('importers');
  return useCallback(
    (name: string) => (i18n.exists(columnKey(name)) ? t(columnKey(name)) : splitCamelCase(name)),
    [t, i18n],
  );
}
