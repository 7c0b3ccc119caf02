import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable.js';
import type { DataTableColumn } from './data-table-columns.js';

interface Row {
  code: string;
  qty: number;
}
const rows: Row[] = [
  { code: 'B-2', qty: 5 },
  { code: 'A-1', qty: 12 },
  { code: 'C-3', qty: 1 },
];
const columns: DataTableColumn<Row>[] = [
  { id: 'code', header: 'common:code', headerText: 'Artikel (from the file)', accessor: (row) => row.code },
  { id: 'qty', header: 'common:add', accessor: (row) => row.qty, numeric: true },
];

describe('DataTable toolbar and untranslated headers', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    return () => vi.restoreAllMocks();
  });

  it('shows a headerText as it is and a header key translated', () => {
    render(<DataTable tableId="t-header-text" columns={columns} data={rows} layout="table" />);
    expect(document.querySelector('th[data-column-id="code"]')?.textContent).toBe('Artikel (from the file)');
    expect(document.querySelector('th[data-column-id="qty"]')?.textContent).toBe('Add');
  });

  it('gives the toolbar the rows as shown: filtered and sorted', async () => {
    const user = userEvent.setup();
    const seen: Row[][] = [];
    render(
      <DataTable
        tableId="t-toolbar"
        columns={columns}
        data={rows}
        layout="table"
        toolbar={(shownRows) => (
          <button type="button" onClick={() => seen.push(shownRows())}>
            export
          </button>
        )}
      />,
    );
    await user.click(within(document.querySelector('th[data-column-id="code"]') as HTMLElement).getByRole('button'));
    await user.click(screen.getByText('export'));
    expect(seen[0]?.map((row) => row.code)).toEqual(['A-1', 'B-2', 'C-3']);
    await user.type(screen.getByTestId('data-table-filter'), '-2');
    await user.click(screen.getByText('export'));
    expect(seen[1]).toEqual([{ code: 'B-2', qty: 5 }]);
  });
});
