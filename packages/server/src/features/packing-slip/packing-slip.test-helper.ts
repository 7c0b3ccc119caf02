import { expect } from 'vitest';
import { makeDefaultLocation, makeItem, makeStock, uniqueCode, type Item } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import type { TestApp } from '../../../test/test-app.js';
import { claimList, detailOf, lineOf, listOf, pickCall } from '../pick-lists/pick-list-pick.test-helper.js';
import { pickListPath, pickScene, type PickScene } from '../pick-lists/pick-lists.test-helper.js';
import { randomUUID } from 'node:crypto';
import type { Role } from '@wms/contract';
import { createDelivery } from '../deliveries/delivery-create.js';
import { setPickListPacked } from '../pick-lists/pick-list-packed.js';

/** Deliveries for the packing slip tests: a PICKED pick list with containers, then delivered. */

export const shipTo = {
  name: 'Depot Noord',
  street: 'Havenweg 12',
  postcode: '9712 AB',
  city: 'Groningen',
  countryCode: 'NL',
};

export interface DeliveredScene {
  scene: PickScene;
  pickList: string;
  /** Box 1: the normal item (3) and the batch item (2, late batch); box 2: two serials and the extra items. */
  containers: [string, string];
  serials: string[];
  extraItems: Item[];
  delivery: string;
}

/**
 * Delivers a picked list whose containers are closed the way /delivery does (features/deliveries
 * createDelivery): the list marked packed, then one DELIVERY. Answers the delivery code.
 */
export async function deliverPickList(t: TestApp, pickListCode: string): Promise<string> {
  const ctx = t.app.ctx;
  // The list ships to shipTo (as if its sales order carried it).
  await ctx.db
    .updateTable('document')
    .set({ ship_to_address: JSON.stringify(shipTo) })
    .where('type', '=', 'PICK_LIST')
    .where('code', '=', pickListCode)
    .execute();
  await setPickListPacked(ctx, pickListCode, true);
  const user = await ctx.db.selectFrom('app_user').select(['id', 'username']).orderBy('id').executeTakeFirstOrThrow();
  const caller = {
    userId: user.id,
    username: user.username,
    expandedRoles: new Set<Role>(),
    sessionId: null,
    apiKeyId: null,
  };
  const answer = await createDelivery(ctx, caller, { idempotencyKey: randomUUID(), pickList: pickListCode });
  return answer.deliveries[0]!.code;
}

const ok = (answer: { status: number; text: string }) => expect(answer.status, answer.text).toBe(200);

/**
 * A pick list of the pick scene's normal (3), batch (2) and serial (2) items plus `extraLines`
 * items of 1 each, picked into two containers (box 1 closed at 2.5 kg, 400 x 300 x 200 mm), and,
 * unless `deliver` is false, delivered.
 */
export async function deliveredScene(
  t: TestApp,
  clients: { generator: HttpClient; picker: HttpClient },
  options: { extraLines?: number; deliver?: boolean } = {},
): Promise<DeliveredScene> {
  const db = t.app.ctx.db;
  const s = await pickScene(db);
  const extraItems: Item[] = [];
  for (let i = 0; i < (options.extraLines ?? 0); i += 1) {
    const item = await makeItem(db);
    await makeDefaultLocation(db, { item, location: s.face });
    await makeStock(db, { item, location: s.face, onHand: 2 });
    extraItems.push(item);
  }
  const { code } = await listOf(db, clients.generator, s, [
    { item: s.normalItem, quantity: 3 },
    { item: s.batchItem, quantity: 2 },
    { item: s.serialItem, quantity: 2 },
    ...extraItems.map((item) => ({ item, quantity: 1 })),
  ]);
  await claimList(clients.picker, code);
  const containers: [string, string] = [uniqueCode('PSA'), uniqueCode('PSB')];
  const serials = lineOf(await detailOf(clients.picker, code), 2).allocations.map((a) => a.serial as string);
  const pick = (lineNumber: number, quantity: number, container: string, extra: object = {}) =>
    pickCall(clients.picker, code, {
      lineNumber,
      fromLocation: s.face.code,
      quantity,
      containerCode: container,
      ...extra,
    });
  ok(await pick(0, 3, containers[0]));
  ok(await pick(1, 2, containers[0], { batch: s.batches.late.code }));
  ok(await pick(2, 2, containers[1], { serials }));
  for (let i = 0; i < extraItems.length; i += 1) ok(await pick(3 + i, 1, containers[1]));
  ok(
    await clients.picker.post(`${pickListPath}/shippingContainer/${containers[0]}/close`, {
      weightInMg: 2_500_000,
      lengthInMm: 400,
      widthInMm: 300,
      heightInMm: 200,
    }),
  );
  if (options.deliver === false) return { scene: s, pickList: code, containers, serials, extraItems, delivery: '' };
  ok(await clients.picker.post(`${pickListPath}/shippingContainer/${containers[1]}/close`, {}));
  const delivery = await deliverPickList(t, code);
  return { scene: s, pickList: code, containers, serials, extraItems, delivery };
}
