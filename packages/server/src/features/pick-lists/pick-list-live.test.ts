import { counterDestination, topics, type Role } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type User } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { buildLiveTestApp, TestStompClient, type LiveTestApp } from '../../live/live.test-helper.js';
import { countUnclaimedPickLists } from './pick-list-live.js';
import {
  assertPickInvariants,
  makeSalesOrder,
  pickListAt,
  pickListPath,
  pickScene,
  type PickScene,
} from './pick-lists.test-helper.js';

/** What the overview's actions send live: document changes, the picking counters, the claim warning. */
describe('pick list live messages', () => {
  let t: LiveTestApp;
  let generator: User & { http: HttpClient };
  let manager: User & { http: HttpClient };
  let scene: PickScene;
  const sockets: TestStompClient[] = [];
  beforeAll(async () => {
    t = await buildLiveTestApp({ DEMO_DATA: 'false' });
    generator = await user(['picklistGenerator']);
    manager = await user(['picklistOverviewAuthManageClaims']);
    scene = await pickScene(t.app.ctx.db);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t.close();
  });

  async function user(roles: readonly Role[]): Promise<User & { http: HttpClient }> {
    const made = await makeUser(t.app.ctx.db, { roles });
    return { ...made, http: await t.httpClientFor(made.username) };
  }
  async function listen(username: string, destination: string): Promise<TestStompClient> {
    const socket = new TestStompClient(t.wsUrl, { cookie: (await t.cookieFor(username)).cookie, version: t.version });
    sockets.push(socket);
    await socket.connect();
    await socket.subscribed(destination);
    return socket;
  }
  async function newList(): Promise<string> {
    const order = await makeSalesOrder(t.app.ctx.db, scene, [{ item: scene.normalItem, quantity: 1 }]);
    const answer = await generator.http.post(`${pickListPath}/create`, {
      warehouse: scene.warehouse.code,
      lines: [{ salesOrder: order.code, lineNumber: 0 }],
    });
    expect(answer.status, answer.text).toBe(200);
    return (answer.json.created as string[])[0] as string;
  }

  it('warns the former claimant live when a manager removes the claim', async () => {
    const picker = await user(['picking']);
    const code = await newList();
    expect((await picker.http.post(`${pickListAt(code)}/claim`, {})).status).toBe(200);
    const socket = await listen(picker.username, topics.userErrors());
    const removed = await manager.http.post(`${pickListAt(code)}/removeClaim`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json.claimedBy).toBeNull();
    const [warning] = await socket.waitForMessages(1, topics.userErrors());
    expect(warning).toMatchObject({
      what: 'WARNING',
      payload: { key: 'claimRemovedByManager', args: { kind: 'PICK_LIST', objects: code, manager: manager.username } },
    });
    // The claimant cannot go on: claiming again works, the list is free.
    expect((await picker.http.post(`${pickListAt(code)}/claim`, {})).status).toBe(200);
    await assertPickInvariants(t.app.ctx.db);
  });

  it('publishes a promote on the pick list topic and sends the picking counters on connect', async () => {
    const code = await newList();
    const watcher = await user(['picking']);
    const socket = await listen(watcher.username, topics.documents('pick_list'));
    const promoted = await manager.http.post(`${pickListAt(code)}/promote`);
    // picklistOverviewAuthManageClaims may promote (managers); the answer carries the new version.
    expect(promoted.status, promoted.text).toBe(200);
    const [changed] = await socket.waitForMessages(1, topics.documents('pick_list'));
    expect(changed).toEqual({
      what: 'DOCUMENT_CHANGED',
      payload: { type: 'PICK_LIST', code, status: 'RELEASED', version: promoted.json.version },
    });

    const unclaimed = await countUnclaimedPickLists(t.app.ctx.db);
    expect(unclaimed).toBeGreaterThan(0);
    const counters = await listen(watcher.username, counterDestination);
    const [state] = await counters.waitForMessages(1, counterDestination);
    expect(state).toMatchObject({
      what: 'NOTIFICATION_COUNTERS',
      payload: { counters: { '/stock_picking': unclaimed, '/pick_and_collect': unclaimed } },
    });
  });
});
