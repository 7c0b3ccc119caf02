import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fileManagementEndpoints, pathOf, spreadsheetEndpoints, type FileEntry, type Spreadsheet } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { SpreadsheetViewerApp } from './SpreadsheetViewerApp.js';

vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));

const workbook: Spreadsheet = {
  fileName: 'stock.xlsx',
  format: 'XLSX',
  truncated: false,
  sheets: [
    {
      name: 'Stock',
      columns: 3,
      truncated: false,
      rows: [
        { number: 1, cells: ['Item', 'Name', 'Qty'] },
        { number: 2, cells: ['B-200', 'Bolt; zinc', '5'] },
        { number: 3, cells: ['A-100', 'Anchor "heavy"', '12'] },
        { number: 5, cells: ['C-300', 'Cable', '1'] },
      ],
    },
    {
      name: 'Prices',
      columns: 2,
      truncated: false,
      rows: [
        { number: 1, cells: ['Item', 'Price'] },
        { number: 2, cells: ['A-100', '0.3'] },
      ],
    },
  ],
};

/** The texts of a column's cells, top to bottom. */
const cells = (column: string) =>
  [...document.querySelectorAll(`td[data-column-id="${column}"]`)].map((cell) => cell.textContent);
const headers = () => [...document.querySelectorAll('th[data-column-id]')].map((cell) => cell.textContent);

describe('the spreadsheet viewer', () => {
  let fetchMock: Mock<typeof fetch>;
  let downloads: Blob[];
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify(workbook), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    downloads = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      downloads.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function renderApp() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SpreadsheetViewerApp />
      </QueryClientProvider>,
    );
  }

  async function openWorkbook() {
    const user = userEvent.setup();
    renderApp();
    await user.upload(screen.getByTestId('spreadsheet-upload'), new File(['PK'], 'stock.xlsx'));
    await screen.findByTestId('spreadsheet-table');
    return user;
  }

  it('uploads the file and shows every sheet in its tab, the first row as the column names', async () => {
    const user = await openWorkbook();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(pathOf(spreadsheetEndpoints.read));
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(screen.getByTestId('spreadsheet-file').textContent).toBe('stock.xlsx');
    expect(screen.getAllByTestId('spreadsheet-tab').map((tab) => tab.textContent)).toEqual(['Stock', 'Prices']);

    expect(headers()).toEqual(['Row', 'Item', 'Name', 'Qty']);
    expect(cells('c0')).toEqual(['B-200', 'A-100', 'C-300']);
    expect(cells('row')).toEqual(['2', '3', '5']);

    await user.click(screen.getByRole('tab', { name: 'Prices' }));
    expect(headers()).toEqual(['Row', 'Item', 'Price']);
    expect(cells('c1')).toEqual(['0.3']);

    await user.click(screen.getByLabelText('The first row holds the column names'));
    expect(headers()).toEqual(['Row', 'A', 'B']);
    expect(cells('c0')).toEqual(['Item', 'A-100']);
  });

  it('filters, sorts and exports exactly the rows shown as CSV for Excel', async () => {
    const user = await openWorkbook();
    await user.type(screen.getByTestId('data-table-filter'), 'a');
    expect(cells('c0')).toEqual(['A-100', 'C-300']);
    await user.clear(screen.getByTestId('data-table-filter'));
    await user.type(screen.getByTestId('data-table-filter'), 'AN');
    expect(cells('c0')).toEqual(['A-100']);
    await user.clear(screen.getByTestId('data-table-filter'));
    await user.type(screen.getByTestId('data-table-filter'), '00');
    const itemHeader = document.querySelector('th[data-column-id="c0"] button') as HTMLElement;
    await user.click(itemHeader);
    expect(cells('c0')).toEqual(['A-100', 'B-200', 'C-300']);
    await user.clear(screen.getByTestId('data-table-filter'));
    await user.type(screen.getByTestId('data-table-filter'), 'o');
    expect(cells('c0')).toEqual(['A-100', 'B-200']);

    await user.click(screen.getByTestId('spreadsheet-export'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const bytes = new Uint8Array(await downloads[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      'Item;Name;Qty\r\nA-100;"Anchor ""heavy""";12\r\nB-200;"Bolt; zinc";5\r\n',
    );
  });

  it('opens a spreadsheet of the file manager library: an album, then one of its XLSX or CSV files', async () => {
    const entry = (path: string, isDirectory: boolean): FileEntry => ({
      name: path.split('/').at(-1)!,
      path,
      isDirectory,
      isHidden: false,
      size: 10,
      modified: '2024-01-01T00:00:00.000Z',
      url: null,
      uploadedBy: null,
      contents: null,
    });
    const json = (body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    fetchMock.mockImplementation((input) => {
      const url = input as string;
      const [route, query = ''] = url.split('?');
      const path = new URLSearchParams(query).get('path');
      if (route === pathOf(fileManagementEndpoints.contents) && path === 'temp/albums')
        return json({ path, entries: [entry('temp/albums/reports', true)] });
      if (route === pathOf(fileManagementEndpoints.contents))
        return json({
          path,
          entries: [entry(`${path}/photo.png`, false), entry(`${path}/stock.xlsx`, false)],
        });
      if (route === pathOf(spreadsheetEndpoints.library)) return json({ ...workbook, fileName: path });
      return Promise.resolve(new Response('{}', { status: 404 }));
    });
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('button', { name: 'From the file manager' }));
    await user.click(await screen.findByText('reports'));
    await screen.findByText('stock.xlsx');
    // Only spreadsheets are offered.
    expect(screen.queryByText('photo.png')).toBeNull();
    await user.click(screen.getByText('stock.xlsx'));
    await screen.findByTestId('spreadsheet-table');
    expect(screen.getByTestId('spreadsheet-file').textContent).toBe('temp/albums/reports/stock.xlsx');
    expect(screen.queryByTestId('spreadsheet-library')).toBeNull();
  });
});
