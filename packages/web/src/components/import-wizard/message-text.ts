import type { ImportMessage } from '@wms/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useColumnLabel } from './column-label.js';

/** A message's arguments as texts: lists joined, a `column` argument as that column's label. */
export function translatedArgs(
  args: Record<string, unknown>,
  label: (name: string) => string,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args).map(([name, value]) => {
      if (Array.isArray(value)) return [name, value.join(', ')];
      if (name === 'column' && typeof value === 'string') return [name, label(value)];
      return [name, value];
    }),
  );
}

/**
 * One row message as the user reads it: "Row 7 · Item code: No item found for code ITEM-X." (the
 * key from the errors catalogue with its arguments, the column by its translated name).
 */
export function useMessageText(): (rowNumber: number, message: ImportMessage) => string {
  const { t } = useTranslation(['importers', 'errors']);
  const label = useColumnLabel();
  return useCallback(
    (rowNumber: number, message: ImportMessage) => {
      const text = t(`errors:${message.key}`, translatedArgs(message.args, label));
      return message.column === null
        ? t('importers:report.rowMessage', { row: rowNumber, text })
        : t('importers:report.message', { row: rowNumber, column: label(message.column), text });
    },
    [t, label],
  );
}
