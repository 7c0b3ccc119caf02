import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathOf, pickListEndpoints as endpoints, topics } from '@wms/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { fakeViewport, type Call } from '../../test-support/fetch-stub.js';
import { PicklistsApp } from './PicklistsApp.js';
import { fakePickListServer, refusal, summary } from './picklists-test-fixtures.js';

const roles = vi.hoisted(() => ({ granted: new Set<string>() }));
vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ me: null, hasRole: (role: string) => roles.granted.has(role) }),
}));
const live = vi.hoisted(() => ({
  handlers: new Map<string, (body: string) => void>(),
  connection: null as null | { subscribe: (topic: string, handler: (body: string) => void) => () => void },
}));
vi.mock('../../platform/live.js', () => ({ useLiveConnection: () => live.connection, useLiveConnected: () => true }));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));

vi.setConfig({ testTimeout: 20_000 });

const generator = ['picklistOverview', 'picklistGenerator', 'picklistOverviewAuthManageClaims'];
const posts = (calls: Call[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.url.split('?')[0] === path);

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PicklistsApp />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByTestId('picklist-create'));
  const dialog = await screen.findByTestId('picklist-create-dialog');
  await user.type(within(dialog).getByTestId('create-warehouse'), '01');
  return dialog;
}

beforeEach(() => {
  roles.granted = new Set(generator);
  live.connection = null;
  vi.clearAllMocks();
  fakeViewport();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/picklists', () => {
  it('lists the open pick lists and expands a row into its lines', async () => {
    const calls = fakePickListServer([
      summary(),
      summary({ code: 'PL-2', status: 'PARTLY_PICKED', claimedBy: 'anna' }),
    ]);
    const user = userEvent.setup();
    renderApp();
    const table = await screen.findByTestId('picklist-table');
    await waitFor(() => expect(table.textContent).toContain('PL-2'));
    expect(table.textContent).toContain('Customer one');
    expect(table.textContent).toContain('Partly picked');
    expect(table.textContent).toContain('anna');
    expect(table.textContent).toContain('0/2');
    const overview = calls.find((call) => call.url.startsWith(pathOf(endpoints.all)))!;
    expect(overview.url).toContain('open=true');

    const row = table.querySelector('tr[data-row-id="PL-1"]')!;
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Expand row' }));
    const lines = await screen.findByTestId('picklist-lines-PL-1');
    await waitFor(() => expect(within(lines).getAllByTestId('picklist-line')).toHaveLength(2));
    const first = within(lines).getAllByTestId('picklist-line')[0]!;
    expect(first.textContent).toContain('MILK');
    expect(first.textContent).toContain('B-7');
    expect(first.textContent).toContain('01-A-01 (4 01-06-2025)');
    expect(calls.some((call) => call.url === `${pathOf(endpoints.rows)}?code=PL-1`)).toBe(true);
  });

  it("refetches the overview on a pick list's DOCUMENT_CHANGED", async () => {
    live.connection = {
      subscribe: (topic, handler) => {
        live.handlers.set(topic, handler);
        return () => live.handlers.delete(topic);
      },
    };
    const lists = [summary()];
    const calls = fakePickListServer(lists);
    renderApp();
    const table = await screen.findByTestId('picklist-table');
    await waitFor(() => expect(table.textContent).toContain('PL-1'));
    const reads = () => calls.filter((call) => call.url.startsWith(pathOf(endpoints.all))).length;
    const before = reads();
    lists.push(summary({ code: 'PL-5', status: 'PICKED' }));
    const message = {
      what: 'DOCUMENT_CHANGED',
      payload: { type: 'PICK_LIST', code: 'PL-5', status: 'PICKED', version: 2 },
    };
    act(() => live.handlers.get(topics.documents('pick_list'))!(JSON.stringify(message)));
    await waitFor(() => expect(table.textContent).toContain('PL-5'));
    expect(reads()).toBeGreaterThan(before);
  });

  it('creates pick lists with the filters given and shows the backorders', async () => {
    const calls = fakePickListServer([summary()], (path) =>
      path === pathOf(endpoints.create)
        ? {
            json: {
              created: ['PL-7', 'PL-8'],
              backorders: [{ salesOrder: 'SO-4', lineNumber: 2, item: 'SCREW', quantity: 3 }],
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    renderApp();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByTestId('create-customer'), 'C1');
    await user.selectOptions(within(dialog).getByTestId('create-group-by'), 'CUSTOMER_SHIP_TO');
    await user.click(within(dialog).getByTestId('create-submit'));
    await screen.findByTestId('picklist-create-answer');
    expect(posts(calls, pathOf(endpoints.create)).map((call) => call.body)).toEqual([
      { warehouse: '01', customer: 'C1', groupBy: 'CUSTOMER_SHIP_TO' },
    ]);
    expect(screen.getByTestId('picklist-created').textContent).toContain('PL-7, PL-8');
    expect(screen.getByTestId('picklist-backorders').textContent).toContain('SO-4 / 2');
    expect(screen.getByTestId('picklist-backorders').textContent).toContain('SCREW');
  });

  it('creates from lines checked in the planning area', async () => {
    const calls = fakePickListServer([], (path) =>
      path === pathOf(endpoints.create) ? { json: { created: ['PL-9'], backorders: [] } } : undefined,
    );
    const user = userEvent.setup();
    renderApp();
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByTestId('create-mode-lines'));
    await user.click(await within(dialog).findByTestId('planning-line-SO-9#1'));
    await user.click(within(dialog).getByTestId('create-submit'));
    await screen.findByTestId('picklist-create-answer');
    expect(posts(calls, pathOf(endpoints.create))[0]!.body).toEqual({
      warehouse: '01',
      groupBy: 'ORDER',
      lines: [{ salesOrder: 'SO-9', lineNumber: 1 }],
    });
  });

  it('names the holder when creation is locked (409 picklistCreationLocked)', async () => {
    fakePickListServer([], (path) =>
      path === pathOf(endpoints.create)
        ? refusal(409, 'picklistCreationLocked', { username: 'bert', since: '2025-05-01T09:30:00.000Z' })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp();
    const dialog = await openCreate(user);
    await user.click(within(dialog).getByTestId('create-submit'));
    const failure = await screen.findByTestId('picklist-create-failure');
    expect(failure.textContent).toContain('locked by bert since 01-05-2025');
    expect(screen.queryByTestId('picklist-create-answer')).toBeNull();
  });

  it('asks before merging lists with different ship-to addresses, then merges with the confirmation', async () => {
    const calls = fakePickListServer([summary(), summary({ code: 'PL-2' })], (path, body) => {
      if (path !== pathOf(endpoints.merge)) return undefined;
      if (!(body as { confirmDifferentShipTo: boolean }).confirmDifferentShipTo)
        return refusal(422, 'mergeNeedsConfirmationDifferentShipTo');
      return {
        json: { ...summary({ code: 'PL-1' }), shipTo: null, salesOrders: [], lines: [], shippingContainers: [] },
      };
    });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByTestId('picklist-select-PL-1'));
    await user.click(screen.getByTestId('picklist-select-PL-2'));
    await user.click(screen.getByTestId('picklist-merge'));
    const question = await screen.findByTestId('confirm-dialog');
    expect(question.textContent).toContain('PL-1, PL-2 go to different addresses');
    expect(posts(calls, pathOf(endpoints.merge))).toHaveLength(1);
    await user.click(within(question).getByTestId('confirm'));
    await waitFor(() => expect(posts(calls, pathOf(endpoints.merge))).toHaveLength(2));
    expect(posts(calls, pathOf(endpoints.merge)).map((call) => call.body)).toEqual([
      { codes: ['PL-1', 'PL-2'], confirmDifferentShipTo: false },
      { codes: ['PL-1', 'PL-2'], confirmDifferentShipTo: true },
    ]);
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('success', 'picklists:merged', { code: 'PL-1', codes: 'PL-1, PL-2' }),
    );
  });

  it('asks the short reasons when flush answers shortReasonRequired, and flushes again with them', async () => {
    const calls = fakePickListServer([summary({ status: 'PARTLY_PICKED' })], (path, body) => {
      if (path !== pathOf(endpoints.flush, { code: 'PL-1' })) return undefined;
      if ((body as { shortReasons: unknown[] }).shortReasons.length === 0)
        return refusal(422, 'shortReasonRequired', { lines: [0] });
      return {
        json: {
          pickList: { ...summary(), shipTo: null, salesOrders: [], lines: [], shippingContainers: [] },
          flush: { key: null, lines: [] },
        },
      };
    });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByTestId('picklist-menu-PL-1'));
    await user.click(await screen.findByTestId('picklist-action-flush'));
    const dialog = await screen.findByTestId('picklist-flush-dialog');
    await user.selectOptions(await within(dialog).findByTestId('flush-reason-0'), 'DAMAGED');
    await user.click(within(dialog).getByTestId('flush-submit'));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'picklists:flushed', { code: 'PL-1' }));
    expect(posts(calls, pathOf(endpoints.flush, { code: 'PL-1' })).map((call) => call.body)).toEqual([
      { shortReasons: [] },
      { shortReasons: [{ lineNumber: 0, reason: 'DAMAGED' }] },
    ]);
  });

  it('shows a viewer neither create, merge nor the generator and claim actions', async () => {
    roles.granted = new Set(['picklistOverview']);
    fakePickListServer([summary(), summary({ code: 'PL-2', claimedBy: 'anna' })]);
    const user = userEvent.setup();
    renderApp();
    const table = await screen.findByTestId('picklist-table');
    await waitFor(() => expect(table.textContent).toContain('PL-2'));
    expect(screen.queryByTestId('picklist-create')).toBeNull();
    expect(screen.queryByTestId('picklist-merge')).toBeNull();
    expect(screen.queryByTestId('picklist-select-PL-1')).toBeNull();
    await user.click(screen.getByTestId('picklist-menu-PL-2'));
    const items = await screen.findAllByTestId(/^picklist-action-/);
    expect(items.map((item) => item.dataset.testid)).toEqual(['picklist-action-attachments']);
  });

  it('offers the generator and claim manager their actions by status', async () => {
    fakePickListServer([summary({ claimedBy: 'anna' })]);
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByTestId('picklist-menu-PL-1'));
    const items = await screen.findAllByTestId(/^picklist-action-/);
    expect(items.map((item) => item.dataset.testid?.replace('picklist-action-', ''))).toEqual([
      'edit',
      'removeClaim',
      'detachClaim',
      'promote',
      'flush',
      'reallocate',
      'clear',
      'attachments',
    ]);
  });

  it('lets the generator select only lists that may be merged: RELEASED and unclaimed', async () => {
    fakePickListServer([
      summary(),
      summary({ code: 'PL-2', claimedBy: 'anna' }),
      summary({ code: 'PL-3', status: 'PARTLY_PICKED' }),
    ]);
    renderApp();
    const first = await screen.findByTestId<HTMLInputElement>('picklist-select-PL-1');
    expect(first.disabled).toBe(false);
    expect(screen.getByTestId<HTMLInputElement>('picklist-select-PL-2').disabled).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('picklist-select-PL-3').disabled).toBe(true);
  });
});
