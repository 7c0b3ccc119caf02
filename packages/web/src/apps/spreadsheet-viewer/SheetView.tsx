import type { SpreadsheetRow, SpreadsheetSheet } from '@wms/contract';
import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.js';
import type { DataTableColumn } from '../../components/data-table/data-table-columns.js';
import { sheetTable, toCsv, utf8Bom } from './sheet-table.js';

/** Saves a text as a file through the browser's download. */
function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * One sheet in the data table (sort, filter, resize, the header row frozen), its first row as
 * the column names or not, and the rows as shown exported to CSV (`;`, UTF-8 with a byte order
 * mark, the file's columns without the row numbers).
 */
export function SheetView({ sheet }: { sheet: SpreadsheetSheet }) {
  const { t } = useTranslation('spreadsheetViewer');
  const [headerRow, setHeaderRow] = useState(true);
  const table = useMemo(() => sheetTable(sheet, headerRow), [sheet, headerRow]);
  const columns = useMemo(
    (): DataTableColumn<SpreadsheetRow>[] => [
      {
        id: 'row',
        header: 'spreadsheetViewer:rowNumber',
        accessor: (row) => row.number,
        numeric: true,
        filterable: false,
        width: 64,
      },
      ...table.headers.map((header, index): DataTableColumn<SpreadsheetRow> => ({
        id: `c${index}`,
        header: 'spreadsheetViewer:column',
        headerText: header,
        accessor: (row) => row.cells[index] ?? '',
      })),
    ],
    [table.headers],
  );
  const exportCsv = (rows: SpreadsheetRow[]) => {
    const cells = rows.map((row) => table.headers.map((_, index) => row.cells[index] ?? ''));
    download(utf8Bom + toCsv(table.headers, cells), `${sheet.name}.csv`);
  };
  return (
    <div className="d-flex flex-column gap-2">
      <Form.Check
        type="switch"
        id={`header-row-${sheet.name}`}
        label={t('headerRow')}
        checked={headerRow}
        onChange={(event) => setHeaderRow(event.target.checked)}
      />
      <DataTable
        tableId={`spreadsheet-${table.headers.length}`}
        columns={columns}
        data={table.rows}
        getRowId={(row) => String(row.number)}
        layout="table"
        testId="spreadsheet-table"
        toolbar={(shownRows) => (
          <Button
            size="sm"
            variant="outline-primary"
            className="ms-auto text-nowrap"
            onClick={() => exportCsv(shownRows())}
            data-testid="spreadsheet-export"
          >
            <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
            {t('exportCsv')}
          </Button>
        )}
      />
    </div>
  );
}
