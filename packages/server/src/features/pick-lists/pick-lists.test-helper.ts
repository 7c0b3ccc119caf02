import { paddedCodeKey, type Role } from '@wms/contract';
import { sql } from 'kysely';
import { expect } from 'vitest';
import {
  makeBatch,
  makeBinLocation,
  makeDefaultLocation,
  makeDocument,
  makeItem,
  makeSerial,
  makeStock,
  makeUser,
  makeWarehouse,
  uniqueCode,
  type Batch,
  type BinLocation,
  type Document,
  type DocumentLineInput,
  type Item,
  type Serial,
  type User,
  type Warehouse,
} from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import type { TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';

/** Data, clients and invariants of the pick list tests (features/pick-lists). */

let keyCounter = 0;
export const newPickKey = (): string => `pick-${Date.now().toString(36)}-${++keyCounter}`;

export const pickListPath = '/api/v1/pick_list';
export const pickListAt = (code: string) => `${pickListPath}/${encodeURIComponent(code)}`;

/** An ISO date `days` from today (negative: in the past). */
export function isoDay(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export async function makeCustomer(db: Db): Promise<{ id: number; code: string }> {
  const code = uniqueCode('F-PC-');
  const row = await db
    .insertInto('business_partner')
    .values({ code, code_key: paddedCodeKey(code), visual_code: code, name: `Customer ${code}`, type: 'CUSTOMER' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code };
}

/** A signed-in user with the roles. */
export async function pickClient(t: TestApp, roles: readonly Role[]): Promise<{ user: User; client: HttpClient }> {
  const user = await makeUser(t.app.ctx.db, { roles });
  return { user, client: await signIn(t, user.username, user.password) };
}

/** The usual cast: a generator (picklistGenerator), a picker (picking), a viewer (picklistOverview), an outsider (goodsReceipt), an admin. */
export async function pickClients(t: TestApp) {
  return {
    generator: await pickClient(t, ['picklistGenerator']),
    generator2: await pickClient(t, ['picklistGenerator']),
    picker: await pickClient(t, ['picking']),
    viewer: await pickClient(t, ['picklistOverview']),
    outsider: await pickClient(t, ['goodsReceipt']),
    admin: await pickClient(t, ['admin']),
  };
}

export interface PickScene {
  warehouse: Warehouse;
  customer: { id: number; code: string };
  /** The pick face (PICK location, sorting code A) of normal, batch and serial items. */
  face: BinLocation;
  /** Bulk locations (sorting codes B and C). */
  bulk: BinLocation;
  bulk2: BinLocation;
  /** Locations allocation never uses (each holds stock of the normal item). */
  qc: BinLocation;
  receive: BinLocation;
  mobile: BinLocation;
  blocked: BinLocation;
  restricted: BinLocation;
  inactive: BinLocation;
  /** 5 at the face, 20 in bulk, 10 in bulk2 (free: 35); plus 1 in each excluded location. */
  normalItem: Item;
  /** Batches with expiry: late (far) 10 at the face, early 5 in bulk, expired 4 in bulk, QC-pending (not approved) 6 at the face. */
  batchItem: Item;
  batches: { early: Batch; late: Batch; expired: Batch; unapproved: Batch };
  /** Three serials at the face, one not QC-approved at the face. */
  serialItem: Item;
  serials: Serial[];
  unapprovedSerial: Serial;
}

/** A warehouse with a pick face, bulk and excluded locations, three items with stock and a customer. */
export async function pickScene(db: Db): Promise<PickScene> {
  const warehouse = await makeWarehouse(db);
  const customer = await makeCustomer(db);
  const location = (input: Parameters<typeof makeBinLocation>[1] = {}) => makeBinLocation(db, { warehouse, ...input });
  const face = await location({ locationType: 'PICK', sortingCode: 'A' });
  const bulk = await location({ sortingCode: 'B' });
  const bulk2 = await location({ sortingCode: 'C' });
  const qc = await location({ locationType: 'QC', sortingCode: '0' });
  const receive = await location({ locationType: 'RECEIVE', sortingCode: '0' });
  const mobile = await location({ locationType: 'MOBILE', sortingCode: '0' });
  const blocked = await location({ sortingCode: '0' });
  const restricted = await location({ sortingCode: '0' });
  const inactive = await location({ sortingCode: '0' });

  const normalItem = await makeItem(db);
  const batchItem = await makeItem(db, { managedBy: 'BATCH_NUMBER', scanExpirationDate: true });
  const serialItem = await makeItem(db, { managedBy: 'SERIAL_NUMBER' });
  for (const item of [normalItem, batchItem, serialItem]) await makeDefaultLocation(db, { item, location: face });

  await makeStock(db, { item: normalItem, location: face, onHand: 5 });
  await makeStock(db, { item: normalItem, location: bulk, onHand: 20 });
  await makeStock(db, { item: normalItem, location: bulk2, onHand: 10 });
  for (const excluded of [qc, receive, mobile, blocked, restricted, inactive]) {
    await makeStock(db, { item: normalItem, location: excluded, onHand: 1 });
  }
  await db
    .updateTable('bin_location')
    .set({ block_stock_movements: 1, block_stock_movements_reason: 'test' })
    .where('id', '=', blocked.id)
    .execute();
  await db.updateTable('bin_location').set({ stock_movement_restricted: 1 }).where('id', '=', restricted.id).execute();
  await db.updateTable('bin_location').set({ active: 0 }).where('id', '=', inactive.id).execute();

  const batches = {
    early: await makeBatch(db, { item: batchItem, expirationDate: isoDay(30), admissionDate: isoDay(-5) }),
    late: await makeBatch(db, { item: batchItem, expirationDate: isoDay(300), admissionDate: isoDay(-50) }),
    expired: await makeBatch(db, { item: batchItem, expirationDate: isoDay(-1), admissionDate: isoDay(-90) }),
    unapproved: await makeBatch(db, { item: batchItem, expirationDate: isoDay(10), qcApproved: false }),
  };
  await makeStock(db, { item: batchItem, location: face, batch: batches.late, onHand: 10 });
  await makeStock(db, { item: batchItem, location: bulk, batch: batches.early, onHand: 5 });
  await makeStock(db, { item: batchItem, location: bulk, batch: batches.expired, onHand: 4 });
  await makeStock(db, { item: batchItem, location: face, batch: batches.unapproved, onHand: 6 });

  const serials = [
    await makeSerial(db, { item: serialItem }),
    await makeSerial(db, { item: serialItem }),
    await makeSerial(db, { item: serialItem }),
  ];
  const unapprovedSerial = await makeSerial(db, { item: serialItem, qcApproved: false });
  for (const serial of [...serials, unapprovedSerial]) {
    await makeStock(db, { item: serialItem, location: face, serial, onHand: 1 });
  }
  return {
    warehouse,
    customer,
    face,
    bulk,
    bulk2,
    qc,
    receive,
    mobile,
    blocked,
    restricted,
    inactive,
    normalItem,
    batchItem,
    batches,
    serialItem,
    serials,
    unapprovedSerial,
  };
}

/** An OPEN sales order of the scene's customer in its warehouse (ship date in two days unless told). */
export function makeSalesOrder(
  db: Db,
  scene: Pick<PickScene, 'warehouse' | 'customer'>,
  lines: readonly DocumentLineInput[],
  options: { shipDate?: string | null; customerId?: number; priority?: number } = {},
): Promise<Document> {
  return makeDocument(db, {
    type: 'SALES_ORDER',
    warehouse: scene.warehouse,
    businessPartnerId: options.customerId ?? scene.customer.id,
    shipDate: options.shipDate === undefined ? isoDay(2) : options.shipDate,
    ...(options.priority === undefined ? {} : { priority: options.priority }),
    lines,
  });
}

/** The allocations of a pick list as readable records (location code, batch and serial codes, quantity in thousandths). */
export async function allocationsOf(db: Db, pickListCode: string) {
  const rows = await db
    .selectFrom('stock_allocation as a')
    .innerJoin('document_line as l', 'l.id', 'a.document_line_id')
    .innerJoin('document as d', 'd.id', 'l.document_id')
    .innerJoin('bin_location as b', 'b.id', 'a.bin_location_id')
    .leftJoin('batch as ba', 'ba.id', 'a.batch_id')
    .leftJoin('serial as se', 'se.id', 'a.serial_id')
    .select(['l.line_number as line', 'b.code as location', 'ba.code as batch', 'se.code as serial', 'a.quantity'])
    .where('d.type', '=', 'PICK_LIST')
    .where('d.code', '=', pickListCode)
    .orderBy('l.line_number')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}

/** The released quantity (thousandths) of a sales order's lines by line number. */
export async function releasedOfOrder(db: Db, orderId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('document_line')
    .select(['line_number', 'released_quantity'])
    .where('document_id', '=', orderId)
    .orderBy('line_number')
    .execute();
  return rows.map((r) => Number(r.released_quantity));
}

type KeyRow = { item_id: number; batch_id: number | null; serial_id: number | null; bin_location_id: number };
const keyOf = (r: KeyRow) => `${r.item_id}:${r.bin_location_id}:${r.batch_id ?? 0}:${r.serial_id ?? 0}`;
const sumMap = (rows: readonly (KeyRow & { sum: unknown })[]) => {
  const map: Record<string, number> = {};
  for (const r of rows) if (Number(r.sum) !== 0) map[keyOf(r)] = Number(r.sum);
  return map;
};

/**
 * The pick list invariants (decision 0183), as vitest expectations. Stock is checked for the
 * items on pick lists, allocated or picked (the demo data holds stock of other items, released
 * and picked, without allocations or a matching ledger):
 * - every stock row of those items: no bucket negative, released + pick + QC-pending <= onHand; onHand equals
 *   the sum of its ledger rows; releasedQty equals the sum of its stock_allocation rows (no
 *   other task allocates yet), and no allocation without its stock row;
 * - every pick list line: 0 <= picked, short; open = quantity - picked - short >= 0; picked
 *   equals the sum of its pick_entry rows; its allocations sum to at most its open quantity,
 *   and a line of a CLOSED list holds none;
 * - every shipping container of a list that is not CLOSED: its bin location's pickQty per item,
 *   batch and serial equals the pick entries into it;
 * - every SALES_ORDER line: 0 <= released_quantity <= open_quantity, and when no list of it is
 *   CLOSED, released_quantity equals the sum of (quantity - short) of its list lines.
 */
export async function assertPickInvariants(db: Db): Promise<void> {
  const allocations = await db
    .selectFrom('stock_allocation')
    .select(['item_id', 'batch_id', 'serial_id', 'bin_location_id', sql<string | number>`sum(quantity)`.as('sum')])
    .groupBy(['item_id', 'batch_id', 'serial_id', 'bin_location_id'])
    .execute();
  const pickItems = [
    ...new Set([
      ...allocations.map((a) => a.item_id),
      ...(
        await db
          .selectFrom('document_line as l')
          .innerJoin('document as d', 'd.id', 'l.document_id')
          .select('l.item_id')
          .distinct()
          .where('d.type', '=', 'PICK_LIST')
          .execute()
      ).map((r) => r.item_id),
      ...(await db.selectFrom('pick_entry').select('item_id').distinct().execute()).map((r) => r.item_id),
    ]),
  ];
  if (pickItems.length === 0) return;
  const stock = await db
    .selectFrom('stock')
    .select([
      'item_id',
      'batch_id',
      'serial_id',
      'bin_location_id',
      'on_hand_qty',
      'released_qty',
      'pick_qty',
      'qc_pending_qty',
    ])
    .where('item_id', 'in', pickItems)
    .execute();
  for (const r of stock) {
    const [onHand, released, pick, qc] = [r.on_hand_qty, r.released_qty, r.pick_qty, r.qc_pending_qty].map(Number);
    expect(Math.min(onHand!, released!, pick!, qc!), `stock row ${keyOf(r)}`).toBeGreaterThanOrEqual(0);
    expect(released! + pick! + qc!, `stock row ${keyOf(r)}`).toBeLessThanOrEqual(onHand!);
  }
  const ledger = await db
    .selectFrom('stock_ledger')
    .select(['item_id', 'batch_id', 'serial_id', 'bin_location_id', sql<string | number>`sum(quantity)`.as('sum')])
    .where('item_id', 'in', pickItems)
    .groupBy(['item_id', 'batch_id', 'serial_id', 'bin_location_id'])
    .execute();
  expect(sumMap(ledger), 'onHand = ledger sum').toEqual(sumMap(stock.map((r) => ({ ...r, sum: r.on_hand_qty }))));
  expect(sumMap(allocations), 'releasedQty = allocations').toEqual(
    sumMap(stock.map((r) => ({ ...r, sum: r.released_qty }))),
  );

  const lines = await db
    .selectFrom('pick_list_line as p')
    .innerJoin('document_line as l', 'l.id', 'p.document_line_id')
    .innerJoin('document as d', 'd.id', 'l.document_id')
    .select([
      'l.id',
      'd.code',
      'd.status',
      'l.line_number',
      'l.quantity',
      'l.open_quantity',
      'p.picked_qty',
      'p.short_qty',
      'p.source_line_id',
      (eb) =>
        eb
          .selectFrom('pick_entry as e')
          .select(sql<string | number>`coalesce(sum(e.quantity), 0)`.as('s'))
          .whereRef('e.document_line_id', '=', 'l.id')
          .as('entries'),
      (eb) =>
        eb
          .selectFrom('stock_allocation as a')
          .select(sql<string | number>`coalesce(sum(a.quantity), 0)`.as('s'))
          .whereRef('a.document_line_id', '=', 'l.id')
          .as('allocated'),
      (eb) =>
        eb
          .selectFrom('pick_entry as e')
          .innerJoin('put_wall_slot as pw', 'pw.container_id', 'e.container_id')
          .select(sql<string | number>`coalesce(sum(e.quantity), 0)`.as('s'))
          .whereRef('e.document_line_id', '=', 'l.id')
          .where('pw.status', '=', 'DELIVERED')
          .as('delivered'),
    ])
    .execute();
  for (const l of lines) {
    const label = `${l.code} line ${l.line_number}`;
    const [quantity, open, picked, short] = [l.quantity, l.open_quantity, l.picked_qty, l.short_qty].map(Number);
    expect(Math.min(picked!, short!), label).toBeGreaterThanOrEqual(0);
    expect(open, `${label} open`).toBe(quantity! - picked! - short!);
    expect(open!, `${label} open`).toBeGreaterThanOrEqual(0);
    expect(Number(l.entries), `${label} picked = pick entries`).toBe(picked);
    expect(Number(l.allocated), `${label} allocated <= open`).toBeLessThanOrEqual(open!);
    if (l.status === 'CLOSED') expect(Number(l.allocated), `${label} closed`).toBe(0);
  }

  const containers = await db
    .selectFrom('shipping_container as c')
    .innerJoin('document as d', 'd.id', 'c.pick_list_id')
    .select(['c.id', 'c.code', 'c.bin_location_id'])
    .where('d.status', '!=', 'CLOSED')
    // A container delivered (a put wall slot of a list still open) holds nothing and keeps its entries.
    .where('c.status', '!=', 'DELIVERED')
    .execute();
  for (const c of containers) {
    const entries = await db
      .selectFrom('pick_entry')
      .select(['item_id', 'batch_id', 'serial_id', sql<string | number>`sum(quantity)`.as('sum')])
      .where('container_id', '=', c.id)
      .groupBy(['item_id', 'batch_id', 'serial_id'])
      .execute();
    const held = await db
      .selectFrom('stock')
      .select(['item_id', 'batch_id', 'serial_id', 'pick_qty as sum'])
      .where('bin_location_id', '=', c.bin_location_id)
      .execute();
    const per = (rows: readonly (Omit<KeyRow, 'bin_location_id'> & { sum: unknown })[]) =>
      sumMap(rows.map((r) => ({ ...r, bin_location_id: c.bin_location_id })));
    expect(per(held), `container ${c.code} pickQty = pick entries`).toEqual(per(entries));
  }

  const orderLines = await db
    .selectFrom('document_line as l')
    .innerJoin('document as d', 'd.id', 'l.document_id')
    .select(['l.id', 'd.code', 'l.line_number', 'l.open_quantity', 'l.released_quantity'])
    .where('d.type', '=', 'SALES_ORDER')
    .execute();
  const bySource = new Map<number, { planned: number; closed: boolean }>();
  for (const l of lines) {
    if (l.source_line_id === null) continue;
    const entry = bySource.get(l.source_line_id) ?? { planned: 0, closed: false };
    // What a put wall slot delivered of a list still open has left the order's released quantity.
    entry.planned += Number(l.quantity) - Number(l.short_qty) - Number(l.delivered);
    entry.closed ||= l.status === 'CLOSED';
    bySource.set(l.source_line_id, entry);
  }
  for (const o of orderLines) {
    const label = `${o.code} line ${o.line_number}`;
    const released = Number(o.released_quantity);
    expect(released, `${label} released`).toBeGreaterThanOrEqual(0);
    expect(released, `${label} released <= open`).toBeLessThanOrEqual(Number(o.open_quantity));
    const planned = bySource.get(o.id);
    if (!planned?.closed) expect(released, `${label} released = on lists`).toBe(planned?.planned ?? 0);
  }
}
