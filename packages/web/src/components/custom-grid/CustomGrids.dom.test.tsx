import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { customGridEndpoints, urlOf } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeAllObjectDialogs, objectDialogStack } from '../object-link/object-dialog-store.js';
import { CustomGrids } from './CustomGrids.js';

vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
let answers: Record<string, unknown> = {};
const batchGrids = urlOf(customGridEndpoints.list, { params: { objectType: 'batches' } });
const batchGrid = urlOf(customGridEndpoints.detail, { params: { objectType: 'batches', index: 0, code: 'B1' } });
const fetchMock = vi.fn(async (url: string) => json(answers[url] ?? []));

function renderGrids() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CustomGrids objectType="batches" code="B1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CustomGrids', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    // jsdom has no layout: give the table's scrolling body a viewport so its virtual rows render.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    closeAllObjectDialogs();
  });

  it('renders nothing when no grid is configured', async () => {
    answers = { [batchGrids]: [] };
    const { container } = renderGrids();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(batchGrids, expect.anything()));
    expect(container.innerHTML).toBe('');
  });

  it('shows each grid with its own column labels, and referenced codes as object links', async () => {
    answers = {
      [batchGrids]: [{ index: 0, title: 'Stock of this batch' }],
      [batchGrid]: {
        title: 'Stock of this batch',
        columns: [
          { label: 'Location', name: 'binLocationCode', referenceToObject: 'binLocations' },
          { label: 'On hand', name: 'onHandQty', referenceToObject: null },
        ],
        rows: [{ binLocationCode: '01-A01-01', onHandQty: 20 }],
      },
    };
    renderGrids();
    await screen.findByText('Stock of this batch');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Location', 'On hand']);
    expect(
      [...document.querySelectorAll('tr[data-row-id] td')].map((cell) => [
        cell.getAttribute('data-column-id'),
        cell.textContent,
      ]),
    ).toEqual([
      ['0_binLocationCode', '01-A01-01'],
      ['1_onHandQty', '20'],
    ]);
    fireEvent.click(screen.getByRole('link', { name: '01-A01-01' }));
    expect(objectDialogStack()).toEqual([expect.objectContaining({ type: 'binLocation', code: '01-A01-01' })]);
  });
});
