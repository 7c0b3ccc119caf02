import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expandRoles, topics, type ClaimKind, type Role } from '@wms/contract';
import { makeDocument, makeItem, makeUser, type Document, type Item, type User } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { buildLiveTestApp, TestStompClient, type LiveTestApp } from '../../live/live.test-helper.js';
import type { Principal } from '../../http/access.js';
import { claimObjects, findClaimHolders } from './claims.service.js';

/** The claim overview and the managers' remove and detach, over HTTP, with the live warning over STOMP. */
describe('claims under /api/v1/claims', () => {
  let t: LiveTestApp;
  let item: Item;
  const sockets: TestStompClient[] = [];
  beforeAll(async () => {
    t = await buildLiveTestApp();
    item = await makeItem(t.app.ctx.db);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await t.close();
  });

  async function user(roles: readonly Role[]): Promise<User & { http: HttpClient }> {
    const made = await makeUser(t.app.ctx.db, { roles });
    return { ...made, http: await t.httpClientFor(made.username) };
  }
  const document = (type: 'PICK_LIST' | 'COUNTING_LIST' = 'PICK_LIST') =>
    makeDocument(t.app.ctx.db, { type, lines: [{ item, quantity: 1 }] });

  /** The user claims the documents the way a process app does. */
  function claim(holder: User, kind: ClaimKind, documents: readonly Document[], roles: readonly Role[] = ['picking']) {
    const caller: Principal = {
      userId: holder.id,
      username: holder.username,
      expandedRoles: new Set(expandRoles(roles)),
      sessionId: null,
      apiKeyId: null,
    };
    return t.app.ctx.db.transaction().execute(async (tx) => {
      const objects = documents.map((d) => ({ type: d.type as 'PICK_LIST', id: d.id }));
      return (await claimObjects(tx, { caller, userId: holder.id, kind, objects })).claimId;
    });
  }
  const holders = (documents: readonly Document[]) =>
    findClaimHolders(
      t.app.ctx.db,
      documents.map((d) => ({ type: d.type as 'PICK_LIST', id: d.id })),
    );

  async function listen(username: string): Promise<TestStompClient> {
    const socket = new TestStompClient(t.wsUrl, { cookie: (await t.cookieFor(username)).cookie, version: t.version });
    sockets.push(socket);
    await socket.connect();
    await socket.subscribed(topics.userErrors());
    return socket;
  }

  it('lists every claim with user, kind, objects and time to claim managers, marked manageable by the kind', async () => {
    const picker = await user(['picking']);
    const counter = await user(['counting']);
    const [list, other, count] = [await document(), await document(), await document('COUNTING_LIST')];
    const cartClaim = await claim(picker, 'PICK_AND_COLLECT', [list, other]);
    const countClaim = await claim(counter, 'COUNTING_LIST', [count], ['counting']);

    const countingManager = await user(['countingAuthManageClaims']);
    const answer = await countingManager.http.get('/api/v1/claims');
    expect(answer.status).toBe(200);
    const mine = answer.json.filter((c: { id: number }) => [cartClaim, countClaim].includes(c.id));
    expect(mine).toEqual([
      {
        id: cartClaim,
        userId: picker.id,
        username: picker.username,
        kind: 'PICK_AND_COLLECT',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        objects: [
          { type: 'PICK_LIST', id: list.id, code: list.code },
          { type: 'PICK_LIST', id: other.id, code: other.code },
        ],
        manageable: false,
      },
      {
        id: countClaim,
        userId: counter.id,
        username: counter.username,
        kind: 'COUNTING_LIST',
        createdAt: expect.any(String),
        objects: [{ type: 'COUNTING_LIST', id: count.id, code: count.code }],
        manageable: true,
      },
    ]);
    const admin = await t.httpClientFor('admin');
    const all = (await admin.get('/api/v1/claims')).json as { id: number; manageable: boolean }[];
    expect(all.filter((c) => [cartClaim, countClaim].includes(c.id)).map((c) => c.manageable)).toEqual([true, true]);

    for (const client of [picker.http, await t.httpClientFor('operator')]) {
      const refused = await client.get('/api/v1/claims');
      expect(refused.status).toBe(403);
      expect(refused.json.key).toBe('requestForbidden');
    }
  });

  it('removes a claim for a manager of its kind: the objects are free, the document is untouched, the claimant is warned live', async () => {
    const picker = await user(['picking']);
    const manager = await user(['pickingAuthManageClaims']);
    const list = await document();
    const claimId = await claim(picker, 'PICK_LIST', [list]);
    const before = await t.app.ctx.db.selectFrom('document').selectAll().where('id', '=', list.id).executeTakeFirst();
    const socket = await listen(picker.username);
    const managerSocket = await listen(manager.username);

    const removed = await manager.http.post(`/api/v1/claims/${claimId}/remove`);
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ ok: true });
    expect(await holders([list])).toEqual([]);
    expect(await t.app.ctx.db.selectFrom('claim').select('id').where('id', '=', claimId).execute()).toEqual([]);
    expect(await t.app.ctx.db.selectFrom('document').selectAll().where('id', '=', list.id).executeTakeFirst()).toEqual(
      before,
    );

    const [warning] = await socket.waitForMessages(1, topics.userErrors());
    expect(warning).toEqual({
      what: 'WARNING',
      payload: {
        key: 'claimRemovedByManager',
        args: {
          claimId,
          kind: 'PICK_LIST',
          objects: list.code,
          objectRefs: [{ type: 'PICK_LIST', id: list.id, code: list.code }],
          manager: manager.username,
        },
      },
    });
    expect(managerSocket.messages(topics.userErrors())).toEqual([]);

    const again = await manager.http.post(`/api/v1/claims/${claimId}/remove`);
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ key: 'claimNotFound', args: { id: claimId } });
    // Free again: another picker claims it.
    await expect(claim(await user(['picking']), 'PICK_LIST', [list])).resolves.toEqual(expect.any(Number));
  });

  it('detaches one pick list from a pick-and-collect claim, and the last one removes the claim; each time the claimant is warned', async () => {
    const picker = await user(['pickAndCollect', 'picking']);
    const manager = await user(['picklistOverviewAuthManageClaims']);
    const cart = [await document(), await document()];
    const claimId = await claim(picker, 'PICK_AND_COLLECT', cart);
    const socket = await listen(picker.username);

    const first = await manager.http.post(`/api/v1/claims/${claimId}/detach`, {
      objectType: 'PICK_LIST',
      objectId: cart[0]!.id,
    });
    expect(first.status).toBe(200);
    expect(first.json.claim).toMatchObject({
      id: claimId,
      username: picker.username,
      objects: [{ type: 'PICK_LIST', id: cart[1]!.id, code: cart[1]!.code }],
      manageable: true,
    });
    expect((await holders(cart)).map((h) => h.id)).toEqual([cart[1]!.id]);
    const [warning] = await socket.waitForMessages(1, topics.userErrors());
    expect(warning).toMatchObject({
      what: 'WARNING',
      payload: { key: 'claimRemovedByManager', args: { kind: 'PICK_AND_COLLECT', objects: cart[0]!.code } },
    });

    const notInIt = await manager.http.post(`/api/v1/claims/${claimId}/detach`, {
      objectType: 'PICK_LIST',
      objectId: cart[0]!.id,
    });
    expect(notInIt.status).toBe(404);
    expect(notInIt.json).toMatchObject({
      key: 'claimObjectNotInClaim',
      args: { id: claimId, objectType: 'PICK_LIST', objectId: cart[0]!.id },
    });

    const last = await manager.http.post(`/api/v1/claims/${claimId}/detach`, {
      objectType: 'PICK_LIST',
      objectId: cart[1]!.id,
    });
    expect(last.status).toBe(200);
    expect(last.json).toEqual({ claim: null });
    expect(await t.app.ctx.db.selectFrom('claim').select('id').where('id', '=', claimId).execute()).toEqual([]);
    const [, second] = await socket.waitForMessages(2, topics.userErrors());
    expect(second).toMatchObject({ payload: { args: { claimId, objects: cart[1]!.code } } });
  });

  it("answers 403 to a manager without the kind's authorisation, 404 claimNotFound for an unknown claim, 400 for a bad body", async () => {
    const counter = await user(['counting']);
    const count = await document('COUNTING_LIST');
    const claimId = await claim(counter, 'COUNTING_LIST', [count], ['counting']);
    const pickingManager = await user(['pickingAuthManageClaims']);

    const remove = await pickingManager.http.post(`/api/v1/claims/${claimId}/remove`);
    expect(remove.status).toBe(403);
    expect(remove.json).toMatchObject({ key: 'requestForbidden', args: { kind: 'COUNTING_LIST' } });
    const detach = await pickingManager.http.post(`/api/v1/claims/${claimId}/detach`, {
      objectType: 'COUNTING_LIST',
      objectId: count.id,
    });
    expect(detach.status).toBe(403);
    expect((await holders([count])).map((h) => h.claimId)).toEqual([claimId]);

    const operator = await t.httpClientFor('operator');
    expect((await operator.post(`/api/v1/claims/${claimId}/remove`)).status).toBe(403);

    const unknown = await pickingManager.http.post('/api/v1/claims/999999/remove');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ key: 'claimNotFound', args: { id: 999999 } });
    const unknownDetach = await pickingManager.http.post('/api/v1/claims/999999/detach', {
      objectType: 'PICK_LIST',
      objectId: 1,
    });
    expect(unknownDetach.status).toBe(404);
    expect(unknownDetach.json.key).toBe('claimNotFound');

    const countingManager = await user(['countingAuthManageClaims']);
    const bad = await countingManager.http.post(`/api/v1/claims/${claimId}/detach`, {
      objectType: 'ITEM',
      objectId: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.key).toBe('invalidInput');
    expect((await countingManager.http.post(`/api/v1/claims/${claimId}/remove`)).status).toBe(200);
    expect(await holders([count])).toEqual([]);
  });

  it('warns nobody when a manager removes their own claim', async () => {
    const manager = await user(['pickingAuthManageClaims']);
    const list = await document();
    const claimId = await claim(manager, 'PICK_LIST', [list], ['pickingAuthManageClaims']);
    const socket = await listen(manager.username);
    expect((await manager.http.post(`/api/v1/claims/${claimId}/remove`)).status).toBe(200);
    // A message sent after the removal would arrive before this one: the queue carries none.
    t.app.ctx.live.sendToUsers([manager.id], topics.userErrors(), 'INFO', { key: 'marker', args: {} });
    await vi.waitFor(() => expect(socket.messages(topics.userErrors()).length).toBeGreaterThan(0));
    expect(socket.messages(topics.userErrors())).toEqual([{ what: 'INFO', payload: { key: 'marker', args: {} } }]);
  });
});
