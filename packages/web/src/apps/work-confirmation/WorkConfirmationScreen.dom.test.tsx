import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathOf, productionEndpoints, type WorkTimeEntry } from '@wms/contract';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../platform/notifications.js';
import { fakeViewport, stubFetch, type Call } from '../../test-support/fetch-stub.js';
import { WorkConfirmationScreen } from './WorkConfirmationScreen.js';

vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));
vi.mock('../../platform/live.js', () => ({ useLiveConnection: () => null, useLiveConnected: () => true }));

const hour = 3_600_000;
function entry(id: number, change: Partial<WorkTimeEntry>): WorkTimeEntry {
  return {
    id,
    workOrderCode: 'WO-3001',
    workOrderVisualCode: 'WO-3001',
    producedItemCode: 'PROD-001',
    workOrderStep: 'CUT',
    stepNumber: 10,
    stepDescription: 'Cut',
    workCenter: 'SAW-01',
    workTimeType: 'WORK',
    produced: 1,
    scrap: 0,
    startTime: new Date(Date.now() - 2 * hour).toISOString(),
    endTime: new Date(Date.now() - hour).toISOString(),
    licensePlate: null,
    userId: 7,
    user: 'worker',
    flushed: false,
    flushedAt: null,
    flushError: null,
    version: 1,
    ...change,
  };
}

const entries = [
  entry(1, {
    workOrderStep: 'INSPECT',
    workCenter: null,
    flushError: { key: 'workCenterRequired', args: {}, message: '' },
  }),
  entry(2, { workOrderStep: 'MILL' }),
  entry(3, { workOrderStep: 'ASSEMBLE', flushed: true }),
  entry(4, { workOrderStep: 'PACK', workOrderCode: 'WO-3002', workOrderVisualCode: 'WO-3002', endTime: null }),
];

let calls: Call[] = [];
const posts = () => calls.filter((call) => call.method === 'POST');

beforeEach(() => {
  fakeViewport();
  calls = stubFetch((method, url, body) => {
    if (method === 'GET' && url === pathOf(productionEndpoints.workTimes)) return { json: entries };
    if (method === 'GET' && url === pathOf(productionEndpoints.allWorkTimes)) return { json: entries };
    if (method === 'POST' && url === pathOf(productionEndpoints.flushWorkTimes)) {
      const ids = (body as { ids: number[] }).ids;
      const failed = ids.includes(1) ? [{ id: 1, key: 'workCenterRequired', args: {}, message: 'x' }] : [];
      return { json: { flushed: ids.filter((id) => id !== 1), failed } };
    }
    if (method === 'POST' && url === pathOf(productionEndpoints.stopWorkTime, { id: 4 }))
      return { json: { ...entries[3], endTime: new Date().toISOString() } };
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

function renderScreen(scope: 'own' | 'all', state: unknown = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: '/production/work_confirmation', state }]}>
        <WorkConfirmationScreen scope={scope} />
        <StateOf />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...rendered, client };
}

function StateOf() {
  return <output data-testid="location-state">{JSON.stringify(useLocation().state)}</output>;
}

const row = (id: number) => document.querySelector<HTMLElement>(`tr[data-row-id="${id}"]`)!;

describe('work confirmation screen', () => {
  it('marks the row whose flush failed, with its message as the tooltip text', async () => {
    renderScreen('own');
    await waitFor(() => expect(row(1)).not.toBeNull());
    const marker = within(row(1)).getByTestId('flush-error');
    expect(marker.classList.contains('work-time-failed')).toBe(true);
    expect(marker.getAttribute('aria-label')).toBe('Choose a work center before booking.');
    expect(within(row(2)).queryByTestId('flush-error')).toBeNull();
    // Booked rows can be neither selected nor edited.
    expect(within(row(3)).getByTestId<HTMLInputElement>('work-time-select').disabled).toBe(true);
    expect(within(row(3)).queryByTestId('work-time-edit')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: /User/ })).toBeNull();
  });

  it('keeps a tapped flush error open while the table refreshes (a live update)', async () => {
    const { client } = renderScreen('own');
    await waitFor(() => expect(row(1)).not.toBeNull());
    // A tap: a click without hover or focus first (those would show it, and the click then toggle it shut).
    fireEvent.click(within(row(1)).getByTestId('flush-error'));
    expect((await screen.findByTestId('flush-error-tooltip')).textContent).toBe('Choose a work center before booking.');
    const gets = () => calls.filter((call) => call.method === 'GET').length;
    const before = gets();
    await client.invalidateQueries();
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('flush-error-tooltip').textContent).toBe('Choose a work center before booking.');
  });

  it('flushes every unflushed entry, or only the selected ones, and warns when some failed', async () => {
    const user = userEvent.setup();
    renderScreen('own');
    const flush = await screen.findByRole('button', { name: 'Flush all (3)' });
    await user.click(flush);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({ ids: [1, 2, 4] });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('danger', 'errors:operationCompletedWithErrors'));

    await user.click(within(row(2)).getByTestId('work-time-select'));
    await user.click(screen.getByRole('button', { name: 'Flush selected (1)' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]?.body).toEqual({ ids: [2] });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'production:flushed', { count: 1 }));
  });

  it('shows running timers with a live clock and stops one with its big Stop button', async () => {
    const user = userEvent.setup();
    renderScreen('all');
    await waitFor(() => expect(screen.getByTestId('running-count').textContent).toBe('1'));
    // Everyone's entries: the table has a User column.
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toContain('User');
    await user.click(screen.getByTestId('work-time-timers'));
    const modal = await screen.findByTestId('time-measurements');
    const card = within(modal).getByTestId('timer-card');
    expect(card.textContent).toContain('WO-3002 · 10 PACK');
    expect(within(card).getByTestId('timer-elapsed').textContent).toMatch(/^2:00:0\d$/);
    await user.click(within(card).getByTestId('timer-stop'));
    await waitFor(() =>
      expect(posts().map((call) => call.url)).toEqual([pathOf(productionEndpoints.stopWorkTime, { id: 4 })]),
    );
  });

  it('shows the timers when the _be_open_work_times_ scan brought the user here, once', async () => {
    renderScreen('own', { openWorkTimes: true });
    const modal = await screen.findByTestId('time-measurements');
    await waitFor(() =>
      expect(
        within(modal)
          .queryAllByTestId('timer-card')
          .map((card) => card.dataset.entryId),
      ).toEqual(['4']),
    );
    await waitFor(() => expect(screen.getByTestId('location-state').textContent).toBe('null'));
  });

  it('opens without the timers otherwise', async () => {
    renderScreen('own');
    await waitFor(() => expect(screen.getByTestId('running-count').textContent).toBe('1'));
    expect(screen.queryByTestId('time-measurements')).toBeNull();
  });
});
