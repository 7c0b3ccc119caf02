import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Component, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { columnWidthsStorageKey } from './column-widths.js';
import { DataTable } from './DataTable.js';
import type { DataTableColumn } from './data-table-columns.js';
import { columnWidthSaveDelayMs } from './useColumnWidths.js';

interface Item {
  code: string;
  name: string;
  qty: number;
  batches?: Item[];
}

const items: Item[] = [
  { code: 'B-200', name: 'Bolt', qty: 5 },
  { code: 'A-100', name: 'anchor plate', qty: 12 },
  { code: 'C-300', name: 'Cable', qty: 1, batches: [{ code: 'LOT-9', name: 'Cable lot nine', qty: 1 }] },
];

const columns: DataTableColumn<Item>[] = [
  { id: 'code', header: 'common:code', accessor: (row) => row.code },
  { id: 'name', header: 'common:name', accessor: (row) => row.name },
  { id: 'qty', header: 'common:quantity', accessor: (row) => row.qty, numeric: true, filterable: false },
];

/** The first cells of the rendered rows, top to bottom. */
const codes = () =>
  [...document.querySelectorAll('tr[data-row-id]')].map(
    (row) => row.querySelector('td[data-column-id="code"]')?.textContent,
  );

describe('DataTable', () => {
  // jsdom has no layout: give the scrolling body a viewport so the virtualizer renders rows.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
    return () => vi.restoreAllMocks();
  });

  it('sorts by a column, ascending then descending', async () => {
    const user = userEvent.setup();
    render(<DataTable tableId="t-sort" columns={columns} data={items} />);
    expect(codes()).toEqual(['B-200', 'A-100', 'C-300']);
    const header = document.querySelector('th[data-column-id="code"]')!;
    await user.click(within(header as HTMLElement).getByRole('button'));
    expect(codes()).toEqual(['A-100', 'B-200', 'C-300']);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(header as HTMLElement).getByRole('button'));
    expect(codes()).toEqual(['C-300', 'B-200', 'A-100']);
    expect(header.getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts numbers as numbers', async () => {
    const user = userEvent.setup();
    render(<DataTable tableId="t-num" columns={columns} data={items} />);
    await user.click(within(document.querySelector('th[data-column-id="qty"]') as HTMLElement).getByRole('button'));
    // TanStack sorts numbers descending first
    expect(codes()).toEqual(['A-100', 'B-200', 'C-300']);
  });

  it('filters with a case-insensitive contains match over the filterable columns only', async () => {
    const user = userEvent.setup();
    render(<DataTable tableId="t-filter" columns={columns} data={items} />);
    await user.type(screen.getByTestId('data-table-filter'), 'ANCHOR');
    expect(codes()).toEqual(['A-100']);
    expect(screen.getByTestId('data-table-count').textContent).toBe('1 of 3 rows');
    await user.clear(screen.getByTestId('data-table-filter'));
    await user.type(screen.getByTestId('data-table-filter'), '0');
    expect(codes()).toEqual(['B-200', 'A-100', 'C-300']);
    // 12 is only in the quantity column, which is not filterable
    await user.clear(screen.getByTestId('data-table-filter'));
    await user.type(screen.getByTestId('data-table-filter'), '12');
    expect(codes()).toEqual([]);
    // One cell across every column says so.
    expect(screen.getByRole<HTMLTableCellElement>('cell', { name: 'No results' }).colSpan).toBe(columns.length);
  });

  it('throws a clear error on duplicate column ids', () => {
    class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
      override state = { error: null as Error | null };
      static getDerivedStateFromError(error: Error) {
        return { error };
      }
      override render() {
        return this.state.error ? <p data-testid="error">{this.state.error.message}</p> : this.props.children;
      }
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const twice = [...columns, { id: 'name', header: 'common:name', accessor: (row: Item) => row.name }];
    render(
      <Boundary>
        <DataTable tableId="t-dup" columns={twice} data={items} />
      </Boundary>,
    );
    spy.mockRestore();
    expect(screen.getByTestId('error').textContent).toBe(
      'DataTable "t-dup": duplicate column id "name"; every column needs its own id.',
    );
  });

  it('resizes a column (at least 20 px), saves the width per table id and restores it', async () => {
    vi.useFakeTimers();
    try {
      const { unmount } = render(<DataTable tableId="t-width" columns={columns} data={items} />);
      const handle = screen.getByTestId('resize-name');
      expect(handle.getAttribute('aria-valuenow')).toBe('150');
      fireEvent.mouseDown(handle, { clientX: 300 });
      fireEvent.mouseMove(document, { clientX: 340 });
      fireEvent.mouseUp(document, { clientX: 340 });
      expect(handle.getAttribute('aria-valuenow')).toBe('190');
      expect(localStorage.getItem(columnWidthsStorageKey('t-width'))).toBeNull();
      await act(async () => {
        vi.advanceTimersByTime(columnWidthSaveDelayMs);
      });
      expect(JSON.parse(localStorage.getItem(columnWidthsStorageKey('t-width'))!)).toEqual({ name: 190 });

      fireEvent.mouseDown(handle, { clientX: 300 });
      fireEvent.mouseMove(document, { clientX: 0 });
      fireEvent.mouseUp(document, { clientX: 0 });
      expect(handle.getAttribute('aria-valuenow')).toBe('20');
      fireEvent.keyDown(handle, { key: 'ArrowRight' });
      expect(handle.getAttribute('aria-valuenow')).toBe('30');
      await act(async () => {
        vi.advanceTimersByTime(columnWidthSaveDelayMs);
      });
      unmount();

      render(<DataTable tableId="t-width" columns={columns} data={items} />);
      expect(screen.getByTestId('resize-name').getAttribute('aria-valuenow')).toBe('30');
      expect(screen.getByTestId('resize-code').getAttribute('aria-valuenow')).toBe('150');
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores unusable saved widths and widths of another table', () => {
    localStorage.setItem(columnWidthsStorageKey('t-saved'), JSON.stringify({ code: 5, name: 'x', gone: 99 }));
    localStorage.setItem(columnWidthsStorageKey('t-other'), JSON.stringify({ qty: 99 }));
    render(<DataTable tableId="t-saved" columns={columns} data={items} />);
    expect(screen.getByTestId('resize-code').getAttribute('aria-valuenow')).toBe('20');
    expect(screen.getByTestId('resize-name').getAttribute('aria-valuenow')).toBe('150');
    expect(screen.getByTestId('resize-qty').getAttribute('aria-valuenow')).toBe('150');
  });

  it('expands and collapses sub rows; the filter finds a parent through its sub rows', async () => {
    const user = userEvent.setup();
    render(<DataTable tableId="t-sub" columns={columns} data={items} getSubRows={(row) => row.batches} />);
    const toggles = screen.getAllByRole('button', { name: 'Expand row' });
    expect(toggles).toHaveLength(1);
    await user.click(toggles[0]!);
    expect(codes()).toEqual(['B-200', 'A-100', 'C-300', 'LOT-9']);
    expect(screen.getByRole('button', { name: 'Collapse row' }).getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Collapse row' }));
    expect(codes()).toEqual(['B-200', 'A-100', 'C-300']);
    await user.type(screen.getByTestId('data-table-filter'), 'lot nine');
    expect(codes()).toEqual(['C-300']);
  });

  it('expands a row into renderExpanded content', async () => {
    const user = userEvent.setup();
    render(
      <DataTable
        tableId="t-exp"
        columns={columns}
        data={items}
        renderExpanded={(row) => <span>details of {row.code}</span>}
      />,
    );
    expect(screen.queryByText('details of A-100')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Expand row' })[1]!);
    expect([...document.querySelectorAll('tr[data-expanded-for]')].map((row) => row.textContent)).toEqual([
      'details of A-100',
    ]);
  });

  it('renders a long list virtually (only the rows in view plus the overscan)', () => {
    const many = Array.from({ length: 5000 }, (_, index) => ({
      code: `I-${index}`,
      name: `Item ${index}`,
      qty: index,
    }));
    render(<DataTable tableId="t-long" columns={columns} data={many} />);
    const rendered = document.querySelectorAll('tr[data-row-id]').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThanOrEqual(100);
    expect(screen.getByTestId('data-table-count').textContent).toBe('5000 of 5000 rows');
  });
});

describe('DataTable below sm (a phone): cards of label: value pairs (issue 14)', () => {
  /** A phone: only the narrow-screen media query matches. */
  function phoneScreen() {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 575.98px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  }
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
    phoneScreen();
    return () => {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    };
  });

  const cardCodes = () =>
    [...document.querySelectorAll('article[data-row-id]')].map(
      (card) => card.querySelector('dd[data-column-id="code"]')?.textContent,
    );

  it('shows every column of a row as a label with its value, and no table', () => {
    render(<DataTable tableId="c-all" columns={columns} data={items} />);
    expect(document.querySelector('table')).toBeNull();
    const card = document.querySelector('article[data-row-id="1"]') as HTMLElement;
    const pairs = [...card.querySelectorAll('dt')].map((label) => [
      label.textContent,
      label.nextElementSibling?.textContent,
    ]);
    // The labels are the column headers' texts, as a table would show them.
    expect(pairs).toEqual([
      [i18next.t('common:code'), 'A-100'],
      [i18next.t('common:name'), 'anchor plate'],
      [i18next.t('common:quantity'), '12'],
    ]);
  });

  it('sorts with the sort select and its direction button', async () => {
    const user = userEvent.setup();
    render(<DataTable tableId="c-sort" columns={columns} data={items} />);
    expect(cardCodes()).toEqual(['B-200', 'A-100', 'C-300']);
    await user.selectOptions(screen.getByTestId('data-table-sort-column'), 'code');
    expect(cardCodes()).toEqual(['A-100', 'B-200', 'C-300']);
    await user.click(screen.getByTestId('data-table-sort-direction'));
    expect(cardCodes()).toEqual(['C-300', 'B-200', 'A-100']);
  });

  it('filters the cards', async () => {
    const user = userEvent.setup();
    render(<DataTable tableId="c-filter" columns={columns} data={items} />);
    await user.type(screen.getByTestId('data-table-filter'), 'ANCHOR');
    expect(cardCodes()).toEqual(['A-100']);
  });

  it('expands a card into its sub rows and into renderExpanded content', async () => {
    const user = userEvent.setup();
    render(<DataTable tableId="c-sub" columns={columns} data={items} getSubRows={(row) => row.batches} />);
    expect(document.querySelector('article[data-depth="1"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Expand row' }));
    expect(document.querySelector('article[data-depth="1"] dd[data-column-id="code"]')?.textContent).toBe('LOT-9');
  });

  it('keeps a table when asked to', () => {
    render(<DataTable tableId="c-table" columns={columns} data={items} layout="table" />);
    expect(document.querySelector('table')).not.toBeNull();
  });
});
