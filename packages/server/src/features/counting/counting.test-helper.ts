import type { CountingState, CountSaveRequest, RecountThreshold, Role } from '@wms/contract';
import { expect } from 'vitest';
import { makeBinLocation, makeUser } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { expectStockInvariants } from '../../../test/stock-invariants.js';
import type { TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { syncCountingCounter } from '../bin-locations/bin-location-edits.service.js';

/** Test calls and data of the counting feature (decision 0189). */

export const w2w = '/api/v1/wall_to_wall';

let keyCounter = 0;
export const newKey = (prefix = 'count'): string => `${prefix}-${Date.now().toString(36)}-${++keyCounter}`;

export async function clientWith(t: TestApp, roles: readonly Role[]): Promise<HttpClient> {
  const user = await makeUser(t.app.ctx.db, { roles });
  return signIn(t, user.username, user.password);
}

/** A location of its own, flagged as told (PARTIAL with the item ids), the /wall_to_wall counter synced. */
export async function flaggedLocation(
  t: TestApp,
  state: CountingState,
  items: readonly number[] = [],
  input: Parameters<typeof makeBinLocation>[1] = {},
) {
  const db = t.app.ctx.db;
  const location = await makeBinLocation(db, input);
  await db.updateTable('bin_location').set({ requires_counting: state }).where('id', '=', location.id).execute();
  if (items.length > 0) {
    await db
      .insertInto('bin_location_count_item')
      .values(items.map((item_id) => ({ bin_location_id: location.id, item_id })))
      .execute();
  }
  await syncCountingCounter(t.app.ctx);
  return location;
}

export const startCall = (client: HttpClient, location: string) =>
  client.post(`${w2w}/${encodeURIComponent(location)}/start`, {});

export const saveCall = (
  client: HttpClient,
  body: Omit<CountSaveRequest, 'idempotencyKey'> & { idempotencyKey?: string },
) => client.post(`${w2w}/save`, { idempotencyKey: newKey(), ...body });

export async function countingStateOf(db: Db, locationId: number) {
  const row = await db
    .selectFrom('bin_location')
    .select('requires_counting')
    .where('id', '=', locationId)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('bin_location_count_item')
    .select('item_id')
    .where('bin_location_id', '=', locationId)
    .execute();
  return { state: row.requires_counting, items: items.map((i) => i.item_id) };
}

/** A saved wall-to-wall count of the location in the history, without lines (at: ISO time). */
export function insertCountRecord(db: Db, binLocationId: number, at = new Date().toISOString()) {
  return db
    .insertInto('location_count')
    .values({
      bin_location_id: binLocationId,
      source: 'WALL_TO_WALL',
      document_code: null,
      round: 1,
      reason: 'COUNT',
      outcome: 'NO_DIFFERENCE',
      recount_document_code: null,
      empty: 0,
      user_id: null,
      username: 'test',
      at,
      idempotency_key: newKey('w2wcount'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function counterOf(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('notification_counter')
    .select('count')
    .where('path', '=', '/wall_to_wall')
    .where('user_id', '=', 0)
    .executeTakeFirst();
  return row?.count;
}

export async function setRecountThreshold(t: TestApp, recountThreshold: RecountThreshold): Promise<void> {
  const { version, settings } = await t.app.ctx.settings.get();
  await t.app.ctx.settings.update(version, { counting: { ...settings.counting, recountThreshold } });
}

export async function setExtensionOn(t: TestApp, on: boolean): Promise<void> {
  const { version, settings } = await t.app.ctx.settings.get();
  const others = settings.enabledExtensions.filter((e) => e !== 'wallToWall');
  await t.app.ctx.settings.update(version, { enabledExtensions: on ? [...others, 'wallToWall'] : others });
}

/** The on-hand total of the items (thousandths). */
export async function onHandTotal(db: Db, itemIds: readonly number[]): Promise<number> {
  const rows = await db.selectFrom('stock').select('on_hand_qty').where('item_id', 'in', itemIds).execute();
  return rows.reduce((sum, r) => sum + Number(r.on_hand_qty), 0);
}

/** The stock invariants over the items: no bucket negative or over-allocated, the ledger equals the balance. */
export async function expectCountInvariants(db: Db, itemIds: readonly number[]): Promise<void> {
  await expectStockInvariants(db, itemIds, await onHandTotal(db, itemIds));
}

/** The ledger rows of an idempotency key (the movement a save posted). */
export async function ledgerOfKey(db: Db, key: string) {
  const rows = await db
    .selectFrom('stock_ledger')
    .select(['transaction_type', 'item_id', 'batch_id', 'serial_id', 'bin_location_id', 'quantity', 'username'])
    .where('idempotency_key', '=', key)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

export const ok = <T extends { status: number; text: string }>(answer: T): T => {
  expect(answer.status, answer.text).toBe(200);
  return answer;
};
