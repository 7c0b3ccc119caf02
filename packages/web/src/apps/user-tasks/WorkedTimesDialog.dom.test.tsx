import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { pathOf, userTaskEndpoints, type UserTask, type WorkedTimeEntry } from '@wms/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test-support/fetch-stub.js';
import { WorkedTimesDialog } from './WorkedTimesDialog.js';

const state = vi.hoisted(() => ({ roles: [] as string[] }));
vi.mock('../../platform/session.js', () => ({
  useSession: () => ({ hasRole: (role: string) => state.roles.includes(role), me: null }),
}));
vi.mock('../../platform/notifications.js', () => ({ notify: vi.fn() }));

const entry = (id: number, userId: number, username: string): WorkedTimeEntry => ({
  id,
  taskId: 7,
  version: 1,
  userId,
  username,
  message: `work of ${username}`,
  started: '2025-03-01T07:00:00.000Z',
  finished: '2025-03-01T08:00:00.000Z',
  minutes: 60,
});

beforeEach(() => {
  stubFetch((method, url) =>
    method === 'GET' && url.startsWith(pathOf(userTaskEndpoints.workedTimes, { id: 7 }))
      ? { json: [entry(1, 10, 'anna'), entry(2, 20, 'ben')] }
      : undefined,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const task = { id: 7, title: 'Unload' } as UserTask;
  render(
    <QueryClientProvider client={client}>
      <WorkedTimesDialog task={task} userId={10} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

const actionsOf = async (id: number) => {
  const row = await screen.findByTestId(`worked-time-${id}`);
  return {
    edit: within(row).queryByTestId('worked-time-edit'),
    remove: within(row).queryByTestId('worked-time-delete'),
  };
};

describe('WorkedTimesDialog: who may edit and delete an entry', () => {
  it("offers edit and delete on the user's own entries only", async () => {
    state.roles = [];
    renderDialog();
    const own = await actionsOf(1);
    expect(own.edit).not.toBeNull();
    expect(own.remove).not.toBeNull();
    const others = await actionsOf(2);
    expect(others.edit).toBeNull();
    expect(others.remove).toBeNull();
  });

  it('offers them on every entry to a task manager', async () => {
    state.roles = ['userTaskManager'];
    renderDialog();
    for (const id of [1, 2]) {
      const actions = await actionsOf(id);
      expect(actions.edit, String(id)).not.toBeNull();
      expect(actions.remove, String(id)).not.toBeNull();
    }
  });
});
