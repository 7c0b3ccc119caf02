import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { importEndpoints, pathOf, plannedReceiptEndpoints, type PlannedReceiptSummary } from '@wms/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { fakeViewport, stubFetch, type Call } from '../../test-support/fetch-stub.js';
import { importerApps } from './importer-apps.js';

const roles = vi.hoisted(() => ({ purchasing: true }));
vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ me: null, hasRole: (role: string) => role === 'purchasing' && roles.purchasing }),
}));
vi.mock('../../platform/live.js', () => ({ useLiveConnection: () => null }));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));

vi.setConfig({ testTimeout: 20_000 });

const draft = (version: number): PlannedReceiptSummary => ({
  code: 'PGR-1',
  visualCode: 'PGR-1',
  supplierCode: 'S1',
  supplierName: 'Supplier one',
  warehouseCode: '01',
  dueDate: '2025-04-02',
  status: 'DRAFT',
  version,
  lineCount: 2,
  totalQuantity: 15,
});

const kind = 'planned_goods_receipts';
const releasePath = pathOf(plannedReceiptEndpoints.release, { code: 'PGR-1' });
const listPath = pathOf(plannedReceiptEndpoints.list);

/** The importer's description and sessions, and the drafts; `release` answers the release. */
function fakeServer(release: () => { status?: number; json: unknown }): Call[] {
  return stubFetch((method, url) => {
    const path = url.split('?')[0];
    if (path === pathOf(importEndpoints.describe, { kind }))
      return { json: { kind, columns: [], enabled: true, maxRows: 20_000, rememberedMapping: null } };
    if (path === pathOf(importEndpoints.sessions, { kind })) return { json: [] };
    if (method === 'GET' && path === listPath) return { json: { receipts: [draft(3)], truncated: false } };
    if (method === 'POST' && path === releasePath) return release();
    return undefined;
  });
}

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const App = importerApps.plannedGoodsReceiptsImporter;
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <App />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  roles.purchasing = true;
  vi.clearAllMocks();
  fakeViewport();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the planned goods receipts importer', () => {
  it('shows its title, what the file holds and the wizard, and releases a draft with the version it shows', async () => {
    const calls = fakeServer(() => ({ json: { code: 'PGR-1', status: 'OPEN', version: 4 } }));
    const user = userEvent.setup();
    renderApp();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Planned goods receipts importer');
    expect(screen.getByTestId('importer-help').textContent).toContain('created as drafts');
    await screen.findByTestId('import-wizard-planned_goods_receipts');

    await user.click(screen.getByRole('tab', { name: 'Drafts' }));
    const drafts = await screen.findByTestId('planned-receipt-drafts');
    await waitFor(() => expect(drafts.textContent).toContain('Supplier one'));
    const listed = calls.filter((call) => call.url.startsWith(listPath)).length;
    await user.click(within(drafts).getByTestId('planned-receipt-release-PGR-1'));

    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'importers:drafts.released', { code: 'PGR-1' }));
    expect(calls.filter((call) => call.url === releasePath).map((call) => call.body)).toEqual([{ version: 3 }]);
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith(listPath)).length).toBeGreaterThan(listed));
  });

  it('shows a stale version (412) as the conflict and reads the drafts again, without sending it twice', async () => {
    const calls = fakeServer(() => ({
      status: 412,
      json: { status: 412, key: 'optimisticLockConflict', args: {}, message: 'stale' },
    }));
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('tab', { name: 'Drafts' }));
    const drafts = await screen.findByTestId('planned-receipt-drafts');
    await waitFor(() => expect(drafts.textContent).toContain('Supplier one'));
    const listed = calls.filter((call) => call.url.startsWith(listPath)).length;
    await user.click(within(drafts).getByTestId('planned-receipt-release-PGR-1'));

    expect((await screen.findByTestId('planned-receipt-error')).textContent).toContain(
      'Someone else changed this in the meantime.',
    );
    expect(calls.filter((call) => call.url === releasePath)).toHaveLength(1);
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith(listPath)).length).toBeGreaterThan(listed));
    expect(notify).not.toHaveBeenCalled();
  });

  it('lists the drafts without release or delete for a user who is no purchaser', async () => {
    roles.purchasing = false;
    fakeServer(() => ({ json: {} }));
    const user = userEvent.setup();
    renderApp();
    await user.click(screen.getByRole('tab', { name: 'Drafts' }));
    const drafts = await screen.findByTestId('planned-receipt-drafts');
    await waitFor(() => expect(drafts.textContent).toContain('Supplier one'));
    expect(drafts.textContent).toContain('Only a purchaser can release or delete drafts.');
    expect(within(drafts).queryByTestId('planned-receipt-release-PGR-1')).toBeNull();
  });
});
