import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { binLocationEndpoints, pathOf, wallToWallRequestEndpoints as endpoints } from '@wms/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type Call } from '../../test-support/fetch-stub.js';
import { WallToWallApp } from './WallToWallApp.js';

const roles = vi.hoisted(() => ({ setCountingState: true }));
vi.mock('../../platform/live.js', () => ({
  useLiveMessage: vi.fn(),
  useLiveConnection: () => null,
  useLiveConnected: () => true,
}));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));
vi.mock('../../platform/session.js', () => ({
  useSession: () => ({
    me: null,
    signOut: vi.fn(),
    hasRole: (role: string) => role !== 'informationAuthSetCountingState' || roles.setCountingState,
  }),
}));
vi.setConfig({ testTimeout: 20_000 });

/** The server: WH1 has 3 locations (one requested already); a PARTIAL with NOPE is 404; ZZ selects none. */
function fakeServer() {
  return stubFetch((method, url, body) => {
    const path = url.split('?')[0]!;
    if (path === pathOf(binLocationEndpoints.warehouses)) return { json: [{ code: 'WH1', name: 'Main' }] };
    const { filter, items } = (body ?? {}) as { filter?: { codeFrom?: string }; items?: string[] };
    if (method === 'POST' && path === pathOf(endpoints.preview)) {
      return { json: { count: 3, alreadyFlagged: 1, sample: ['A-01', 'A-02', 'A-03'], max: 5000 } };
    }
    if (method === 'POST' && path === pathOf(endpoints.request)) {
      if (filter?.codeFrom === 'ZZ') {
        return { status: 422, json: { status: 422, key: 'noLocationsSelected', args: {}, message: 'none' } };
      }
      if (items?.includes('NOPE')) {
        return {
          status: 404,
          json: { status: 404, key: 'unknownItemForCode', args: { code: 'NOPE' }, message: 'unknown' },
        };
      }
      return { json: { updated: 2, alreadyFlagged: 1, replayed: false } };
    }
    return undefined;
  });
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/wall_to_wall/request']}>
        <WallToWallApp />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const posts = (calls: Call[], path: string) => calls.filter((c) => c.method === 'POST' && c.url.split('?')[0] === path);

beforeEach(() => {
  vi.clearAllMocks();
  roles.setCountingState = true;
});
afterEach(() => vi.unstubAllGlobals());

describe('/wall_to_wall/request', () => {
  it('previews the filter, then requests a whole-location count and tells how many', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderScreen();
    expect(screen.getByRole('heading').textContent).toBe('Request counting');
    expect(screen.queryByTestId('w2wr-no-role')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('w2wr-preview').disabled).toBe(true);
    await user.type(screen.getByTestId('w2wr-warehouse'), 'WH1');
    await user.type(screen.getByTestId('w2wr-codeFrom'), 'A-01');
    await user.type(screen.getByTestId('w2wr-sortingCode'), 'AISLE');
    await user.type(screen.getByTestId('w2wr-zone'), 'cold');
    await user.type(screen.getByTestId('w2wr-notCountedForDays'), '30');
    await user.click(screen.getByTestId('w2wr-preview'));

    await waitFor(() =>
      expect(screen.getByTestId('w2wr-preview-answer').textContent).toContain('Locations selected: 3'),
    );
    expect(screen.getByTestId('w2wr-preview-answer').textContent).toContain('Already requested: 1');
    expect(screen.getByTestId('w2wr-sample').textContent).toBe('First 3: A-01, A-02, A-03');
    const filter = { warehouse: 'WH1', codeFrom: 'A-01', sortingCode: 'AISLE', zone: 'cold', notCountedForDays: 30 };
    expect(posts(calls, pathOf(endpoints.preview)).map((c) => c.body)).toEqual([{ filter }]);

    await user.click(screen.getByTestId('w2wr-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('w2wr-message').textContent).toBe(
        'Counting requested for 2 locations (1 already requested left as they were).',
      ),
    );
    const [sent] = posts(calls, pathOf(endpoints.request)).map((c) => c.body as Record<string, unknown>);
    expect(typeof sent?.idempotencyKey).toBe('string');
    expect(sent).toEqual({ idempotencyKey: sent?.idempotencyKey, filter, state: 'YES' });
    expect(screen.queryByTestId('w2wr-preview-answer')).toBeNull();
  });

  it('needs items for PARTIAL, sends them, and shows refusals by their key', async () => {
    const calls = fakeServer();
    const user = userEvent.setup();
    renderScreen();
    await user.type(screen.getByTestId('w2wr-warehouse'), 'WH1');
    await user.click(screen.getByTestId('w2wr-state-PARTIAL'));
    expect(screen.getByTestId<HTMLButtonElement>('w2wr-submit').disabled).toBe(true);
    await user.type(screen.getByTestId('w2wr-items'), 'BOLT, NOPE');
    await user.click(screen.getByTestId('w2wr-submit'));
    await waitFor(() => expect(screen.getByTestId('w2wr-message').textContent).toBe('No item found for code NOPE.'));
    const [first] = posts(calls, pathOf(endpoints.request)).map((c) => c.body as Record<string, unknown>);
    expect(first).toMatchObject({ filter: { warehouse: 'WH1' }, state: 'PARTIAL', items: ['BOLT', 'NOPE'] });

    await user.clear(screen.getByTestId('w2wr-items'));
    await user.type(screen.getByTestId('w2wr-items'), 'BOLT');
    await user.type(screen.getByTestId('w2wr-codeFrom'), 'ZZ');
    await user.click(screen.getByTestId('w2wr-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('w2wr-message').textContent).toBe('The selection holds no location.'),
    );
    const [, second] = posts(calls, pathOf(endpoints.request)).map((c) => c.body as Record<string, unknown>);
    // A changed form is a new request: a new idempotency key.
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it('rejects invalid days and tells a user without the authorisation', async () => {
    roles.setCountingState = false;
    fakeServer();
    const user = userEvent.setup();
    renderScreen();
    expect(screen.getByTestId('w2wr-no-role')).toBeTruthy();
    await user.type(screen.getByTestId('w2wr-warehouse'), 'WH1');
    await user.type(screen.getByTestId('w2wr-notCountedForDays'), '0');
    expect(screen.getByTestId<HTMLButtonElement>('w2wr-preview').disabled).toBe(true);
    expect(screen.getByTestId('w2wr-notCountedForDays').className).toContain('is-invalid');
  });
});
