import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { counterDestination, topics, userTaskCounterPath } from '@wms/contract';
import { buildLiveTestApp, TestStompClient, type LiveTestApp } from '../../live/live.test-helper.js';
import type { HttpClient } from '../../../test/http-client.js';

describe('user task live messages and the /my_user_tasks counter', () => {
  let t: LiveTestApp;
  let manager: HttpClient;
  const stomp: TestStompClient[] = [];
  beforeAll(async () => {
    t = await buildLiveTestApp();
    manager = await t.httpClientFor('taskmanager');
  });
  afterAll(async () => {
    await Promise.all(stomp.map((client) => client.close()));
    await t.close();
  });

  async function connect(username: string): Promise<TestStompClient> {
    const client = new TestStompClient(t.wsUrl, { cookie: (await t.cookieFor(username)).cookie, version: t.version });
    stomp.push(client);
    await client.connect();
    await client.subscribed(counterDestination);
    await client.subscribed(topics.userTasks());
    return client;
  }

  const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 3000, interval: 10 });

  const lastCounter = (client: TestStompClient) =>
    client
      .messages(counterDestination)
      .flatMap((m) => (m.what === 'NOTIFICATION_COUNTERS' ? [m.payload.counters[userTaskCounterPath]] : []))
      .filter((count) => count !== undefined)
      .at(-1);

  it('sends the count on subscribe, NEW_USER_TASK and the new count on create, CLAIMED_BY to the others on claim', async () => {
    const operator = await connect('operator');
    const managerSocket = await connect('manager');
    // The demo tasks: operator has three (one shared with manager), manager two.
    expect(operator.messages(topics.userTasks())).toEqual([{ what: 'USER_TASKS_COUNTER', payload: { count: 3 } }]);
    expect(managerSocket.messages(topics.userTasks())).toEqual([{ what: 'USER_TASKS_COUNTER', payload: { count: 2 } }]);

    const ids = [await t.userId('operator'), await t.userId('manager')];
    const created = await manager.post('/api/v1/user_tasks/create', { mode: 'shared', users: ids, title: 'Live one' });
    expect(created.status).toBe(201);
    const taskId = created.json[0].id;
    const [, news] = await operator.waitForMessages(2, topics.userTasks());
    expect(news).toEqual({ what: 'NEW_USER_TASK', payload: { taskId, title: 'Live one' } });
    await managerSocket.waitForMessages(2, topics.userTasks());
    await waitFor(() => expect(lastCounter(operator)).toBe(4));
    await waitFor(() => expect(lastCounter(managerSocket)).toBe(3));

    const managerUser = await t.httpClientFor('manager');
    expect((await managerUser.post(`/api/v1/user_tasks/${taskId}/claim`)).status).toBe(200);
    const [, , claimed] = await operator.waitForMessages(3, topics.userTasks());
    expect(claimed).toEqual({ what: 'USER_TASKS_CLAIMED_BY', payload: { taskId, by: 'manager' } });
    await waitFor(() => expect(lastCounter(operator)).toBe(3));
    expect(managerSocket.messages(topics.userTasks())).toHaveLength(2);
  });

  it('corrects a lost or stale counter when the user subscribes to the task queue again (after a restart)', async () => {
    const operatorId = await t.userId('operator');
    await t.app.ctx.db
      .updateTable('notification_counter')
      .set({ count: 42 })
      .where('path', '=', userTaskCounterPath)
      .where('user_id', '=', operatorId)
      .execute();
    const operator = await connect('operator');
    expect(operator.messages(topics.userTasks())).toEqual([{ what: 'USER_TASKS_COUNTER', payload: { count: 3 } }]);
    await waitFor(() => expect(lastCounter(operator)).toBe(3));
    const row = await t.app.ctx.db
      .selectFrom('notification_counter')
      .select('count')
      .where('path', '=', userTaskCounterPath)
      .where('user_id', '=', operatorId)
      .executeTakeFirst();
    expect(row?.count).toBe(3);
  });
});
