// Picking (issue 18): the built server on the large data set.
// 1. Allocation: 10,000 open SALES_ORDER lines in warehouse LD1 (1,000 orders of 10 lines) are made
//    straight in the database (not timed): normal items with stock, batch items with several
//    batches of different expiry at a pick face and in bulk (plus an expired and a not QC-approved
//    batch, never to be taken) and serial items. Then POST /api/v1/pick_list/create (groupBy
//    ORDER) is timed until every line is planned, and every allocation is checked: faces before
//    bulk, FEFO within each tier (no later-expiring batch allocated while an earlier one in the
//    same tier kept free stock), nothing expired, not approved or at an excluded location.
// 2. Picking: 32 users with the picking role, each claiming lists (POST {code}/claim) and picking
//    their allocations (POST {code}/pick), for a fixed time or until the lists run out; picks/s
//    and latency p50/p99 (after a warm-up).
// 3. Invariants after the run (as pick-lists.test-helper.ts assertPickInvariants, in SQL): per
//    stock key of the items involved released = released before + allocations, onHand change =
//    ledger rows since, no negative bucket, picked = pick entries per list line, each open or closed container's
//    pickQty = its pick entries, sales order released = list quantities, one entry per answered pick.
// SQLite, or PostgreSQL with BENCH_DATABASE_URL. Run alone: node bench/picking.mjs.
import { Buffer } from 'node:buffer';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { prepareLargeData, largeDataSize } from './large-data.mjs';
import { clientHeaders, repositoryDir, signIn, startBuiltServer } from './processes.mjs';

export const pickingSettings = {
  pickers: Number(process.env.BENCH_PICKERS ?? 32),
  /** Seconds of picking (the warm-up included); the run ends sooner when every list is picked. */
  durationSeconds: Number(process.env.BENCH_PICK_DURATION ?? 12),
  warmupSeconds: Number(process.env.BENCH_PICK_WARMUP ?? 2),
  orders: 1000,
  linesPerOrder: 10,
  batchItems: 300,
  linesPerBatchItem: 5,
  serialItems: 100,
  linesPerSerialItem: 3,
};

export const pickingTargets = { allocationMs: 5000, picksPerSecond: 1000, p99Ms: 100 };

export const serverDist = path.join(repositoryDir, 'packages', 'server', 'dist');
const unit = 1000;
const day = 86_400_000;
const isoDay = (days) => new Date(Date.now() + days * day).toISOString().slice(0, 10);
export const chunked = (values, size = 500) => {
  const out = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
};

/** A small seeded random generator (mulberry32): the same data every run. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const eligibleLocation = (qb, prefix = 'b') =>
  qb
    .where(`${prefix}.active`, '=', 1)
    .where(`${prefix}.block_stock_movements`, '=', 0)
    .where(`${prefix}.stock_movement_restricted`, '=', 0)
    .where(`${prefix}.physical_location_type`, '=', 'NORMAL')
    .where(`${prefix}.code_lower`, 'like', 'ld-l%');

/** Users of the bench, `${prefix}01` and on, with the given roles and one password. */
export async function insertUsers(db, prefix, count, roles) {
  const { hashPassword } = await import(pathToFileURL(path.join(serverDist, 'features', 'auth', 'secrets.js')).href);
  const at = new Date().toISOString();
  const password = 'bench-picker-secret';
  const hash = await hashPassword(password);
  const usernames = Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);
  await db
    .insertInto('app_user')
    .values(
      usernames.map((username) => ({
        username,
        username_lower: username,
        password_hash: hash,
        roles: JSON.stringify(roles),
        settings: JSON.stringify({ preferredLanguage: 'en' }),
        created_at: at,
        updated_at: at,
        version: 1,
        active: 1,
        totp_enabled: 0,
      })),
    )
    .execute();
  return { usernames, password };
}

/**
 * The seeding step (not timed): pickers, a customer, batch and serial items with their batches,
 * serials, stock and pick faces, pick faces of the normal items, and the sales orders. `s` may
 * give `lineCounts` (the orders' sizes in turn) instead of `linesPerOrder`.
 */
export async function seed(db, dialect, s = pickingSettings) {
  const { codeKey, paddedCodeKey } = await import('@wms/contract');
  const at = new Date().toISOString();
  const sizes = Array.from({ length: s.orders }, (_, n) => s.lineCounts?.[n % s.lineCounts.length] ?? s.linesPerOrder);
  const starts = [];
  let lineTotal = 0;
  for (const size of sizes) {
    starts.push(lineTotal);
    lineTotal += size;
  }
  const warehouse = await db
    .selectFrom('warehouse')
    .select('id')
    .where('code_lower', '=', 'ld1')
    .executeTakeFirstOrThrow();
  const locations = async (type) =>
    (
      await eligibleLocation(db.selectFrom('bin_location as b').select('b.id'))
        .where('b.warehouse_id', '=', warehouse.id)
        .where('b.location_type', '=', type)
        .orderBy('b.id')
        .execute()
    ).map((r) => r.id);
  const pickLocations = await locations('PICK');
  const bulkLocations = await locations('BULK');

  const { usernames: pickers, password } = await insertUsers(db, 'bench-picker-', s.pickers, ['picking']);
  const customer = await db
    .insertInto('business_partner')
    .values({
      code: 'BENCH-C1',
      code_key: paddedCodeKey('BENCH-C1'),
      visual_code: 'BENCH-C1',
      name: 'Bench customer',
      type: 'CUSTOMER',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // Normal items: those with at least 30 units free on eligible PICK or BULK locations of LD1.
  const normalCount = Math.ceil(
    (lineTotal - s.batchItems * s.linesPerBatchItem - s.serialItems * s.linesPerSerialItem) / 2,
  );
  const normalItems = (
    await eligibleLocation(
      db
        .selectFrom('stock as s')
        .innerJoin('bin_location as b', 'b.id', 's.bin_location_id')
        .select('s.item_id')
        .where('b.warehouse_id', '=', warehouse.id)
        .where('b.location_type', 'in', ['PICK', 'BULK'])
        .where('s.batch_id', 'is', null)
        .where('s.serial_id', 'is', null)
        .groupBy('s.item_id')
        .having(
          (eb) =>
            eb.fn.sum(
              eb('s.on_hand_qty', '-', eb('s.released_qty', '+', eb('s.pick_qty', '+', eb.ref('s.qc_pending_qty')))),
            ),
          '>=',
          30 * unit,
        ),
    )
      .orderBy('s.item_id')
      .limit(normalCount)
      .execute()
  ).map((r) => r.item_id);
  if (normalItems.length < normalCount)
    throw new Error(`only ${normalItems.length} items with stock in LD1, ${normalCount} needed`);
  // Their pick faces: the first PICK location holding some of their stock.
  const normalFaces = [];
  for (const part of chunked(normalItems)) {
    const rows = await db
      .selectFrom('stock as s')
      .innerJoin('bin_location as b', 'b.id', 's.bin_location_id')
      .select(['s.item_id', (eb) => eb.fn.min('s.bin_location_id').as('location')])
      .where('s.item_id', 'in', part)
      .where('b.id', 'in', (eb) =>
        eb
          .selectFrom('bin_location as p')
          .select('p.id')
          .where('p.warehouse_id', '=', warehouse.id)
          .where('p.location_type', '=', 'PICK')
          .where('p.active', '=', 1),
      )
      .groupBy('s.item_id')
      .execute();
    normalFaces.push(...rows.map((r) => ({ itemId: r.item_id, locationId: Number(r.location) })));
  }

  // Batch and serial items: the highest large-data item ids, their large-data stock removed.
  const special = (
    await db
      .selectFrom('item')
      .select('id')
      .where('code_lower', 'like', 'ld-i%')
      .orderBy('id', 'desc')
      .limit(s.batchItems + s.serialItems)
      .execute()
  ).map((r) => r.id);
  if (special.some((id) => normalItems.includes(id))) throw new Error('batch or serial items overlap the normal items');
  const batchItems = special.slice(0, s.batchItems);
  const serialItems = special.slice(s.batchItems);
  for (const part of chunked(special)) await db.deleteFrom('stock').where('item_id', 'in', part).execute();
  for (const part of chunked(batchItems)) {
    await db
      .updateTable('item')
      .set({ managed_by: 'BATCH_NUMBER', has_batch: 1, scan_expiration_date: 1 })
      .where('id', 'in', part)
      .execute();
  }
  for (const part of chunked(serialItems)) {
    await db.updateTable('item').set({ managed_by: 'SERIAL_NUMBER', serial: 1 }).where('id', 'in', part).execute();
  }

  // Per batch item: at its face E2 10 and E3 20 (and 20 of a batch not QC-approved); in bulk A E1 10
  // and 50 expired; in bulk B E2 15 and E3 30 (85 units allocatable). Admission dates run against
  // expiry (the latest expiry admitted first), so FIFO would take another order than FEFO.
  const batchKinds = [
    { kind: 'EXP', expiry: isoDay(-1), admission: isoDay(-200), approved: 1 },
    { kind: 'E1', expiry: isoDay(30), admission: isoDay(-5), approved: 1 },
    { kind: 'E2', expiry: isoDay(60), admission: isoDay(-50), approved: 1 },
    { kind: 'E3', expiry: isoDay(120), admission: isoDay(-100), approved: 1 },
    { kind: 'U', expiry: isoDay(10), admission: isoDay(-300), approved: 0 },
  ];
  const batchRows = batchItems.flatMap((itemId, j) =>
    batchKinds.map((b) => {
      const code = `BB${j}-${b.kind}`;
      return {
        item_id: itemId,
        code,
        code_key: paddedCodeKey(code),
        visual_code: code,
        mnf_batch_code: null,
        admission_date: b.admission,
        manufacturing_date: null,
        expiration_date: b.expiry,
        quality_control_approved_or_not_required: b.approved,
      };
    }),
  );
  const batchIds = new Map();
  for (const part of chunked(batchRows)) {
    const rows = await db.insertInto('batch').values(part).returning(['id', 'item_id', 'code']).execute();
    for (const r of rows) batchIds.set(`${r.item_id}:${r.code.split('-').at(-1)}`, r.id);
  }
  const serialRows = serialItems.flatMap((itemId, k) =>
    Array.from({ length: 6 }, (_, n) => {
      const code = `BS${k}-${n}`;
      return {
        item_id: itemId,
        code,
        code_key: paddedCodeKey(code),
        visual_code: code,
        admission_date: isoDay(-10 * (n + 1)),
        expiration_date: null,
        quality_control_approved_or_not_required: 1,
      };
    }),
  );
  const serialIds = [];
  for (const part of chunked(serialRows)) {
    serialIds.push(...(await db.insertInto('serial').values(part).returning(['id', 'item_id']).execute()));
  }
  const places = (index) => ({
    face: pickLocations[index % pickLocations.length],
    bulkA: bulkLocations[(2 * index) % bulkLocations.length],
    bulkB: bulkLocations[(2 * index + 1) % bulkLocations.length],
  });
  const stockRow = (itemId, locationId, batchId, serialId, units) => ({
    item_id: itemId,
    batch_id: batchId,
    serial_id: serialId,
    bin_location_id: locationId,
    on_hand_qty: units * unit,
    released_qty: 0,
    pick_qty: 0,
    qc_pending: 0,
    qc_pending_qty: 0,
    updated_at: at,
  });
  const stock = [];
  const faces = [...normalFaces];
  batchItems.forEach((itemId, j) => {
    const p = places(j);
    const b = (kind) => batchIds.get(`${itemId}:${kind}`);
    stock.push(
      stockRow(itemId, p.face, b('E2'), null, 10),
      stockRow(itemId, p.face, b('E3'), null, 20),
      stockRow(itemId, p.face, b('U'), null, 20),
      stockRow(itemId, p.bulkA, b('E1'), null, 10),
      stockRow(itemId, p.bulkA, b('EXP'), null, 50),
      stockRow(itemId, p.bulkB, b('E2'), null, 15),
      stockRow(itemId, p.bulkB, b('E3'), null, 30),
    );
    faces.push({ itemId, locationId: p.face });
  });
  const serialIndex = new Map(serialItems.map((id, k) => [id, k]));
  const seenSerials = new Map();
  for (const serial of serialIds) {
    const k = serialIndex.get(serial.item_id);
    const n = seenSerials.get(serial.item_id) ?? 0;
    seenSerials.set(serial.item_id, n + 1);
    const p = places(s.batchItems + k);
    stock.push(stockRow(serial.item_id, n % 2 === 0 ? p.face : p.bulkA, null, serial.id, 1));
  }
  serialItems.forEach((itemId, k) => faces.push({ itemId, locationId: places(s.batchItems + k).face }));
  for (const part of chunked(stock)) await db.insertInto('stock').values(part).execute();
  for (const part of chunked(faces)) {
    await db
      .insertInto('default_item_location')
      .values(
        part.map((f) => ({
          item_id: f.itemId,
          warehouse_id: warehouse.id,
          bin_location_id: f.locationId,
          enforced: 0,
          min_stock: null,
          max_stock: null,
          version: 1,
        })),
      )
      .execute();
  }

  // The order lines: normal items 2 lines of 1-10 units, batch items 5 of 4-16, serial items 3 of 1-2; shuffled into orders.
  const next = random(18);
  const between = (low, high) => low + Math.floor(next() * (high - low + 1));
  const specs = [
    ...normalItems.flatMap((itemId) => [0, 1].map(() => ({ itemId, units: between(1, 10) }))),
    ...batchItems.flatMap((itemId) =>
      Array.from({ length: s.linesPerBatchItem }, () => ({ itemId, units: between(4, 16) })),
    ),
    ...serialItems.flatMap((itemId) =>
      Array.from({ length: s.linesPerSerialItem }, () => ({ itemId, units: between(1, 2) })),
    ),
  ].slice(0, lineTotal);
  for (let i = specs.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [specs[i], specs[j]] = [specs[j], specs[i]];
  }
  const shipDate = isoDay(1);
  for (const orderPart of chunked(
    Array.from({ length: s.orders }, (_, n) => n),
    250,
  )) {
    const documents = await db
      .insertInto('document')
      .values(
        orderPart.map((n) => {
          const code = `BENCH-SO-${String(n + 1).padStart(5, '0')}`;
          return {
            type: 'SALES_ORDER',
            code,
            code_lower: codeKey(code),
            visual_code: code,
            status: 'OPEN',
            warehouse_id: warehouse.id,
            business_partner_id: customer.id,
            ship_date: shipDate,
            created_at: at,
            updated_at: at,
          };
        }),
      )
      .returning(['id', 'code'])
      .execute();
    const lines = documents.flatMap((d) => {
      const n = Number(d.code.slice('BENCH-SO-'.length)) - 1;
      return specs.slice(starts[n], starts[n] + sizes[n]).map((spec, lineNumber) => ({
        document_id: d.id,
        line_number: lineNumber,
        item_id: spec.itemId,
        direction: 'OUT',
        quantity: spec.units * unit,
        open_quantity: spec.units * unit,
        batch_id: null,
        serial_id: null,
        from_bin_location_id: null,
        to_bin_location_id: null,
        extras: null,
      }));
    });
    for (const part of chunked(lines)) await db.insertInto('document_line').values(part).execute();
  }
  if (dialect === 'postgres') {
    const { sql } = await import('kysely');
    await sql`analyze`.execute(db);
  }
  return {
    warehouseId: warehouse.id,
    customerId: customer.id,
    pickers,
    password,
    itemIds: [...normalItems, ...batchItems, ...serialItems],
    normalItems,
    batchItems,
    lines: specs.length,
  };
}

/** Stock rows of the items (per stock key), with what allocation needs to judge them. */
export async function stockOf(db, itemIds) {
  const rows = [];
  for (const part of chunked(itemIds)) {
    rows.push(
      ...(await db
        .selectFrom('stock as s')
        .innerJoin('bin_location as b', 'b.id', 's.bin_location_id')
        .leftJoin('batch as ba', 'ba.id', 's.batch_id')
        .leftJoin('serial as se', 'se.id', 's.serial_id')
        .leftJoin('default_item_location as d', (join) =>
          join.onRef('d.item_id', '=', 's.item_id').onRef('d.bin_location_id', '=', 's.bin_location_id'),
        )
        .select([
          's.item_id',
          's.batch_id',
          's.serial_id',
          's.bin_location_id',
          's.on_hand_qty',
          's.released_qty',
          's.pick_qty',
          's.qc_pending_qty',
          'b.warehouse_id',
          'b.location_type',
          'b.active',
          'b.block_stock_movements',
          'b.stock_movement_restricted',
          'ba.expiration_date as batch_expiry',
          'ba.quality_control_approved_or_not_required as batch_approved',
          'se.expiration_date as serial_expiry',
          'se.quality_control_approved_or_not_required as serial_approved',
          'd.id as face',
        ])
        .where('s.item_id', 'in', part)
        .execute()),
    );
  }
  return rows.map((r) => ({
    ...r,
    on_hand_qty: Number(r.on_hand_qty),
    released_qty: Number(r.released_qty),
    pick_qty: Number(r.pick_qty),
    qc_pending_qty: Number(r.qc_pending_qty),
  }));
}

export const keyOf = (r) => `${r.item_id}:${r.bin_location_id}:${r.batch_id ?? 0}:${r.serial_id ?? 0}`;

async function allocationSums(db, itemIds) {
  const sums = new Map();
  for (const part of chunked(itemIds)) {
    const rows = await db
      .selectFrom('stock_allocation')
      .select(['item_id', 'batch_id', 'serial_id', 'bin_location_id', (eb) => eb.fn.sum('quantity').as('sum')])
      .where('item_id', 'in', part)
      .groupBy(['item_id', 'batch_id', 'serial_id', 'bin_location_id'])
      .execute();
    for (const r of rows) if (Number(r.sum) !== 0) sums.set(keyOf(r), Number(r.sum));
  }
  return sums;
}

/**
 * After the create run: every allocation is at eligible stock (no expired or unapproved batch, no
 * QC/RECEIVE/MOBILE, blocked, restricted or inactive location), of the warehouse; pick faces
 * before bulk (no bulk allocation of an item while its faces keep free eligible stock); within
 * each tier FEFO for batch items (no allocation of a batch expiring later than one with free stock
 * left in the same tier).
 */
async function checkAllocation(db, seeded, baseline) {
  const today = isoDay(0);
  const stock = await stockOf(db, seeded.itemIds);
  const allocated = await allocationSums(db, seeded.itemIds);
  const batchItems = new Set(seeded.batchItems);
  const problems = [];
  const perItem = new Map();
  let allocations = 0;
  let batchAllocations = 0;
  for (const r of stock) {
    const expiry = r.batch_expiry ?? r.serial_expiry;
    const approved =
      (r.batch_id === null || r.batch_approved === 1) && (r.serial_id === null || r.serial_approved === 1);
    const eligible =
      r.warehouse_id === seeded.warehouseId &&
      r.active === 1 &&
      r.block_stock_movements === 0 &&
      r.stock_movement_restricted === 0 &&
      !['QC', 'RECEIVE', 'MOBILE'].includes(r.location_type) &&
      approved &&
      (expiry === null || expiry.slice(0, 10) >= today);
    const quantity = allocated.get(keyOf(r)) ?? 0;
    const released = r.released_qty - (baseline.get(keyOf(r)) ?? 0);
    if (quantity !== released) problems.push(`${keyOf(r)}: allocations ${quantity}, released change ${released}`);
    const free = r.on_hand_qty - r.released_qty - r.pick_qty - r.qc_pending_qty;
    if (quantity > 0) {
      allocations++;
      if (r.batch_id !== null) batchAllocations++;
      if (!eligible) problems.push(`${keyOf(r)}: ${quantity} allocated from ineligible stock`);
    }
    if (!eligible) continue;
    const entry = perItem.get(r.item_id) ?? [];
    entry.push({ key: keyOf(r), tier: r.face !== null ? 'face' : 'bulk', expiry, quantity, free });
    perItem.set(r.item_id, entry);
  }
  let fefoChecked = 0;
  for (const [itemId, rows] of perItem) {
    const faceFree = rows.some((r) => r.tier === 'face' && r.free > 0);
    if (faceFree) {
      for (const r of rows.filter((x) => x.tier === 'bulk' && x.quantity > 0)) {
        problems.push(`${r.key}: bulk allocated while the item's pick face keeps free stock`);
      }
    }
    if (!batchItems.has(itemId)) continue;
    for (const tier of ['face', 'bulk']) {
      const inTier = rows.filter((r) => r.tier === tier);
      const earliestFree = inTier
        .filter((r) => r.free > 0)
        .map((r) => r.expiry ?? '9999-12-31')
        .sort()[0];
      for (const r of inTier.filter((x) => x.quantity > 0)) {
        fefoChecked++;
        if (earliestFree !== undefined && (r.expiry ?? '9999-12-31') > earliestFree) {
          problems.push(
            `${r.key}: expiry ${r.expiry} allocated while ${earliestFree} kept free stock in the ${tier} tier`,
          );
        }
      }
    }
  }
  return { problems, allocations, batchAllocations, fefoChecked };
}

/** Released quantities of the items' stock keys, the ledger's last id, and on-hand per key (before the run). */
export async function snapshot(db, itemIds) {
  const stock = await stockOf(db, itemIds);
  const last = await db
    .selectFrom('stock_ledger')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return {
    released: new Map(stock.map((r) => [keyOf(r), r.released_qty])),
    onHand: new Map(stock.map((r) => [keyOf(r), r.on_hand_qty])),
    lastLedgerId: Number(last?.id ?? 0),
  };
}

/** The pick list invariants after the run (see the module comment); answers the differences. */
export async function checkInvariants(db, seeded, before, picksAnswered) {
  const problems = [];
  // Items of the bench, plus whatever a pick moved (the same items, into containers).
  const stock = await stockOf(db, seeded.itemIds);
  const allocated = await allocationSums(db, seeded.itemIds);
  const stockKeys = new Set(stock.map(keyOf));
  for (const key of allocated.keys()) if (!stockKeys.has(key)) problems.push(`${key}: allocation without a stock row`);
  for (const r of stock) {
    const key = keyOf(r);
    const released = r.released_qty - (before.released.get(key) ?? 0);
    if (released !== (allocated.get(key) ?? 0)) {
      problems.push(
        `${key}: released ${r.released_qty} (before ${before.released.get(key) ?? 0}), allocations ${allocated.get(key) ?? 0}`,
      );
    }
    if (Math.min(r.on_hand_qty, r.released_qty, r.pick_qty, r.qc_pending_qty) < 0)
      problems.push(`${key}: a negative bucket`);
    if (r.released_qty + r.pick_qty + r.qc_pending_qty > r.on_hand_qty)
      problems.push(`${key}: released + pick + QC > onHand`);
  }
  const ledger = new Map();
  for (const part of chunked(seeded.itemIds)) {
    const rows = await db
      .selectFrom('stock_ledger')
      .select(['item_id', 'batch_id', 'serial_id', 'bin_location_id', (eb) => eb.fn.sum('quantity').as('sum')])
      .where('id', '>', before.lastLedgerId)
      .where('item_id', 'in', part)
      .groupBy(['item_id', 'batch_id', 'serial_id', 'bin_location_id'])
      .execute();
    for (const r of rows) ledger.set(keyOf(r), Number(r.sum));
  }
  const onHandAfter = new Map(stock.map((r) => [keyOf(r), r.on_hand_qty]));
  for (const key of new Set([...before.onHand.keys(), ...onHandAfter.keys(), ...ledger.keys()])) {
    const change = (onHandAfter.get(key) ?? 0) - (before.onHand.get(key) ?? 0);
    if (change !== (ledger.get(key) ?? 0))
      problems.push(`${key}: onHand change ${change}, ledger ${ledger.get(key) ?? 0}`);
  }
  const { sql } = await import('kysely');
  const lines = await db
    .selectFrom('pick_list_line as p')
    .innerJoin('document_line as l', 'l.id', 'p.document_line_id')
    .innerJoin('document as d', 'd.id', 'l.document_id')
    .select([
      'd.code',
      'd.status',
      'l.line_number',
      'l.quantity',
      'l.open_quantity',
      'p.picked_qty',
      'p.short_qty',
      (eb) =>
        eb
          .selectFrom('pick_entry as e')
          .select(sql`coalesce(sum(e.quantity), 0)`.as('s'))
          .whereRef('e.document_line_id', '=', 'l.id')
          .as('entries'),
      (eb) =>
        eb
          .selectFrom('stock_allocation as a')
          .select(sql`coalesce(sum(a.quantity), 0)`.as('s'))
          .whereRef('a.document_line_id', '=', 'l.id')
          .as('allocated'),
    ])
    .execute();
  const statuses = {};
  let picked = 0;
  for (const l of lines) {
    const label = `${l.code} line ${l.line_number}`;
    const [quantity, open, pickedQty, short] = [l.quantity, l.open_quantity, l.picked_qty, l.short_qty].map(Number);
    picked += pickedQty;
    if (Math.min(pickedQty, short, open) < 0 || open !== quantity - pickedQty - short)
      problems.push(`${label}: open ${open}, quantity ${quantity}, picked ${pickedQty}, short ${short}`);
    if (Number(l.entries) !== pickedQty) problems.push(`${label}: picked ${pickedQty}, pick entries ${l.entries}`);
    if (Number(l.allocated) > open) problems.push(`${label}: allocated ${l.allocated} > open ${open}`);
  }
  for (const r of await db
    .selectFrom('document')
    .select(['status', (eb) => eb.fn.countAll().as('n')])
    .where('type', '=', 'PICK_LIST')
    .groupBy('status')
    .execute())
    statuses[r.status] = Number(r.n);
  const containers = await db
    .selectFrom('shipping_container as c')
    // Delivered containers' goods have left (DELIVERY lowers pickQty); the demo data holds one.
    .where('c.status', 'in', ['OPEN', 'CLOSED'])
    .select([
      'c.code',
      (eb) =>
        eb
          .selectFrom('pick_entry as e')
          .select(sql`coalesce(sum(e.quantity), 0)`.as('s'))
          .whereRef('e.container_id', '=', 'c.id')
          .as('entries'),
      (eb) =>
        eb
          .selectFrom('stock as s')
          .select(sql`coalesce(sum(s.pick_qty), 0)`.as('s'))
          .whereRef('s.bin_location_id', '=', 'c.bin_location_id')
          .as('held'),
    ])
    .execute();
  for (const c of containers) {
    if (Number(c.entries) !== Number(c.held))
      problems.push(`container ${c.code}: pickQty ${c.held}, pick entries ${c.entries}`);
  }
  const orders = await db
    .selectFrom('document_line as l')
    .innerJoin('document as d', 'd.id', 'l.document_id')
    .select([
      'd.code',
      'l.line_number',
      'l.open_quantity',
      'l.released_quantity',
      (eb) =>
        eb
          .selectFrom('pick_list_line as p')
          .innerJoin('document_line as pl', 'pl.id', 'p.document_line_id')
          .select(sql`coalesce(sum(pl.quantity - p.short_qty), 0)`.as('s'))
          .whereRef('p.source_line_id', '=', 'l.id')
          .as('planned'),
    ])
    .where('d.type', '=', 'SALES_ORDER')
    .where('d.code_lower', 'like', 'bench-so-%')
    .execute();
  for (const o of orders) {
    const released = Number(o.released_quantity);
    if (released < 0 || released > Number(o.open_quantity) || released !== Number(o.planned)) {
      problems.push(
        `${o.code} line ${o.line_number}: released ${released}, open ${o.open_quantity}, on lists ${o.planned}`,
      );
    }
  }
  const entries = await db
    .selectFrom('pick_entry')
    .select((eb) => eb.fn.count('idempotency_key').distinct().as('n'))
    .where('idempotency_key', 'like', 'bench-pick-%')
    .executeTakeFirst();
  if (Number(entries?.n) !== picksAnswered) problems.push(`${entries?.n} picks stored, ${picksAnswered} answered 2xx`);
  return { problems, statuses, lines: lines.length, pickedUnits: picked / unit, containers: containers.length };
}

/** A keep-alive JSON client: post(path, body, cookie) answers { status, json, ms }. */
export function jsonClient(baseUrl) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const { hostname, port } = new URL(baseUrl);
  return (method, pathname, body, headers) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const started = performance.now();
      const request = http.request(
        {
          agent,
          hostname,
          port,
          method,
          path: pathname,
          headers: {
            ...headers,
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json;
            try {
              json = text === '' ? null : JSON.parse(text);
            } catch {
              json = text;
            }
            resolve({ status: response.statusCode, json, ms: performance.now() - started });
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
}

/** The headers of one picker's session (its own UniqueSession). */
export async function signInAs(baseUrl, username, password, device) {
  return { ...clientHeaders, uniquesession: device, cookie: await signIn(baseUrl, { username, password, device }) };
}

export const percentile = (sorted, p) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

/**
 * 32 pickers claim lists and pick their allocations until the time is up or no list is left
 * (`timing` overrides pickingSettings' durationSeconds and warmupSeconds; its `onStart` runs once
 * the pickers are signed in, before the first claim: the server's figures start there, without
 * the 32 password checks).
 */
export async function pickAll(baseUrl, seeded, codes, timing = {}) {
  const s = { ...pickingSettings, ...timing };
  const request = jsonClient(baseUrl);
  const sessions = [];
  for (const [i, username] of seeded.pickers.entries()) {
    sessions.push(await signInAs(baseUrl, username, seeded.password, `bench-picker-${i}`));
  }
  await s.onStart?.();
  const queue = [...codes];
  const latencies = [];
  const failures = {};
  let picks = 0;
  let warmupPicks = 0;
  let claims = 0;
  let n = 0;
  const started = performance.now();
  const warmupEnd = started + s.warmupSeconds * 1000;
  const end = started + s.durationSeconds * 1000;
  let measuredEnd = started;
  const fail = (what, answer) => {
    const key = `${what} ${answer.status} ${answer.json?.key ?? ''}`.trim();
    failures[key] = (failures[key] ?? 0) + 1;
    if (failures[key] === 1) console.error(`picking: ${key}: ${JSON.stringify(answer.json).slice(0, 300)}`);
  };
  const picker = async (headers) => {
    while (performance.now() < end) {
      const code = queue.shift();
      if (code === undefined) return;
      const at = `/api/v1/pick_list/${encodeURIComponent(code)}`;
      const claim = await request('POST', `${at}/claim`, {}, headers);
      if (claim.status !== 200) {
        fail('claim', claim);
        continue;
      }
      claims++;
      const lines = [...claim.json.lines].sort((a, b) => a.walkOrder - b.walkOrder);
      for (const line of lines) {
        for (const allocation of line.allocations) {
          if (performance.now() >= end) return;
          const body = {
            idempotencyKey: `bench-pick-${++n}`,
            lineNumber: line.lineNumber,
            fromLocation: allocation.location,
            batch: allocation.batch,
            serials: allocation.serial === null ? [] : [allocation.serial],
            quantity: allocation.quantity,
            containerCode: `BT-${code}`,
          };
          const sent = performance.now();
          const answer = await request('POST', `${at}/pick`, body, headers);
          if (answer.status !== 200) {
            fail('pick', answer);
            continue;
          }
          if (sent < warmupEnd) warmupPicks++;
          else {
            picks++;
            latencies.push(answer.ms);
            measuredEnd = Math.max(measuredEnd, performance.now());
          }
        }
      }
    }
  };
  await Promise.all(sessions.map(picker));
  const seconds = Math.max(0.001, (measuredEnd - warmupEnd) / 1000);
  latencies.sort((a, b) => a - b);
  const round = (v) => (v === null ? null : Math.round(v * 10) / 10);
  return {
    picksPerSecond: Math.round(picks / seconds),
    picks,
    warmupPicks,
    claims,
    listsLeft: queue.length,
    seconds: Math.round(seconds * 10) / 10,
    latencyP50Ms: round(percentile(latencies, 50)),
    latencyP99Ms: round(percentile(latencies, 99)),
    latencyMaxMs: round(latencies.at(-1) ?? null),
    failures,
  };
}

export async function runPickingPart() {
  const s = pickingSettings;
  console.log(
    `picking: large data set (${largeDataSize.items} items, ${largeDataSize.stock} stock rows) on ` +
      `${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; ${s.orders * s.linesPerOrder} sales order lines, ` +
      `${s.pickers} pickers, ${s.warmupSeconds} s warm-up + up to ${s.durationSeconds - s.warmupSeconds} s`,
  );
  const largeData = await prepareLargeData();
  console.log(`${largeData.summary} (${largeData.seconds} s with migrations)`);
  const { openDatabase } = await import(pathToFileURL(path.join(serverDist, 'db', 'database.js')).href);
  const handle = openDatabase(largeData.databaseUrl);
  let wms;
  try {
    // The server adds the demo data when it starts: the seeding comes after.
    wms = await startBuiltServer(largeData.serverEnv, { dataDir: largeData.dataDir });
    const seedStarted = performance.now();
    const seeded = await seed(handle.db, largeData.dialect);
    console.log(
      `picking: seeded ${seeded.lines} order lines over ${seeded.itemIds.length} items in ${Math.round(performance.now() - seedStarted)} ms`,
    );
    const before = await snapshot(handle.db, seeded.itemIds);
    const admin = { ...clientHeaders, cookie: await signIn(wms.baseUrl) };
    const request = jsonClient(wms.baseUrl);

    // 1. Allocation: create runs until every line is planned (one run plans them all unless refused).
    const created = [];
    const runs = [];
    const allocationStarted = performance.now();
    for (let run = 0; run < 5; run++) {
      const answer = await request('POST', '/api/v1/pick_list/create', { warehouse: 'LD1', groupBy: 'ORDER' }, admin);
      runs.push({
        status: answer.status,
        ms: Math.round(answer.ms),
        lists: answer.json?.created?.length ?? 0,
        backorders: answer.json?.backorders?.length ?? 0,
      });
      if (answer.status !== 200) {
        if (answer.json?.key !== 'nothingToCreate')
          console.error(`create: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
        break;
      }
      created.push(...answer.json.created);
      const unplanned = await handle.db
        .selectFrom('document_line as l')
        .innerJoin('document as d', 'd.id', 'l.document_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('d.code_lower', 'like', 'bench-so-%')
        .where((eb) => eb(eb('l.open_quantity', '-', eb.ref('l.released_quantity')), '>', 0))
        .executeTakeFirst();
      if (Number(unplanned?.n) === 0) break;
    }
    const allocationMs = Math.round(performance.now() - allocationStarted);
    const planned = await handle.db
      .selectFrom('document_line as l')
      .innerJoin('document as d', 'd.id', 'l.document_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('d.code_lower', 'like', 'bench-so-%')
      .where((eb) => eb('l.released_quantity', '=', eb.ref('l.open_quantity')))
      .executeTakeFirst();
    const allocation = {
      ms: allocationMs,
      runs,
      lists: created.length,
      linesPlanned: Number(planned?.n ?? 0),
      ...(await checkAllocation(handle.db, seeded, before.released)),
    };
    console.log(
      `picking: create planned ${allocation.linesPlanned} of ${seeded.lines} lines into ${allocation.lists} lists in ${allocationMs} ms ` +
        `(${runs.map((r) => `${r.status}: ${r.ms} ms, ${r.lists} lists, ${r.backorders} backorders`).join('; ')})`,
    );
    console.log(
      `picking: allocation check (${allocation.allocations} stock keys allocated, ${allocation.batchAllocations} of them batches, ${allocation.fefoChecked} FEFO-judged): ` +
        (allocation.problems.length === 0
          ? 'every allocation is eligible, faces before bulk, FEFO within each tier'
          : `BROKEN (${allocation.problems.length}): ${allocation.problems.slice(0, 10).join('; ')}`),
    );

    // 2. Picking.
    const picking = await pickAll(wms.baseUrl, seeded, created, { onStart: () => wms.serverTiming() });
    picking.server = await wms.serverTiming();
    console.log(
      `picking: ${picking.picksPerSecond} picks/s at ${s.pickers} pickers (p50 ${picking.latencyP50Ms} ms, p99 ${picking.latencyP99Ms} ms, max ${picking.latencyMaxMs} ms; ` +
        `${picking.picks} picks in ${picking.seconds} s after ${picking.warmupPicks} warm-up picks; ${picking.claims} lists claimed, ${picking.listsLeft} left; ` +
        `server p99 ${picking.server?.p99Ms} ms, CPU ${picking.server?.cpuUsPerRequest} µs/request; failures ${JSON.stringify(picking.failures)})`,
    );
    const stopCode = await wms.stop();
    wms = undefined;
    if (stopCode !== 0) throw new Error(`the WMS server exited with code ${stopCode}`);

    // 3. Invariants.
    const invariants = await checkInvariants(handle.db, seeded, before, picking.picks + picking.warmupPicks);
    console.log(
      `picking invariants (${invariants.lines} list lines, ${invariants.pickedUnits} units picked, ${invariants.containers} containers, lists ${JSON.stringify(invariants.statuses)}): ` +
        (invariants.problems.length === 0
          ? 'OK'
          : `BROKEN (${invariants.problems.length}): ${invariants.problems.slice(0, 10).join('; ')}`),
    );
    const misses = [];
    if (allocationMs >= pickingTargets.allocationMs)
      misses.push(`allocation ${allocationMs} ms >= ${pickingTargets.allocationMs}`);
    if (allocation.linesPlanned !== seeded.lines)
      misses.push(`${seeded.lines - allocation.linesPlanned} lines not planned`);
    if (allocation.problems.length > 0) misses.push('allocation not FEFO / not eligible');
    // The pick targets are SQLite's (the embedded default); PostgreSQL's figures are printed.
    if (largeData.dialect === 'sqlite' && picking.picksPerSecond < pickingTargets.picksPerSecond)
      misses.push(`< ${pickingTargets.picksPerSecond} picks/s`);
    if (largeData.dialect === 'sqlite' && picking.latencyP99Ms >= pickingTargets.p99Ms)
      misses.push(`p99 >= ${pickingTargets.p99Ms} ms`);
    if (Object.keys(picking.failures).length > 0) misses.push('failed requests');
    if (invariants.problems.length > 0) misses.push('invariants broken');
    console.log(
      `picking target (allocation of ${seeded.lines} lines < ${pickingTargets.allocationMs} ms, FEFO; >= ${pickingTargets.picksPerSecond} picks/s with p99 < ${pickingTargets.p99Ms} ms on SQLite; invariants): ` +
        (misses.length === 0 ? 'met' : `MISSED: ${misses.join(', ')}`),
    );
    return {
      database: largeData.dialect,
      settings: s,
      allocation: { ...allocation, problems: allocation.problems.slice(0, 50) },
      picking,
      invariants: { ...invariants, problems: invariants.problems.slice(0, 50) },
      misses,
    };
  } finally {
    if (wms) await wms.stop();
    await handle.close();
    await largeData.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runPickingPart().then(
    (report) => {
      if (report.misses.length > 0) process.exitCode = 1;
    },
    (error) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exitCode = 1;
    },
  );
}
