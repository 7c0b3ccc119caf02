import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics, userTaskCounterPath } from '@wms/contract';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn, userIdOf } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf, signedInUserWithRoles } from '../../../test/user-helper.js';

interface TaskUser {
  client: HttpClient;
  id: number;
  username: string;
}

describe('user tasks under /api/v1/user_tasks/', () => {
  let t: TestApp;
  let admin: HttpClient;
  let manager: HttpClient;
  let sequence = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, manager] = await Promise.all([signIn(t, 'admin'), signIn(t, 'taskmanager')]);
  });
  afterAll(async () => t.close());

  /** A fresh user (no demo tasks) with the given roles. */
  async function newUser(roles: Parameters<typeof signedInUserWithRoles>[2] = ['information']): Promise<TaskUser> {
    sequence += 1;
    const username = `tasker${sequence}`;
    const client = await signedInUserWithRoles(admin, username, roles);
    return { client, id: await userIdOf(t, username), username };
  }

  const counterOf = async (userId: number) =>
    (
      await t.app.ctx.db
        .selectFrom('notification_counter')
        .select('count')
        .where('path', '=', userTaskCounterPath)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.count;

  const taskCount = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('user_task')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function createSimple(users: number[], extra: Record<string, unknown> = {}) {
    const answer = await manager.post('/api/v1/user_tasks/create', {
      templateId: null,
      mode: 'shared',
      users,
      title: 'Simple task',
      ...extra,
    });
    expect(answer.status, answer.text).toBe(201);
    return answer.json[0];
  }

  it('creates per-user tasks from a template: placeholders filled, hidden parameters kept, one task each', async () => {
    const [anna, ben] = [await newUser(), await newUser()];
    const template = (await manager.get('/api/v1/user_tasks/templates')).json.find(
      (tpl: { title: string }) => tpl.title === 'Replenish {location}',
    );
    const answer = await manager.post('/api/v1/user_tasks/create', {
      templateId: template.id,
      mode: 'perUser',
      users: [anna.id, ben.id],
      parameters: { location: '01-A01-02' },
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toHaveLength(2);
    for (const [index, user] of [anna, ben].entries()) {
      expect(answer.json[index]).toMatchObject({
        title: 'Replenish 01-A01-02',
        text: 'Bring ITEM-001 to 01-A01-02.\nScan the location label when done.',
        priority: 30,
        borderColor: '#fd7e14',
        users: [user.id],
        usernames: [user.username],
        parameters: { location: '01-A01-02', item: 'ITEM-001', _flow: 'replenishment-v1' },
        claimedByUser: null,
        finishedAt: null,
        version: 1,
      });
      expect(answer.json[index].buttons.map((b: { id: string }) => b.id)).toEqual(['moved', 'empty']);
      const current = await user.client.get('/api/v1/user_tasks/current');
      expect(current.json.map((task: { id: number }) => task.id)).toEqual([answer.json[index].id]);
      expect(await counterOf(user.id)).toBe(1);
    }
  });

  it('creates one shared task for several users; a simple task needs a title and users', async () => {
    const [anna, ben] = [await newUser(), await newUser()];
    const shared = await createSimple([anna.id, ben.id, anna.id], { priority: 40, text: 'Line 1\nLine 2' });
    expect(shared).toMatchObject({ users: [anna.id, ben.id], text: 'Line 1\nLine 2', priority: 40, parameters: {} });
    const before = await taskCount();
    const noTitle = await manager.post('/api/v1/user_tasks/create', { mode: 'shared', users: [anna.id] });
    expect(noTitle.status).toBe(400);
    expect(noTitle.json.args.fields).toEqual([{ field: 'body.title', message: 'required without a template' }]);
    const noUsers = await manager.post('/api/v1/user_tasks/create', { mode: 'shared', title: 'x', users: [] });
    expect(noUsers.json.args.fields[0].field).toBe('body.users');
    expect(
      errorOf(await manager.post('/api/v1/user_tasks/create', { mode: 'shared', title: 'x', users: [999999] })),
    ).toEqual({ status: 404, key: 'unknownUser', args: { userid: 999999 } });
    const unknownTemplate = await manager.post('/api/v1/user_tasks/create', { templateId: 999999, mode: 'shared' });
    expect(errorOf(unknownTemplate)).toEqual({ status: 404, key: 'unknownUserTaskTemplate', args: { id: 999999 } });
    for (const body of [
      { mode: 'both', title: 'x', users: [anna.id] },
      { mode: 'shared', title: 'x', users: [anna.id], priority: 11 },
      { mode: 'shared', title: 'x', users: [anna.id], borderColor: 'blue' },
    ]) {
      expect((await manager.post('/api/v1/user_tasks/create', body)).json.key).toBe('invalidInput');
    }
    expect(await taskCount()).toBe(before);
  });

  it('lists current tasks by priority then age, hides finished ones unless asked, and hides tasks claimed by others', async () => {
    const [anna, ben] = [await newUser(), await newUser()];
    const low = await createSimple([anna.id], { title: 'low', priority: 20 });
    const veryHigh = await createSimple([anna.id], { title: 'very high', priority: 40 });
    const normal = await createSimple([anna.id], { title: 'normal', priority: 10 });
    const lowLater = await createSimple([anna.id], { title: 'low later', priority: 20 });
    const shared = await createSimple([anna.id, ben.id], { title: 'shared', priority: 0 });
    const ids = async (query = '') =>
      (await anna.client.get(`/api/v1/user_tasks/current${query}`)).json.map((task: { id: number }) => task.id);
    expect(await ids()).toEqual([veryHigh.id, low.id, lowLater.id, normal.id, shared.id]);
    expect(await counterOf(anna.id)).toBe(5);

    expect((await anna.client.post(`/api/v1/user_tasks/${normal.id}/finish`)).status).toBe(200);
    expect(await ids()).toEqual([veryHigh.id, low.id, lowLater.id, shared.id]);
    expect(await ids('?activeOnly=false')).toContain(normal.id);
    expect((await anna.client.get('/api/v1/user_tasks/current?activeOnly=maybe')).status).toBe(400);

    expect((await ben.client.post(`/api/v1/user_tasks/${shared.id}/claim`)).status).toBe(200);
    expect(await ids('?activeOnly=false')).not.toContain(shared.id);
    expect(await counterOf(anna.id)).toBe(3);
    expect(await counterOf(ben.id)).toBe(1);
  });

  it('answers getTask to assigned users and task managers; 403 to others, 404 for an unknown task', async () => {
    const [anna, other] = [await newUser(), await newUser()];
    const task = await createSimple([anna.id]);
    expect((await anna.client.get(`/api/v1/user_tasks/${task.id}`)).json).toMatchObject({ id: task.id });
    expect((await manager.get(`/api/v1/user_tasks/${task.id}`)).status).toBe(200);
    expect(errorOf(await other.client.get(`/api/v1/user_tasks/${task.id}`))).toMatchObject({
      status: 403,
      key: 'requestForbidden',
    });
    expect(errorOf(await anna.client.get('/api/v1/user_tasks/999999'))).toEqual({
      status: 404,
      key: 'unknownUserTask',
      args: { id: 999999 },
    });
    expect((await t.client().get(`/api/v1/user_tasks/${task.id}`)).status).toBe(401);
  });

  it('saves a task with the version read: 412 optimisticLockConflict when stale, nothing changed', async () => {
    const [anna, ben] = [await newUser(), await newUser()];
    const task = await createSimple([anna.id]);
    const edit = {
      version: 1,
      priority: 30,
      borderColor: '#00ff00',
      title: 'Edited {what}',
      text: 'Text',
      tags: ['a'],
      users: [anna.id, ben.id],
      parameters: { what: 'now' },
      buttons: [{ id: 'ok', color: 'primary', title: 'OK', params: [] }],
      startAt: null,
    };
    const saved = await manager.post(`/api/v1/user_tasks/${task.id}`, edit);
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ title: 'Edited now', version: 2, users: [anna.id, ben.id], priority: 30 });
    expect(await counterOf(ben.id)).toBe(1);

    const stale = await manager.post(`/api/v1/user_tasks/${task.id}`, { ...edit, title: 'Stale', users: [anna.id] });
    expect(errorOf(stale)).toEqual({ status: 412, key: 'optimisticLockConflict', args: { currentVersion: 2 } });
    const stored = (await manager.get(`/api/v1/user_tasks/${task.id}`)).json;
    expect(stored).toMatchObject({ title: 'Edited now', users: [anna.id, ben.id], version: 2 });

    // The client's retry: re-read, re-apply, write.
    const retried = await manager.post(`/api/v1/user_tasks/${task.id}`, {
      ...edit,
      version: stored.version,
      title: 'Retried',
      users: [ben.id],
    });
    expect(retried.json).toMatchObject({ title: 'Retried', version: 3, users: [ben.id] });
    expect(await counterOf(anna.id)).toBe(0);

    expect((await manager.post(`/api/v1/user_tasks/${task.id}`, { ...edit, version: 3, users: [] })).status).toBe(400);
    expect(errorOf(await manager.post('/api/v1/user_tasks/999999', edit)).key).toBe('unknownUserTask');
    expect((await anna.client.post(`/api/v1/user_tasks/${task.id}`, edit)).status).toBe(403);
  });

  it('lets exactly one of two users claiming a shared task at once win; the loser gets 409 claimedByOtherUser', async () => {
    const [anna, ben, carl] = [await newUser(), await newUser(), await newUser()];
    const task = await createSimple([anna.id, ben.id, carl.id]);
    const sent: unknown[][] = [];
    const original = t.app.ctx.live.sendToUsers.bind(t.app.ctx.live);
    t.app.ctx.live.sendToUsers = (...args: Parameters<typeof original>) => {
      sent.push(args);
      original(...args);
    };
    try {
      const answers = await Promise.all([
        anna.client.post(`/api/v1/user_tasks/${task.id}/claim`),
        ben.client.post(`/api/v1/user_tasks/${task.id}/claim`),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers[0]?.status === 200 ? anna : ben;
      const loser = winner === anna ? ben : anna;
      const lost = answers.find((a) => a.status === 409);
      expect(errorOf(lost!)).toEqual({
        status: 409,
        key: 'claimedByOtherUser',
        args: { username: expect.anything() },
      });
      const stored = (await manager.get(`/api/v1/user_tasks/${task.id}`)).json;
      expect(stored).toMatchObject({ claimedByUser: winner.id, claimedByUsername: winner.username, version: 2 });
      expect(sent).toEqual([
        [
          expect.arrayContaining([loser.id, carl.id]),
          topics.userTasks(),
          'USER_TASKS_CLAIMED_BY',
          { taskId: task.id, by: winner.username },
        ],
      ]);
      expect(await counterOf(loser.id)).toBe(0);
      expect(await counterOf(carl.id)).toBe(0);
      expect(await counterOf(winner.id)).toBe(1);
      expect((await winner.client.post(`/api/v1/user_tasks/${task.id}/claim`)).status).toBe(200);
      expect(errorOf(await carl.client.post(`/api/v1/user_tasks/${task.id}/claim`))).toEqual({
        status: 409,
        key: 'claimedByOtherUser',
        args: { username: winner.username },
      });
      expect((await carl.client.post(`/api/v1/user_tasks/${task.id}/finish`)).status).toBe(409);
    } finally {
      t.app.ctx.live.sendToUsers = original;
    }
  });

  it('claims only shared tasks of the caller', async () => {
    const [anna, other] = [await newUser(), await newUser()];
    const single = await createSimple([anna.id]);
    expect(errorOf(await anna.client.post(`/api/v1/user_tasks/${single.id}/claim`))).toEqual({
      status: 422,
      key: 'userTaskNotShared',
      args: { id: single.id },
    });
    expect((await other.client.post(`/api/v1/user_tasks/${single.id}/claim`)).status).toBe(403);
    expect((await anna.client.post('/api/v1/user_tasks/999999/claim')).status).toBe(404);
    const shared = await createSimple([anna.id, other.id]);
    await manager.post(`/api/v1/user_tasks/${shared.id}/finish`);
    expect(errorOf(await anna.client.post(`/api/v1/user_tasks/${shared.id}/claim`)).key).toBe('userTaskFinished');
  });

  it('marks a task finished: the others who saw it get USER_TASKS_COMPLETED_ONE and their counters drop', async () => {
    const [anna, ben, other] = [await newUser(), await newUser(), await newUser()];
    const task = await createSimple([anna.id, ben.id]);
    expect(await counterOf(ben.id)).toBe(1);
    await anna.client.post(`/api/v1/user_tasks/${task.id}/worked_times/start`);
    const sent: unknown[][] = [];
    const original = t.app.ctx.live.sendToUsers.bind(t.app.ctx.live);
    t.app.ctx.live.sendToUsers = (...args: Parameters<typeof original>) => {
      sent.push(args);
      original(...args);
    };
    try {
      expect((await other.client.post(`/api/v1/user_tasks/${task.id}/finish`)).status).toBe(403);
      const finished = await anna.client.post(`/api/v1/user_tasks/${task.id}/finish`);
      expect(finished.status).toBe(200);
      expect(finished.json.finishedAt).toEqual(expect.any(String));
      // The running timer stopped with the task.
      expect(finished.json.timesWorked).toEqual([
        { userId: anna.id, started: expect.any(String), finished: finished.json.finishedAt },
      ]);
      expect(sent).toEqual([
        [[ben.id], topics.userTasks(), 'USER_TASKS_COMPLETED_ONE', { taskId: task.id, by: anna.username }],
      ]);
    } finally {
      t.app.ctx.live.sendToUsers = original;
    }
    expect(await counterOf(anna.id)).toBe(0);
    expect(await counterOf(ben.id)).toBe(0);
    expect(errorOf(await ben.client.post(`/api/v1/user_tasks/${task.id}/finish`))).toEqual({
      status: 422,
      key: 'userTaskFinished',
      args: { id: task.id },
    });
  });

  it('records button presses with user, time and params; an unknown button is 404 with its key', async () => {
    const anna = await newUser();
    const task = await createSimple([anna.id], {
      buttons: [{ id: 'done', color: 'success', title: 'Done', params: ['a', 'b'] }],
    });
    const pressed = await anna.client.post(`/api/v1/user_tasks/${task.id}/buttons/done`, { params: ['a', 'b'] });
    expect(pressed.status).toBe(200);
    expect(pressed.json).toEqual({ taskId: task.id, buttonId: 'done', pressedAt: expect.any(String) });
    const rows = await t.app.ctx.db
      .selectFrom('task_button_press')
      .selectAll()
      .where('task_id', '=', task.id)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        button_id: 'done',
        user_id: anna.id,
        params: '["a","b"]',
        pressed_at: pressed.json.pressedAt,
      }),
    ]);
    expect(errorOf(await anna.client.post(`/api/v1/user_tasks/${task.id}/buttons/nope`, { params: [] }))).toEqual({
      status: 404,
      key: 'unknownUserTaskButton',
      args: { buttonId: 'nope' },
    });
    expect((await anna.client.post(`/api/v1/user_tasks/${task.id}/buttons/done`, { params: 'a,b' })).status).toBe(400);
    expect((await manager.post(`/api/v1/user_tasks/${task.id}/buttons/done`, { params: [] })).status).toBe(403);
    expect(
      await t.app.ctx.db.selectFrom('task_button_press').selectAll().where('task_id', '=', task.id).execute(),
    ).toHaveLength(1);
  });

  it('gives task managers the overview with users and worked minutes, and deletes a task with its time', async () => {
    const anna = await newUser();
    const task = await createSimple([anna.id], { title: 'Overview me' });
    await anna.client.post(`/api/v1/user_tasks/${task.id}/worked_times`, {
      message: 'work',
      started: '2025-01-01T08:00:00Z',
      finished: '2025-01-01T09:30:00Z',
    });
    const all = await manager.get('/api/v1/user_tasks/all');
    expect(all.status).toBe(200);
    expect(all.json.find((row: { id: number }) => row.id === task.id)).toEqual({
      id: task.id,
      createdAt: task.createdAt,
      finishedAt: null,
      users: [anna.username],
      title: 'Overview me',
      priority: 10,
      claimedByUsername: null,
      minutesWorked: 90,
    });
    expect(await counterOf(anna.id)).toBe(1);
    expect((await anna.client.delete(`/api/v1/user_tasks/${task.id}`)).status).toBe(403);
    expect((await anna.client.get('/api/v1/user_tasks/all')).status).toBe(403);
    expect((await manager.delete(`/api/v1/user_tasks/${task.id}`)).json).toEqual({ ok: true });
    expect(await counterOf(anna.id)).toBe(0);
    const times = await t.app.ctx.db
      .selectFrom('user_task_worked_time')
      .selectAll()
      .where('task_id', '=', task.id)
      .execute();
    expect(times).toEqual([]);
    expect(errorOf(await manager.delete(`/api/v1/user_tasks/${task.id}`)).key).toBe('unknownUserTask');
  });

  it('answers 401 signed out and 403 to non-managers on the manager routes', async () => {
    const anonymous = t.client();
    const anna = await newUser();
    for (const [method, path] of [
      ['POST', '/api/v1/user_tasks/create'],
      ['GET', '/api/v1/user_tasks/all'],
      ['POST', '/api/v1/user_tasks/1'],
      ['DELETE', '/api/v1/user_tasks/1'],
    ] as const) {
      const body = method === 'POST' ? {} : undefined;
      expect((await anonymous.request(method, path, body)).status, path).toBe(401);
      expect((await anna.client.request(method, path, body)).status, path).toBe(403);
    }
    for (const path of ['/api/v1/user_tasks/current', '/api/v1/user_tasks/1']) {
      expect((await anonymous.get(path)).status).toBe(401);
    }
  });
});
