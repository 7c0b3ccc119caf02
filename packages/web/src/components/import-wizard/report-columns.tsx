import type { ImportColumn, ImportRow, ImportRowStatus } from '@wms/contract';
import { useMemo } from 'react';
import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../data-table/data-table-columns.js';
import { columnLabelKey } from './column-label.js';
import { useMessageText } from './message-text.js';

/** Bootstrap variant of a row's status badge. */
export const rowStatusVariant: Record<ImportRowStatus, string> = {
  VALID: 'success',
  WARNING: 'warning',
  ERROR: 'danger',
};

/**
 * The report table's columns: row number, status, the messages ("Row 7 · Item code: No item found
 * for code ITEM-X.", next to the status so they are seen without scrolling), the group, and one per
 * mapped importer column (the cell text of the file).
 */
export function useReportColumns(mapped: readonly ImportColumn[]): DataTableColumn<ImportRow>[] {
  const { t } = useTranslation('importers');
  const messageText = useMessageText();
  return useMemo(() => {
    const messages = (row: ImportRow) => row.messages.map((message) => messageText(row.rowNumber, message));
    return [
      {
        id: 'rowNumber',
        header: 'importers:report.rowNumber',
        accessor: (row) => row.rowNumber,
        numeric: true,
        width: 70,
      },
      {
        id: 'status',
        header: 'importers:report.status',
        accessor: (row) => (row.status ? t(`rowStatus.${row.status}`) : ''),
        cell: (row, value) =>
          row.status ? (
            <Badge bg={rowStatusVariant[row.status]} data-testid="import-row-status">
              {String(value)}
            </Badge>
          ) : null,
        width: 100,
      },
      {
        id: 'messages',
        header: 'importers:report.messages',
        accessor: (row) => messages(row).join(' '),
        cell: (row) => (
          <ul className="list-unstyled mb-0 text-wrap" data-testid="import-row-messages">
            {row.messages.map((message, index) => (
              <li key={index} className={message.severity === 'ERROR' ? 'text-danger' : 'text-warning-emphasis'}>
                {messageText(row.rowNumber, message)}
              </li>
            ))}
          </ul>
        ),
        sortable: false,
        width: 420,
      },
      { id: 'group', header: 'importers:report.group', accessor: (row) => row.group ?? '', width: 160 },
      ...mapped.map((column): DataTableColumn<ImportRow> => ({
        id: `value.${column.name}`,
        header: columnLabelKey(column.name),
        accessor: (row) => row.values[column.name] ?? '',
        width: 140,
      })),
    ];
  }, [mapped, t, messageText]);
}
