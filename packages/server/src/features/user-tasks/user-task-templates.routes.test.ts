import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn, userIdOf } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';

describe('user task templates under /api/v1/user_tasks/templates', () => {
  let t: TestApp;
  let manager: HttpClient;
  let operator: HttpClient;
  let operatorId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    [manager, operator] = await Promise.all([signIn(t, 'taskmanager'), signIn(t, 'operator')]);
    operatorId = await userIdOf(t, 'operator');
  });
  afterAll(async () => t.close());

  const templateRows = () => t.app.ctx.db.selectFrom('user_task_template').selectAll().orderBy('id').execute();

  it('lists the demo templates: one with parameters (a hidden one) and buttons, one simple', async () => {
    const answer = await manager.get('/api/v1/user_tasks/templates');
    expect(answer.status).toBe(200);
    const replenish = answer.json.find((tpl: { title: string }) => tpl.title === 'Replenish {location}');
    expect(replenish).toMatchObject({
      priority: 30,
      parameters: { location: '01-A01-01', item: 'ITEM-001', _flow: 'replenishment-v1' },
      users: [operatorId],
    });
    expect(replenish.buttons.map((b: { id: string }) => b.id)).toEqual(['moved', 'empty']);
    const simple = answer.json.find((tpl: { title: string }) => tpl.title === 'Clean the dock');
    expect(simple).toMatchObject({ parameters: {}, buttons: [], priority: 10 });
  });

  it('creates with id -1, reads, updates with the version read (412 when stale) and deletes', async () => {
    const created = await manager.post('/api/v1/user_tasks/templates', {
      id: -1,
      title: 'Pick order {order}',
      text: 'Pick {order}\nfor {customer}',
      priority: 40,
      borderColor: '#ff0000',
      tags: ['picking'],
      users: [operatorId],
      parameters: { order: 'SO-1', customer: 'ACME', _source: 'erp' },
      buttons: [{ id: 'picked', color: 'success', title: 'Picked', params: ['order'] }],
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({
      title: 'Pick order {order}',
      version: 1,
      priority: 40,
      borderColor: '#ff0000',
    });
    const id = created.json.id;
    expect((await manager.get(`/api/v1/user_tasks/templates/${id}`)).json).toEqual(created.json);

    const updated = await manager.post('/api/v1/user_tasks/templates', {
      ...created.json,
      title: 'Pick {order}',
      version: 1,
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ title: 'Pick {order}', version: 2 });

    const stale = await manager.post('/api/v1/user_tasks/templates', { ...created.json, title: 'Stale', version: 1 });
    expect(errorOf(stale)).toEqual({ status: 412, key: 'optimisticLockConflict', args: { currentVersion: 2 } });
    expect((await templateRows()).find((r) => r.id === id)?.title).toBe('Pick {order}');

    expect((await manager.delete(`/api/v1/user_tasks/templates/${id}`)).json).toEqual({ ok: true });
    expect(errorOf(await manager.delete(`/api/v1/user_tasks/templates/${id}`))).toEqual({
      status: 404,
      key: 'unknownUserTaskTemplate',
      args: { id },
    });
    expect((await manager.get(`/api/v1/user_tasks/templates/${id}`)).status).toBe(404);
    const unknownUpdate = await manager.post('/api/v1/user_tasks/templates', { ...created.json, version: 2 });
    expect(errorOf(unknownUpdate).key).toBe('unknownUserTaskTemplate');
  });

  it('refuses bad input with its field and key, and stores nothing', async () => {
    const before = await templateRows();
    const cases: [unknown, string][] = [
      [{ id: -1, title: '' }, 'body.title'],
      [{ id: -1, title: 'x', priority: 15 }, 'body.priority'],
      [{ id: -1, title: 'x', borderColor: 'red; background: url(x)' }, 'body.borderColor'],
      [{ id: -1, title: 'x', parameters: { '1bad': 'v' } }, 'body.parameters'],
      [
        {
          id: -1,
          title: 'x',
          buttons: [
            { id: 'a', color: 'success', title: 'A', params: [] },
            { id: 'a', color: 'danger', title: 'B', params: [] },
          ],
        },
        'body.buttons',
      ],
      [{ id: -1, title: 'x', buttons: [{ id: 'a', color: 'pink', title: 'A', params: [] }] }, 'body.buttons'],
      [{ id: 0, title: 'x' }, 'body.id'],
    ];
    for (const [body, field] of cases) {
      const answer = await manager.post('/api/v1/user_tasks/templates', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.key).toBe('invalidInput');
      expect(JSON.stringify(answer.json.args.fields), JSON.stringify(body)).toContain(field);
    }
    const unknownUser = await manager.post('/api/v1/user_tasks/templates', { id: -1, title: 'x', users: [999999] });
    expect(errorOf(unknownUser)).toEqual({ status: 404, key: 'unknownUser', args: { userid: 999999 } });
    expect(await templateRows()).toEqual(before);
  });

  it('is for task managers only: 401 signed out, 403 for an operator', async () => {
    const anonymous = t.client();
    expect((await anonymous.get('/api/v1/user_tasks/templates')).status).toBe(401);
    expect((await anonymous.post('/api/v1/user_tasks/templates', { id: -1, title: 'x' })).status).toBe(401);
    expect(errorOf(await operator.get('/api/v1/user_tasks/templates')).status).toBe(403);
    expect(errorOf(await operator.get('/api/v1/user_tasks/templates/1')).key).toBe('requestForbidden');
    expect((await operator.post('/api/v1/user_tasks/templates', { id: -1, title: 'x' })).status).toBe(403);
    expect((await operator.delete('/api/v1/user_tasks/templates/1')).status).toBe(403);
  });
});
