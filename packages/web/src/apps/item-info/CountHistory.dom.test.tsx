import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { countingEndpoints, itemEndpoints, pathOf, type CountHistoryRow, type Item } from '@wms/contract';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryTab as ItemHistoryTab } from './HistoryTab.js';
import { HistoryTab as LocationHistoryTab } from '../../components/object-dialogs/location/HistoryTab.js';

vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ me: null, signOut: vi.fn(), hasRole: () => true }),
}));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));
vi.mock('../../platform/live.js', () => ({ useLiveMessage: () => undefined }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const count = (overrides: Partial<CountHistoryRow>): CountHistoryRow => ({
  at: '2026-03-02T10:15:00.000Z',
  location: '01-CNT-03',
  item: 'COUNT-DEMO-01',
  batch: null,
  serial: null,
  counted: 10,
  onHand: 12,
  difference: -2,
  posted: true,
  outcome: 'POSTED',
  reason: 'DAMAGED',
  source: 'WALL_TO_WALL',
  document: null,
  username: 'operator',
  ...overrides,
});

/** Answers the count history (and an empty ledger); records the history queries asked. */
function fakeServer(rows: CountHistoryRow[]): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const [path = '', search = ''] = url.split('?');
      if (path === pathOf(countingEndpoints.history)) {
        asked.push(new URLSearchParams(search));
        return Promise.resolve(json({ rows, offset: 0, limit: 50, hasMore: false }));
      }
      if (path === pathOf(itemEndpoints.history, { code: 'COUNT-DEMO-01' }) || path.includes('/history')) {
        return Promise.resolve(json({ rows: [], offset: 0, limit: 100, hasMore: false }));
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
  return asked;
}

function renderIn(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('count history in the history tabs', () => {
  it("shows the item's counts under its ledger: location, counted, on hand, the posted difference, outcome, reason, who", async () => {
    const asked = fakeServer([
      count({}),
      count({
        location: '01-CNT-01',
        counted: 40,
        onHand: 40,
        difference: 0,
        posted: false,
        outcome: 'NO_DIFFERENCE',
        reason: 'COUNT',
      }),
    ]);
    renderIn(<ItemHistoryTab item={{ code: 'COUNT-DEMO-01' } as Item} />);
    await waitFor(() => expect(screen.getAllByTestId('count-history-row')).toHaveLength(2));
    expect(asked[0]?.get('item')).toBe('COUNT-DEMO-01');
    const [first, second] = screen.getAllByTestId('count-history-row').map((row) => row.textContent ?? '');
    expect(first).toContain('01-CNT-03');
    expect(first).toMatch(/10.*12.*-2 \(posted\)PostedDamagedoperator/);
    expect(second).toMatch(/40.*40.*0No differenceCountoperator/);
    expect(screen.getByTestId('count-history').textContent).toContain('Counts');
  });

  it("shows the location's counts, blind values as '-', and 'not counted yet' when there are none", async () => {
    const asked = fakeServer([
      count({ onHand: null, difference: null, posted: false, outcome: 'RECOUNT_REQUESTED', reason: 'COUNT' }),
    ]);
    renderIn(<LocationHistoryTab code="01-CNT-03" />);
    await waitFor(() => expect(screen.getAllByTestId('count-history-row')).toHaveLength(1));
    expect(asked[0]?.get('location')).toBe('01-CNT-03');
    const text = screen.getByTestId('count-history-row').textContent ?? '';
    expect(text).toContain('COUNT-DEMO-01');
    expect(text).toMatch(/10--Recount requestedCountoperator/);
    cleanup();
    fakeServer([]);
    renderIn(<LocationHistoryTab code="01-A01-01" />);
    await waitFor(() => expect(screen.getByTestId('count-history-empty').textContent).toBe('Not counted yet.'));
  });
});
