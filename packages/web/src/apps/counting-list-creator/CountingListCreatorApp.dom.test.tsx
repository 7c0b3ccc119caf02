import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  binLocationEndpoints,
  countingListEndpoints as endpoints,
  pathOf,
  wallToWallBatchEndpoints,
  type CountingListSummary,
} from '@wms/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type Call } from '../../test-support/fetch-stub.js';
import { CountingListCreatorApp } from './CountingListCreatorApp.js';

const roles = vi.hoisted(() => ({ flush: false }));
vi.mock('../../platform/live.js', () => ({ useLiveConnection: () => null, useLiveConnected: () => true }));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));
vi.mock('../../platform/session.js', () => ({
  useSession: () => ({
    me: null,
    signOut: vi.fn(),
    hasRole: (role: string) => role !== 'countingListCreatorAuthFlush' || roles.flush,
  }),
}));
vi.setConfig({ testTimeout: 20_000 });

const progress = (agreed: number, pending: number): CountingListSummary['progress'] => ({
  PENDING: pending,
  COUNTED_1: 0,
  COUNTED_2: 0,
  COUNTED_3: 0,
  AGREED: agreed,
  REVIEW: 0,
});
const summary = (
  code: string,
  status: CountingListSummary['status'],
  agreed = 0,
  pending = 2,
): CountingListSummary => ({
  code,
  status,
  version: 1,
  warehouse: 'WH1',
  countingType: 'DOUBLE_COUNTING_ALL',
  round: status === 'CREATED' ? 1 : null,
  claimedBy: status === 'IN_PROGRESS' ? 'anna' : null,
  locations: agreed + pending,
  progress: progress(agreed, pending),
  createdAt: '2026-01-01T08:00:00.000Z',
});

/** The creator's server: CL-3 READY, CL-2 IN_PROGRESS (one location not agreed), CL-1 CREATED. */
function fakeServer() {
  let lists = [summary('CL-3', 'READY', 2, 0), summary('CL-2', 'IN_PROGRESS', 1, 1), summary('CL-1', 'CREATED')];
  return stubFetch((method, url, body) => {
    const path = url.split('?')[0]!;
    if (path === pathOf(binLocationEndpoints.warehouses)) return { json: [] };
    if (method === 'GET' && path === pathOf(endpoints.list)) return { json: { lists } };
    if (path === pathOf(endpoints.preview)) {
      const { filter } = body as { filter: { fromCode?: string } };
      return { json: { locations: filter.fromCode === 'A' ? 12 : 40, truncated: false, inOpenLists: 3 } };
    }
    if (method === 'POST' && path === pathOf(endpoints.create)) {
      lists = [summary('CL-5', 'CREATED'), summary('CL-4', 'CREATED'), ...lists];
      return {
        json: {
          lists: [
            { code: 'CL-4', locations: 10 },
            { code: 'CL-5', locations: 2 },
          ],
          replayed: false,
        },
      };
    }
    if (path === pathOf(endpoints.cancel, { list: 'CL-1' })) {
      lists = lists.map((list) => (list.code === 'CL-1' ? { ...list, status: 'CANCELLED' } : list));
      return { json: { ...summary('CL-1', 'CANCELLED') } };
    }
    if (path === pathOf(endpoints.cancel, { list: 'CL-2' })) {
      return {
        status: 422,
        json: { status: 422, key: 'countingListNotInProgress', args: { list: 'CL-2', status: 'IN_PROGRESS' } },
      };
    }
    if (path === pathOf(endpoints.pdf, { list: 'CL-1' })) return { json: { pdf: true } };
    if (path === pathOf(endpoints.variance, { list: 'CL-3' })) {
      return {
        json: {
          list: 'CL-3',
          status: 'READY',
          posted: false,
          rows: [{ item: 'BOLT', name: 'Bolt', counted: 8, system: 10, difference: -2, value: -3.5 }],
          totalValue: -3.5,
        },
      };
    }
    if (path === pathOf(endpoints.varianceXlsx, { list: 'CL-3' })) return { json: { xlsx: true } };
    if (path === pathOf(wallToWallBatchEndpoints.progress)) {
      const location = (code: string, state: string) => ({
        code,
        visualCode: code,
        countingSortingCode: null,
        state,
        counts: state === 'AGREED' ? 2 : 0,
        counters: [],
        toCount: state !== 'AGREED',
      });
      return { json: { list: lists[1], locations: [location('L-1', 'AGREED'), location('L-2', 'PENDING')] } };
    }
    if (path === pathOf(wallToWallBatchEndpoints.flush)) {
      const { exclude } = body as { exclude: string[] };
      if (!exclude.includes('L-2')) {
        return { status: 422, json: { status: 422, key: 'countingListIncomplete', args: { locations: ['L-2'] } } };
      }
      lists = lists.map((list) => (list.code === 'CL-2' ? { ...list, status: 'FLUSHED' } : list));
      return {
        json: {
          list: 'CL-2',
          status: 'FLUSHED',
          postedLocations: 1,
          adjustedLines: 1,
          excludedLocations: ['L-2'],
          replayed: false,
        },
      };
    }
    return undefined;
  });
}

const posts = (calls: Call[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.url.split('?')[0] === path);

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CountingListCreatorApp />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const createObjectURL = vi.fn(() => 'blob:fake');
let anchorClick = vi.fn();

beforeEach(() => {
  vi.clearAllMocks();
  roles.flush = false;
  anchorClick = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(anchorClick);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/counting_list_creator', () => {
  it('previews the filter, creates lists with the split and counting type, and shows them in the table', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderApp();
    const table = await screen.findByTestId('cl-table');
    expect(within(table).getByTestId('cl-row-CL-2').textContent).toContain('1 of 2 agreed');
    expect(within(table).getByTestId('cl-row-CL-2').textContent).toContain('anna');
    expect(screen.getByTestId<HTMLButtonElement>('cl-create').disabled).toBe(true);

    await user.type(screen.getByTestId('cl-warehouse'), 'WH1');
    await user.type(screen.getByTestId('cl-from-code'), 'A');
    await user.click(screen.getByLabelText('PICK'));
    await user.click(screen.getByTestId('cl-with-stock'));
    await user.type(screen.getByTestId('cl-items'), 'BOLT, NUT');
    await user.click(screen.getByTestId('cl-preview'));
    expect((await screen.findByTestId('cl-preview-answer')).textContent).toContain('Locations selected: 12.');
    expect(screen.getByTestId('cl-preview-answer').textContent).toContain('3 of them are in an open list');
    expect(posts(calls, pathOf(endpoints.preview))[0]!.body).toEqual({
      filter: { warehouse: 'WH1', fromCode: 'A', locationTypes: ['PICK'], withStock: true, items: ['BOLT', 'NUT'] },
    });

    await user.clear(screen.getByTestId('cl-max'));
    await user.type(screen.getByTestId('cl-max'), '10');
    await user.selectOptions(screen.getByTestId('cl-counting-type'), 'DOUBLE_COUNTING_ONLY_WRONG');
    await user.click(screen.getByTestId('cl-create'));
    expect((await screen.findByTestId('cl-message')).textContent).toContain('Lists created (2): CL-4, CL-5.');
    const created = posts(calls, pathOf(endpoints.create))[0]!.body as Record<string, unknown>;
    expect(created).toMatchObject({ maxLocationsPerList: 10, countingType: 'DOUBLE_COUNTING_ONLY_WRONG' });
    expect(String(created.idempotencyKey).length).toBeGreaterThanOrEqual(8);
    await screen.findByTestId('cl-row-CL-4');
  });

  it('offers cancel on CREATED only and prints the PDF', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderApp();
    await screen.findByTestId('cl-table');
    expect(screen.queryByTestId('cl-cancel-CL-2')).toBeNull();
    expect(screen.queryByTestId('cl-flush-CL-2')).toBeNull();
    expect(screen.queryByTestId('cl-variance-CL-1')).toBeNull();
    await user.click(screen.getByTestId('cl-pdf-CL-1'));
    await waitFor(() => expect(calls.some((call) => call.url === pathOf(endpoints.pdf, { list: 'CL-1' }))).toBe(true));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    await user.click(screen.getByTestId('cl-cancel-CL-1'));
    expect((await screen.findByTestId('cl-message')).textContent).toContain('CL-1 cancelled.');
    await waitFor(() => expect(screen.getByTestId('cl-row-CL-1').textContent).toContain('Cancelled'));
    expect(screen.queryByTestId('cl-cancel-CL-1')).toBeNull();
  });

  it('shows the variance report of a READY list and downloads its XLSX', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByTestId('cl-variance-CL-3'));
    const report = await screen.findByTestId('cl-variance-table');
    await waitFor(() => expect(report.textContent).toContain('BOLT'));
    expect(report.textContent).toContain('-2');
    expect(screen.getByTestId('cl-variance-total').textContent).toBe('-3.50');
    await user.click(screen.getByTestId('cl-variance-xlsx'));
    await waitFor(() =>
      expect(calls.some((call) => call.url === pathOf(endpoints.varianceXlsx, { list: 'CL-3' }))).toBe(true),
    );
    await waitFor(() => expect(anchorClick).toHaveBeenCalled());
  });

  it('lets a holder of countingListCreatorAuthFlush flush with the unagreed locations excluded', async () => {
    roles.flush = true;
    const calls = fakeServer();
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByTestId('cl-flush-CL-2'));
    const dialog = await screen.findByTestId('cl-flush-dialog');
    const exclude = await within(dialog).findByTestId('cl-exclude-L-2');
    expect(within(dialog).queryByTestId('cl-exclude-L-1')).toBeNull();
    // Without the exclusion the server refuses: the keyed text names the location.
    await user.click(within(dialog).getByTestId('cl-flush-confirm'));
    expect((await screen.findByTestId('cl-message')).textContent).toContain('These locations are not agreed yet: L-2.');
    await user.click(exclude);
    await user.click(within(dialog).getByTestId('cl-flush-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('cl-message').textContent).toContain('CL-2 flushed: 1 location posted, 1 excluded.'),
    );
    const flushes = posts(calls, pathOf(wallToWallBatchEndpoints.flush));
    expect(flushes.map((call) => (call.body as { exclude: string[] }).exclude)).toEqual([[], ['L-2']]);
    // One dialog, one key: the retry after the refusal carries the same idempotency key.
    expect((flushes[1]!.body as { idempotencyKey: string }).idempotencyKey).toBe(
      (flushes[0]!.body as { idempotencyKey: string }).idempotencyKey,
    );
  });
});
