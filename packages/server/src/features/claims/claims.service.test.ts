import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandRoles, type ClaimKind, type Role } from '@wms/contract';
import { makeDocument, makeItem, makeUser, type Document, type Item, type User } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Principal } from '../../http/access.js';
import {
  assertClaimant,
  claimObjects,
  findClaimHolders,
  releaseClaim,
  type ClaimTarget,
  type ClaimTaken,
} from './claims.service.js';

/** The claims service as the process apps call it: inside their transactions, on the real database. */
describe('claims service', () => {
  let t: TestApp;
  let item: Item;
  beforeAll(async () => {
    t = await buildTestApp();
    item = await makeItem(t.app.ctx.db);
  });
  afterAll(async () => t.close());

  const principal = (user: User, roles: readonly Role[]): Principal => ({
    userId: user.id,
    username: user.username,
    expandedRoles: new Set(expandRoles(roles)),
    sessionId: null,
    apiKeyId: null,
  });
  async function picker(roles: readonly Role[] = ['picking']) {
    const user = await makeUser(t.app.ctx.db, { roles });
    return { user, caller: principal(user, roles) };
  }
  const pickList = () => makeDocument(t.app.ctx.db, { type: 'PICK_LIST', lines: [{ item, quantity: 1 }] });
  const target = (document: Document): ClaimTarget => ({ type: 'PICK_LIST', id: document.id });

  function claim(caller: Principal, kind: ClaimKind, documents: readonly Document[], userId = caller.userId) {
    return t.app.ctx.db
      .transaction()
      .execute((tx) => claimObjects(tx, { caller, userId, kind, objects: documents.map(target) }));
  }
  const holders = (documents: readonly Document[]) => findClaimHolders(t.app.ctx.db, documents.map(target));
  const claimRows = async (userId: number) =>
    t.app.ctx.db.selectFrom('claim').selectAll().where('user_id', '=', userId).execute();

  it('lets exactly one of two users claim one pick list at once, round after round; the other gets 409 with the winner', async () => {
    const [a, b] = [await picker(), await picker()];
    for (let round = 0; round < 25; round++) {
      const list = await pickList();
      const outcomes = await Promise.allSettled([
        claim(a.caller, 'PICK_LIST', [list]),
        claim(b.caller, 'PICK_LIST', [list]),
      ]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
      expect(won, `round ${round}`).toHaveLength(1);
      const [holder] = await holders([list]);
      const winner = holder?.userId === a.user.id ? a.user : b.user;
      expect(lost).toEqual([
        expect.objectContaining({
          status: 409,
          key: 'claimedByOtherUser',
          args: expect.objectContaining({ username: winner.username }),
        }),
      ]);
      expect((won[0] as PromiseFulfilledResult<ClaimTaken>).value.claimId).toBe(holder?.claimId);
    }
    // The losers' claims were taken back: every claim row holds its object.
    const rows = [...(await claimRows(a.user.id)), ...(await claimRows(b.user.id))];
    expect(rows).toHaveLength(25);
  });

  it('settles overlapping pick-and-collect claims given in opposite orders with one winner (no deadlock)', async () => {
    const [a, b] = [await picker(), await picker()];
    // Objects need no document here: many of them make the two inserts overlap for long.
    let base = 1_000_000;
    for (let round = 0; round < 8; round++) {
      base += 10_000;
      const ids = Array.from({ length: 3000 }, (_, i) => base + i);
      const objects = (order: readonly number[]) => order.map((id): ClaimTarget => ({ type: 'PICK_LIST', id }));
      const take = (caller: Principal, order: readonly number[]) =>
        t.app.ctx.db
          .transaction()
          .execute((tx) =>
            claimObjects(tx, { caller, userId: caller.userId, kind: 'PICK_AND_COLLECT', objects: objects(order) }),
          );
      const outcomes = await Promise.allSettled([
        take(a.caller, ids.slice(0, 2000)),
        take(b.caller, [...ids].reverse()),
      ]);
      expect(
        outcomes.filter((o) => o.status === 'fulfilled'),
        `round ${round}`,
      ).toHaveLength(1);
      const rejected = outcomes.find((o) => o.status === 'rejected');
      expect(rejected?.reason).toMatchObject({ status: 409, key: 'claimedByOtherUser' });
      const held = await findClaimHolders(t.app.ctx.db, objects(ids));
      // All of the winner's objects and none of the loser's.
      expect(new Set(held.map((h) => h.userId)).size).toBe(1);
      expect(held).toHaveLength(held[0]?.userId === a.user.id ? 2000 : 3000);
    }
  });

  it('writes nothing for a multi-object claim that overlaps an existing claim, also when the caller catches the 409', async () => {
    const [a, b] = [await picker(), await picker()];
    const lists = [await pickList(), await pickList(), await pickList()];
    await claim(a.caller, 'PICK_LIST', [lists[1]!]);
    await expect(claim(b.caller, 'PICK_AND_COLLECT', lists)).rejects.toMatchObject({
      status: 409,
      key: 'claimedByOtherUser',
      args: { username: a.user.username, objectType: 'PICK_LIST', objectId: lists[1]!.id },
    });
    // A transaction that catches the refusal and commits still wrote no claim.
    const caught = await t.app.ctx.db.transaction().execute(async (tx) => {
      try {
        await claimObjects(tx, {
          caller: b.caller,
          userId: b.user.id,
          kind: 'PICK_AND_COLLECT',
          objects: lists.map(target),
        });
        return 'claimed';
      } catch (error) {
        return (error as { key?: string }).key;
      }
    });
    expect(caught).toBe('claimedByOtherUser');
    expect(await claimRows(b.user.id)).toEqual([]);
    expect((await holders(lists)).map((h) => [h.id, h.username])).toEqual([[lists[1]!.id, a.user.username]]);
  });

  it('answers the same claim when its user claims again (no-op), and adds new pick lists to their pick-and-collect claim', async () => {
    const { user, caller } = await picker();
    const list = await pickList();
    const first = await claim(caller, 'PICK_LIST', [list]);
    expect(first.added).toEqual([target(list)]);
    const again = await claim(caller, 'PICK_LIST', [list]);
    expect(again).toEqual({ claimId: first.claimId, added: [] });
    expect(await claimRows(user.id)).toHaveLength(1);

    const cart = [await pickList(), await pickList(), await pickList()];
    const taken = await claim(caller, 'PICK_AND_COLLECT', [cart[0]!, cart[1]!]);
    const more = await claim(caller, 'PICK_AND_COLLECT', [cart[1]!, cart[2]!]);
    expect(more).toEqual({ claimId: taken.claimId, added: [target(cart[2]!)] });
    expect((await holders(cart)).map((h) => h.claimId)).toEqual([taken.claimId, taken.claimId, taken.claimId]);
    expect(await claimRows(user.id)).toHaveLength(2);
  });

  it('lets a manager of the kind claim for another user; others get 403, an inactive user 404', async () => {
    const { user } = await picker();
    const manager = await picker(['pickingAuthManageClaims']);
    const list = await pickList();
    const taken = await claim(manager.caller, 'PICK_LIST', [list], user.id);
    expect(await holders([list])).toEqual([
      {
        type: 'PICK_LIST',
        id: list.id,
        claimId: taken.claimId,
        kind: 'PICK_LIST',
        userId: user.id,
        username: user.username,
      },
    ]);

    const other = await pickList();
    const colleague = await picker(['picking']);
    await expect(claim(colleague.caller, 'PICK_LIST', [other], user.id)).rejects.toMatchObject({ status: 403 });
    const countingManager = await picker(['countingAuthManageClaims']);
    await expect(claim(countingManager.caller, 'PICK_LIST', [other], user.id)).rejects.toMatchObject({ status: 403 });
    const inactive = await makeUser(t.app.ctx.db, { roles: ['picking'], active: false });
    await expect(claim(manager.caller, 'PICK_LIST', [other], inactive.id)).rejects.toMatchObject({
      status: 404,
      key: 'unknownUser',
    });
    expect(await holders([other])).toEqual([]);
    // Held by the user already: a manager claiming it for someone else gets the holder.
    await expect(claim(manager.caller, 'PICK_LIST', [list], colleague.user.id)).rejects.toMatchObject({
      status: 409,
      args: { username: user.username },
    });
  });

  it('asserts the claimant: the holder passes, another user gets 409 claimedByOtherUser, an unclaimed object 409 claimRequired', async () => {
    const [a, b] = [await picker(), await picker()];
    const [list, free] = [await pickList(), await pickList()];
    await claim(a.caller, 'PICK_LIST', [list]);
    const assert = (document: Document, userId: number) =>
      t.app.ctx.db.transaction().execute((tx) => assertClaimant(tx, target(document), userId));
    await expect(assert(list, a.user.id)).resolves.toBeUndefined();
    await expect(assert(list, b.user.id)).rejects.toMatchObject({
      status: 409,
      key: 'claimedByOtherUser',
      args: { username: a.user.username },
    });
    await expect(assert(free, a.user.id)).rejects.toMatchObject({
      status: 409,
      key: 'claimRequired',
      args: { objectType: 'PICK_LIST', objectId: free.id },
    });
  });

  it('releases what the claimant finished: the claim goes with its last object; another user releases nothing', async () => {
    const [a, b] = [await picker(), await picker()];
    const cart = [await pickList(), await pickList()];
    const taken = await claim(a.caller, 'PICK_AND_COLLECT', cart);
    const release = (userId: number, documents: readonly Document[]) =>
      t.app.ctx.db.transaction().execute((tx) => releaseClaim(tx, { userId, objects: documents.map(target) }));
    expect(await release(b.user.id, cart)).toBe(0);
    expect(await holders(cart)).toHaveLength(2);
    expect(await release(a.user.id, [cart[0]!])).toBe(1);
    expect((await holders(cart)).map((h) => h.id)).toEqual([cart[1]!.id]);
    expect((await claimRows(a.user.id)).map((r) => r.id)).toEqual([taken.claimId]);
    expect(await release(a.user.id, [cart[1]!])).toBe(1);
    expect(await holders(cart)).toEqual([]);
    expect(await claimRows(a.user.id)).toEqual([]);
    // Free again: someone else may claim it now.
    expect((await claim(b.caller, 'PICK_LIST', [cart[0]!])).added).toHaveLength(1);
  });
});
