import type { PackView, PickList } from '@wms/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { bucketsAt, detailOf, listOf } from '../pick-lists/pick-list-pick.test-helper.js';
import { assertPickInvariants, releasedOfOrder } from '../pick-lists/pick-lists.test-helper.js';
import {
  deliveryCast,
  newKey,
  ok,
  packAt,
  packPath,
  pickedList,
  setPackVerification,
  startPack,
  type DeliveryCast,
} from './deliveries.test-helper.js';

/** Packing (PROCESSES.md 3.7 "Pack"; decision 0185). Each test makes its own scene. */
describe('pack routes', () => {
  let t: TestApp;
  let db: Db;
  let cast: DeliveryCast;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    cast = await deliveryCast(t);
  });
  afterAll(async () => t.close());
  beforeEach(async () => setPackVerification(t, 'NONE'));

  const verify = (code: string, body: Record<string, unknown>) =>
    cast.packer.post(`${packAt(code)}/verify`, { idempotencyKey: newKey(), ...body });
  const finish = (code: string, version: number) => cast.packer.post(`${packAt(code)}/finish`, { version });
  const containerOf = (view: PackView, code: string) => view.containers.find((c) => c.code === code)!;

  it('starts a PICKED list by its code or a container code, and lists it as open', async () => {
    const picked = await pickedList(db, cast, { close: true });
    const view = await startPack(cast.packer, picked.code);
    expect(view.pickList).toMatchObject({ code: picked.code, status: 'PICKED', packed: false });
    expect(view.verification).toBe('NONE');
    expect(view.containers.map((c) => c.code).sort()).toEqual([...picked.containers].sort());
    expect(containerOf(view, picked.containers[0]!).contents).toEqual([
      expect.objectContaining({ item: picked.scene.normalItem.code, quantity: 3, verifiedQuantity: 0 }),
    ]);
    expect(containerOf(view, picked.containers[1]!).contents[0]).toMatchObject({
      item: picked.scene.batchItem.code,
      batch: expect.any(String),
      expirationDate: expect.any(String),
      quantity: 2,
    });
    const byContainer = await startPack(cast.packer, picked.containers[1]!);
    expect(byContainer.pickList.code).toBe(picked.code);
    const open = ok(await cast.packer.get(`${packPath}/open?limit=500`)).json as { rows: { code: string }[] };
    expect(open.rows.map((r) => r.code)).toContain(picked.code);
  });

  it('refuses a PARTLY_PICKED list until the flush is confirmed (short lines get STOCKOUT), RELEASED and unknown codes', async () => {
    const partly = await pickedList(db, cast, { partly: true });
    const refused = await cast.packer.post(`${packPath}/start`, { scan: partly.code });
    expect(errorOf(refused)).toEqual({ status: 422, key: 'picklistNotFullyPicked', args: { status: 'PARTLY_PICKED' } });
    const view = await startPack(cast.packer, partly.code, true);
    expect(view.pickList.status).toBe('PICKED');
    const list = await detailOf(cast.picker, partly.code);
    expect(list.lines[1]).toMatchObject({ pickedQuantity: 0, shortQuantity: 2, shortReason: 'STOCKOUT' });
    expect(await releasedOfOrder(db, partly.orderId)).toEqual([3000, 0]);
    await assertPickInvariants(db);

    const released = await listOf(db, cast.generator, partly.scene, [{ item: partly.scene.normalItem, quantity: 1 }]);
    const refusedReleased = await cast.packer.post(`${packPath}/start`, { scan: released.code });
    expect(errorOf(refusedReleased)).toEqual({ status: 422, key: 'picklistNotInStatus', args: { status: 'RELEASED' } });
    const unknown = await cast.packer.post(`${packPath}/start`, { scan: 'NO-SUCH-CODE' });
    expect(errorOf(unknown)).toEqual({
      status: 422,
      key: 'unknownPicklistOrContainer',
      args: { scan: 'NO-SUCH-CODE' },
    });
  });

  it('COUNT: a count per row replaces the last, too much and a wrong item are refused, finish packs', async () => {
    await setPackVerification(t, 'COUNT');
    const picked = await pickedList(db, cast, { close: true });
    const [boxA, boxB] = picked.containers as [string, string];
    const { normalItem, batchItem } = picked.scene;
    let view = await startPack(cast.packer, picked.code);
    expect(view.differences).toHaveLength(2);
    ok(await verify(picked.code, { container: boxA, item: normalItem.code, quantity: 1 }));
    view = ok(await verify(picked.code, { container: boxA, item: normalItem.code, quantity: 3 })).json as PackView;
    expect(containerOf(view, boxA).contents[0]!.verifiedQuantity).toBe(3);
    expect(errorOf(await verify(picked.code, { container: boxB, item: batchItem.code, quantity: 3 }))).toEqual({
      status: 422,
      key: 'qtyTooLarge',
      args: { max: 2 },
    });
    expect(errorOf(await verify(picked.code, { container: boxB, item: normalItem.code, quantity: 1 })).key).toBe(
      'wrongItemScanned',
    );
    ok(await verify(picked.code, { container: boxB, item: batchItem.code, quantity: 2 }));
    view = ok(await finish(picked.code, view.pickList.version)).json as PackView;
    expect(view.pickList.packed).toBe(true);
    expect(view.differences).toEqual([]);
    const again = await cast.packer.post(`${packPath}/start`, { scan: picked.code });
    expect(errorOf(again)).toMatchObject({ status: 422, key: 'picklistNotInStatus' });
  });

  it('NONE has nothing to verify; finish needs closed containers and the current version', async () => {
    const picked = await pickedList(db, cast);
    const view = await startPack(cast.packer, picked.code);
    expect(errorOf(await verify(picked.code, { container: picked.containers[0], item: 'X' })).key).toBe(
      'nothingToVerify',
    );
    expect(errorOf(await finish(picked.code, view.pickList.version))).toMatchObject({
      status: 422,
      key: 'containerNotClosed',
    });
    expect(errorOf(await finish(picked.code, view.pickList.version - 1)).status).toBe(412);
  });

  it('SCAN_ALL catches a missing unit: packingDifference, one recount request, then acceptDifference', async () => {
    await setPackVerification(t, 'SCAN_ALL');
    const picked = await pickedList(db, cast, { close: true });
    const [boxA, boxB] = picked.containers as [string, string];
    const { normalItem, batchItem, face } = picked.scene;
    const view = await startPack(cast.packer, picked.code);
    const key = newKey();
    ok(await verify(picked.code, { idempotencyKey: key, container: boxA, item: normalItem.code }));
    // A replayed key adds nothing.
    const replay = ok(await verify(picked.code, { idempotencyKey: key, container: boxA, item: normalItem.code }))
      .json as PackView;
    expect(containerOf(replay, boxA).contents[0]!.verifiedQuantity).toBe(1);
    ok(await verify(picked.code, { container: boxA, item: normalItem.code }));
    for (let i = 0; i < 2; i += 1) ok(await verify(picked.code, { container: boxB, item: batchItem.code }));
    expect(errorOf(await verify(picked.code, { container: boxB, item: batchItem.code }))).toMatchObject({
      key: 'qtyTooLarge',
    });

    const refused = await finish(picked.code, view.pickList.version);
    expect(errorOf(refused)).toEqual({
      status: 422,
      key: 'packingDifference',
      args: { container: boxA, item: normalItem.code, batch: null, serial: null, missing: 1 },
    });
    expect(errorOf(await finish(picked.code, view.pickList.version)).key).toBe('packingDifference');
    const list: PickList = await detailOf(cast.picker, picked.code);
    expect(list.recountRequests).toEqual([
      { code: expect.stringMatching(/^RC-/), status: 'OPEN', location: face.code, item: normalItem.code },
    ]);
    const recounts = await db.selectFrom('document').select('code').where('type', '=', 'RECOUNT_REQUEST').execute();
    expect(recounts.filter((r) => r.code === list.recountRequests![0]!.code)).toHaveLength(1);

    const before = await bucketsAt(db, normalItem.id, await binOf(boxA));
    const acceptKey = newKey();
    const accepted = ok(
      await cast.packer.post(`${packAt(picked.code)}/acceptDifference`, { idempotencyKey: acceptKey }),
    ).json as PackView;
    expect(accepted.differences).toEqual([]);
    ok(await cast.packer.post(`${packAt(picked.code)}/acceptDifference`, { idempotencyKey: acceptKey }));
    expect(await bucketsAt(db, normalItem.id, await binOf(boxA))).toEqual({
      onHand: before.onHand - 1000,
      released: 0,
      pick: before.pick - 1000,
    });
    const adjusted = await db
      .selectFrom('stock_ledger')
      .select(['quantity', 'document_code'])
      .where('transaction_type', '=', 'COUNT_ADJUSTMENT')
      .where('document_code', '=', picked.code)
      .execute();
    expect(adjusted.map((r) => Number(r.quantity))).toEqual([-1000]);
    const after = await detailOf(cast.picker, picked.code);
    expect(after.lines[0]).toMatchObject({ pickedQuantity: 2, shortQuantity: 1, openQuantity: 0 });
    expect(await releasedOfOrder(db, picked.orderId)).toEqual([2000, 2000]);
    const packed = ok(await finish(picked.code, after.version)).json as PackView;
    expect(packed.pickList.packed).toBe(true);
    await assertPickInvariants(db);
  });

  async function binOf(container: string): Promise<number> {
    const row = await db
      .selectFrom('shipping_container')
      .select('bin_location_id')
      .where('code', '=', container)
      .executeTakeFirstOrThrow();
    return row.bin_location_id;
  }

  it('repacks units into a new container as one TRANSFER; verified units follow', async () => {
    await setPackVerification(t, 'SCAN_ALL');
    const picked = await pickedList(db, cast);
    const [boxA] = picked.containers as [string, string];
    const { normalItem } = picked.scene;
    await startPack(cast.packer, picked.code);
    ok(await verify(picked.code, { container: boxA, item: normalItem.code }));
    const key = newKey();
    const body = { idempotencyKey: key, from: boxA, to: `${boxA}-2`, item: normalItem.code, quantity: 2 };
    const view = ok(await cast.packer.post(`${packAt(picked.code)}/repack`, body)).json as PackView;
    ok(await cast.packer.post(`${packAt(picked.code)}/repack`, body));
    expect(containerOf(view, boxA).contents[0]).toMatchObject({ quantity: 1, verifiedQuantity: 0 });
    expect(containerOf(view, `${boxA}-2`)).toMatchObject({ status: 'OPEN' });
    expect(containerOf(view, `${boxA}-2`).contents[0]).toMatchObject({ quantity: 2, verifiedQuantity: 1 });
    expect(await bucketsAt(db, normalItem.id, await binOf(boxA))).toEqual({ onHand: 1000, released: 0, pick: 1000 });
    expect(await bucketsAt(db, normalItem.id, await binOf(`${boxA}-2`))).toEqual({
      onHand: 2000,
      released: 0,
      pick: 2000,
    });
    const transfers = await db
      .selectFrom('stock_ledger')
      .select('quantity')
      .where('transaction_type', '=', 'TRANSFER')
      .where('idempotency_key', '=', key)
      .execute();
    expect(transfers.map((r) => Number(r.quantity)).sort()).toEqual([-2000, 2000].sort());
    expect(
      errorOf(
        await cast.packer.post(`${packAt(picked.code)}/repack`, { ...body, idempotencyKey: newKey(), quantity: 5 }),
      ),
    ).toMatchObject({ status: 422, key: 'qtyTooLarge' });
    await assertPickInvariants(db);
  });

  it('answers 403 to a user without the delivery role on each route', async () => {
    const code = 'PL-000001';
    const calls = [
      cast.outsider.get(`${packPath}/open`),
      cast.outsider.post(`${packPath}/start`, { scan: code }),
      cast.outsider.get(packAt(code)),
      cast.outsider.post(`${packAt(code)}/verify`, { idempotencyKey: newKey(), container: 'C', item: 'I' }),
      cast.outsider.post(`${packAt(code)}/finish`, { version: 1 }),
      cast.outsider.post(`${packAt(code)}/acceptDifference`, { idempotencyKey: newKey() }),
      cast.outsider.post(`${packAt(code)}/repack`, {
        idempotencyKey: newKey(),
        from: 'A',
        to: 'B',
        item: 'I',
        quantity: 1,
      }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status, answer.text).toBe(403);
  });
});
