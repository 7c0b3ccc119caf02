import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn, userIdOf } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf, signedInUserWithRoles } from '../../../test/user-helper.js';

interface TaskUser {
  client: HttpClient;
  id: number;
  username: string;
}

describe('worked time under /api/v1/user_tasks/{id}/worked_times', () => {
  let t: TestApp;
  let admin: HttpClient;
  let manager: HttpClient;
  let sequence = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, manager] = await Promise.all([signIn(t, 'admin'), signIn(t, 'taskmanager')]);
  });
  afterAll(async () => t.close());

  async function newUser(): Promise<TaskUser> {
    sequence += 1;
    const username = `worker${sequence}`;
    const client = await signedInUserWithRoles(admin, username, ['information']);
    return { client, id: await userIdOf(t, username), username };
  }

  async function newTask(users: number[], title = 'Work') {
    const answer = await manager.post('/api/v1/user_tasks/create', { mode: 'shared', users, title });
    expect(answer.status).toBe(201);
    return answer.json[0].id as number;
  }

  const entriesOf = (taskId: number) =>
    t.app.ctx.db.selectFrom('user_task_worked_time').selectAll().where('task_id', '=', taskId).orderBy('id').execute();
  const path = (taskId: number, rest = '') => `/api/v1/user_tasks/${taskId}/worked_times${rest}`;

  it('starts, refuses a second running entry on any task, finishes with a message and lists the minutes', async () => {
    const anna = await newUser();
    const [first, second] = [await newTask([anna.id], 'First'), await newTask([anna.id], 'Second')];
    const started = await anna.client.post(path(first, '/start'));
    expect(started.status).toBe(200);
    expect(started.json).toMatchObject({
      taskId: first,
      userId: anna.id,
      username: anna.username,
      finished: null,
      minutes: null,
    });

    for (const taskId of [first, second]) {
      expect(errorOf(await anna.client.post(path(taskId, '/start')))).toEqual({
        status: 409,
        key: 'workedTimeAlreadyRunning',
        args: { taskId: first, title: 'First' },
      });
    }
    const manual = await anna.client.post(path(second), { message: 'm', started: new Date().toISOString() });
    expect(errorOf(manual).key).toBe('workedTimeAlreadyRunning');
    expect(errorOf(await anna.client.post(path(second, '/finish'), { message: 'x' }))).toEqual({
      status: 422,
      key: 'noRunningWorkedTime',
      args: { taskId: second },
    });
    expect(await entriesOf(second)).toEqual([]);

    // The task carries the running entry (the card's timer icon).
    const current = (await anna.client.get('/api/v1/user_tasks/current')).json;
    expect(current.find((task: { id: number }) => task.id === first).timesWorked).toEqual([
      { userId: anna.id, started: started.json.started, finished: null },
    ]);

    const finished = await anna.client.post(path(first, '/finish'), { message: '  Moved the pallets  ' });
    expect(finished.status).toBe(200);
    expect(finished.json).toMatchObject({ id: started.json.id, message: 'Moved the pallets', minutes: 0, version: 2 });
    expect(finished.json.finished).toEqual(expect.any(String));
    expect((await anna.client.post(path(second, '/start'))).status).toBe(200);
  });

  it('lets only one of two concurrent starts of one user win', async () => {
    const anna = await newUser();
    const [first, second] = [await newTask([anna.id]), await newTask([anna.id])];
    const answers = await Promise.all([
      anna.client.post(path(first, '/start')),
      anna.client.post(path(second, '/start')),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const running = await t.app.ctx.db
      .selectFrom('user_task_worked_time')
      .selectAll()
      .where('user_id', '=', anna.id)
      .where('finished', 'is', null)
      .execute();
    expect(running).toHaveLength(1);
  });

  it('adds manual entries, edits them (finished cleared = running, still one per user) and deletes them', async () => {
    const [anna, ben] = [await newUser(), await newUser()];
    const taskId = await newTask([anna.id, ben.id]);
    const created = await anna.client.post(path(taskId), {
      message: 'Unloading',
      started: '2025-03-01T08:00:00+01:00',
      finished: '2025-03-01T08:45:30+01:00',
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      userId: anna.id,
      message: 'Unloading',
      started: '2025-03-01T07:00:00.000Z',
      finished: '2025-03-01T07:45:30.000Z',
      minutes: 45,
      version: 1,
    });
    const entryId = created.json.id;
    const entryPath = path(taskId, `/${entryId}`);

    // Only the owner (or a task manager) edits an entry; a co-assigned user is refused.
    const byBen = await ben.client.post(entryPath, {
      version: 1,
      message: 'Not mine',
      started: '2025-03-01T07:00:00Z',
      finished: '2025-03-01T09:00:00Z',
    });
    expect(errorOf(byBen)).toMatchObject({ status: 403, key: 'requestForbidden' });
    expect((await entriesOf(taskId))[0]).toMatchObject({ message: 'Unloading', version: 1 });
    const edited = await anna.client.post(entryPath, {
      version: 1,
      message: 'Unloading truck 2',
      started: '2025-03-01T07:00:00Z',
      finished: '2025-03-01T09:00:00Z',
    });
    expect(edited.json).toMatchObject({ message: 'Unloading truck 2', minutes: 120, version: 2, userId: anna.id });
    const stale = await anna.client.post(entryPath, {
      version: 1,
      message: 'stale',
      started: '2025-03-01T07:00:00Z',
      finished: null,
    });
    expect(errorOf(stale)).toEqual({ status: 412, key: 'optimisticLockConflict', args: { currentVersion: 2 } });
    const backwards = await anna.client.post(entryPath, {
      version: 2,
      message: 'x',
      started: '2025-03-01T09:00:00Z',
      finished: '2025-03-01T08:00:00Z',
    });
    expect(errorOf(backwards)).toEqual({ status: 422, key: 'finishedBeforeStarted', args: {} });
    const future = await anna.client.post(entryPath, {
      version: 2,
      message: 'x',
      started: '2025-03-01T09:00:00Z',
      finished: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(errorOf(future).key).toBe('workedTimeInFuture');
    expect(
      (await anna.client.post(entryPath, { version: 2, message: 'x', started: 'yesterday', finished: null })).status,
    ).toBe(400);
    expect((await entriesOf(taskId))[0]).toMatchObject({ message: 'Unloading truck 2', version: 2 });

    const reopened = await anna.client.post(entryPath, {
      version: 2,
      message: 'running again',
      started: '2025-03-01T07:00:00Z',
      finished: null,
    });
    expect(reopened.json).toMatchObject({ finished: null, minutes: null, version: 3 });
    expect(errorOf(await anna.client.post(path(taskId, '/start'))).key).toBe('workedTimeAlreadyRunning');
    const second = await anna.client.post(path(taskId), {
      message: 'done',
      started: '2025-03-02T07:00:00Z',
      finished: '2025-03-02T07:10:00Z',
    });
    const secondPath = path(taskId, `/${second.json.id}`);
    const twoRunning = await anna.client.post(secondPath, {
      version: 1,
      message: 'done',
      started: '2025-03-02T07:00:00Z',
      finished: null,
    });
    expect(errorOf(twoRunning)).toMatchObject({ status: 409, key: 'workedTimeAlreadyRunning' });

    const list = await ben.client.get(path(taskId));
    expect(list.json.map((e: { id: number }) => e.id)).toEqual([entryId, second.json.id]);

    expect(errorOf(await ben.client.delete(entryPath))).toMatchObject({ status: 403, key: 'requestForbidden' });
    expect((await entriesOf(taskId)).map((e) => e.id)).toEqual([entryId, second.json.id]);
    expect((await anna.client.delete(entryPath)).json).toEqual({ ok: true });
    expect(errorOf(await anna.client.delete(entryPath))).toEqual({
      status: 404,
      key: 'unknownWorkedTime',
      args: { id: entryId },
    });
    expect((await entriesOf(taskId)).map((e) => e.id)).toEqual([second.json.id]);
  });

  it("keeps another user's entry to its owner and task managers, also after the owner claimed the task", async () => {
    const [anna, ben] = [await newUser(), await newUser()];
    const taskId = await newTask([anna.id, ben.id]);
    const times = { started: '2025-03-01T07:00:00Z', finished: '2025-03-01T08:00:00Z' };
    const annas = (await anna.client.post(path(taskId), { message: 'anna', ...times })).json;
    const bens = (await ben.client.post(path(taskId), { message: 'ben', ...times })).json;
    expect((await anna.client.post(`/api/v1/user_tasks/${taskId}/claim`)).status).toBe(200);
    const annaPath = path(taskId, `/${annas.id}`);
    const benPath = path(taskId, `/${bens.id}`);

    // ben (co-assigned, the task now claimed by anna) may neither edit nor delete anna's entry.
    const edit = (version: number, message: string) => ({ version, message, ...times });
    expect(errorOf(await ben.client.post(annaPath, edit(1, 'taken over')))).toMatchObject({ status: 403 });
    expect(errorOf(await ben.client.delete(annaPath))).toMatchObject({ status: 403 });
    expect((await entriesOf(taskId)).map((e) => [e.id, e.message, e.version])).toEqual([
      [annas.id, 'anna', 1],
      [bens.id, 'ben', 1],
    ]);

    // Nor may anna, the claimant, change ben's entry; ben still corrects his own.
    expect(errorOf(await anna.client.post(benPath, edit(1, 'mine now')))).toMatchObject({ status: 403 });
    expect(errorOf(await anna.client.delete(benPath))).toMatchObject({ status: 403 });
    expect((await ben.client.post(benPath, edit(1, 'ben corrected'))).json).toMatchObject({ version: 2 });

    // A task manager (not assigned) edits and deletes anyone's entry; the owner keeps it.
    const byManager = await manager.post(annaPath, edit(1, 'corrected by manager'));
    expect(byManager.json).toMatchObject({ message: 'corrected by manager', userId: anna.id, version: 2 });
    expect((await manager.delete(benPath)).json).toEqual({ ok: true });
    expect((await anna.client.delete(annaPath)).json).toEqual({ ok: true });
    expect(await entriesOf(taskId)).toEqual([]);
  });

  it('refuses users not assigned (403), entries of another task (404) and work on a finished task (422)', async () => {
    const [anna, other] = [await newUser(), await newUser()];
    const taskId = await newTask([anna.id]);
    const otherTask = await newTask([other.id]);
    const created = await anna.client.post(path(taskId), {
      message: 'a',
      started: '2025-03-01T07:00:00Z',
      finished: '2025-03-01T08:00:00Z',
    });
    const entryPath = path(taskId, `/${created.json.id}`);
    const edit = { version: 1, message: 'b', started: '2025-03-01T07:00:00Z', finished: '2025-03-01T08:00:00Z' };
    expect(errorOf(await other.client.get(path(taskId))).status).toBe(403);
    expect((await other.client.post(path(taskId, '/start'))).status).toBe(403);
    expect((await other.client.post(entryPath, edit)).status).toBe(403);
    expect((await other.client.delete(entryPath)).status).toBe(403);
    expect(errorOf(await other.client.post(path(otherTask, `/${created.json.id}`), edit)).key).toBe(
      'unknownWorkedTime',
    );
    expect((await t.client().get(path(taskId))).status).toBe(401);
    expect((await manager.get(path(taskId))).status).toBe(200);

    await anna.client.post(`/api/v1/user_tasks/${taskId}/finish`);
    expect(errorOf(await anna.client.post(path(taskId, '/start')))).toEqual({
      status: 422,
      key: 'userTaskFinished',
      args: { id: taskId },
    });
    // Corrections of a finished task's entries stay possible.
    expect((await anna.client.post(entryPath, edit)).status).toBe(200);
    expect((await entriesOf(taskId)).map((e) => e.message)).toEqual(['b']);
  });
});
