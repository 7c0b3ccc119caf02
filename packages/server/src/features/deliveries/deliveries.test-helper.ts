import type { PackVerification, PackView } from '@wms/contract';
import { expect } from 'vitest';
import { uniqueCode } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import type { TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { claimList, detailOf, listOf, pickCall } from '../pick-lists/pick-list-pick.test-helper.js';
import { newPickKey, pickClient, pickListAt, pickScene, type PickScene } from '../pick-lists/pick-lists.test-helper.js';

/**
 * Data and calls of the pack and delivery tests (features/deliveries), also for the features that
 * build on deliveries (packing slip, dispatch): picked, packed and delivered lists made through the
 * real routes.
 */
export const packPath = '/api/v1/pack';
export const packAt = (code: string) => `${packPath}/${encodeURIComponent(code)}`;
export const deliveryPath = '/api/v1/delivery';
export const deliveryAt = (code: string) => `${deliveryPath}/${encodeURIComponent(code)}`;
export const newKey = newPickKey;

/** A generator, a picker, a packer (delivery), a manager (deliveryAuthCancel) and an outsider (goodsReceipt). */
export async function deliveryCast(t: TestApp) {
  return {
    generator: (await pickClient(t, ['picklistGenerator'])).client,
    picker: (await pickClient(t, ['picking'])).client,
    packer: (await pickClient(t, ['delivery'])).client,
    manager: (await pickClient(t, ['deliveryAuthCancel'])).client,
    outsider: (await pickClient(t, ['goodsReceipt'])).client,
  };
}
export type DeliveryCast = Awaited<ReturnType<typeof deliveryCast>>;

export const ok = <T extends { status: number; text: string }>(answer: T): T => {
  expect(answer.status, answer.text).toBe(200);
  return answer;
};

/** Sets delivery.packVerification. */
export async function setPackVerification(t: TestApp, mode: PackVerification): Promise<void> {
  const { version, settings } = await t.app.ctx.settings.get();
  await t.app.ctx.settings.update(version, { delivery: { ...settings.delivery, packVerification: mode } });
}

export interface PickedList {
  scene: PickScene;
  code: string;
  orderId: number;
  /** Container 0 holds 3 of the normal item; container 1 the 2 of the batch item (unless `partly`). */
  containers: string[];
}

/**
 * A sales order of 3 normal and 2 batch items made into a list, claimed and picked by the picker:
 * the normal item into one container, the batch item into another (only the first with `partly`:
 * PARTLY_PICKED). With `close`, the containers are closed.
 */
export async function pickedList(
  db: Db,
  cast: DeliveryCast,
  options: { partly?: boolean; close?: boolean; scene?: PickScene } = {},
): Promise<PickedList> {
  const scene = options.scene ?? (await pickScene(db));
  const made = await listOf(db, cast.generator, scene, [
    { item: scene.normalItem, quantity: 3 },
    { item: scene.batchItem, quantity: 2 },
  ]);
  await claimList(cast.picker, made.code);
  const list = await detailOf(cast.picker, made.code);
  const containers = [uniqueCode('BOX-A-'), uniqueCode('BOX-B-')];
  const lines = options.partly ? list.lines.slice(0, 1) : list.lines;
  for (const [index, line] of lines.entries()) {
    for (const allocation of line.allocations) {
      ok(
        await pickCall(cast.picker, made.code, {
          lineNumber: line.lineNumber,
          fromLocation: allocation.location,
          batch: allocation.batch,
          quantity: allocation.quantity,
          containerCode: containers[index]!,
        }),
      );
    }
  }
  const used = containers.slice(0, lines.length);
  if (options.close) {
    for (const container of used) {
      ok(await cast.picker.post(`/api/v1/pick_list/shippingContainer/${encodeURIComponent(container)}/close`, {}));
    }
  }
  return { scene, code: made.code, orderId: made.orderId, containers: used };
}

export async function startPack(packer: HttpClient, scan: string, confirmFlush = false): Promise<PackView> {
  return ok(await packer.post(`${packPath}/start`, { scan, confirmFlush })).json as PackView;
}

/** A picked list with closed containers, packed (verification NONE at the time). */
export async function packedList(t: TestApp, cast: DeliveryCast, scene?: PickScene): Promise<PickedList> {
  const picked = await pickedList(t.app.ctx.db, cast, { close: true, ...(scene ? { scene } : {}) });
  const view = await startPack(cast.packer, picked.code);
  ok(await cast.packer.post(`${packAt(picked.code)}/finish`, { version: view.pickList.version }));
  return picked;
}

/** A delivered list: packed, then a delivery made; answers the delivery code too. */
export async function deliveredList(t: TestApp, cast: DeliveryCast, scene?: PickScene) {
  const packed = await packedList(t, cast, scene);
  const answer = ok(
    await cast.packer.post(`${deliveryPath}/create`, { idempotencyKey: newKey(), pickList: packed.code }),
  );
  const [delivery] = (answer.json as { deliveries: { code: string; version: number }[] }).deliveries;
  if (!delivery) throw new Error('no delivery made');
  return { ...packed, delivery: delivery.code, deliveryVersion: delivery.version };
}

export const pickListDetailPath = pickListAt;
