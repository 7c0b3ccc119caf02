// Deliveries (issue 19): the built server on the large data set.
// 1. Not timed: BENCH_DELIVERY_LISTS sales orders of 1, 2 or 3 lines (normal, batch and serial items,
//    seeded as bench/picking.mjs does) plus one of 200 lines for the packing slip, made into pick
//    lists (POST pick_list/create), picked through the API by the packers' colleagues (picking.mjs's
//    pickAll: claim, pick into container BT-{list}), each container closed and the list marked packed
//    (POST pick_list/{code}/markPacked). The 200-line list is delivered too.
// 2. Timed: BENCH_PACKERS users with the delivery role POST /api/v1/delivery/create {idempotencyKey,
//    pickList} for lists from a shared queue until it is empty or the time is up; deliveries/s and
//    latency p50/p99 after a warm-up. Then 100 of those requests are replayed with their keys: each
//    must answer replayed with the same delivery, and nothing new may be made.
// 3. The packing slip: GET /api/v1/delivery/{code}/packingSlip of the 200-line delivery, cold (the
//    server's first slip) and the median of 10 warm ones.
// 4. Invariants after the run, in SQL: per delivered list its containers hold no stock; each
//    delivery's DELIVERY ledger rows equal what was picked onto the list (per item, batch, serial);
//    onHand change = ledger rows per stock key; no negative bucket; exactly one DELIVERY document per
//    delivered list and none for the others; sales order open quantities down by exactly the
//    delivered quantity.
// Prints one JSON line of figures with the ratios to the targets (>= 300 deliveries/s and p99 < 200 ms
// on SQLite, slip < 500 ms). SQLite, or PostgreSQL with BENCH_DATABASE_URL. Run alone:
// node bench/deliveries.mjs (BENCH_ITEMS, BENCH_LOCATIONS, BENCH_STOCK shrink the large data set).
import { performance } from 'node:perf_hooks';
import { largeDataSize } from './large-data.mjs';
import { expectOk, lastLedgerId, onLargeData, ratio, round, runAsScript } from './large-data-part.mjs';
import {
  chunked,
  insertUsers,
  jsonClient,
  keyOf,
  percentile,
  pickAll,
  seed,
  signInAs,
  snapshot,
  stockOf,
} from './picking.mjs';
import { clientHeaders, signIn } from './processes.mjs';

export const deliverySettings = {
  lists: Number(process.env.BENCH_DELIVERY_LISTS ?? 2000),
  packers: Number(process.env.BENCH_PACKERS ?? 16),
  /** Seconds of deliveries (the warm-up included); the run ends sooner when the queue is empty. */
  durationSeconds: Number(process.env.BENCH_DELIVERY_DURATION ?? 30),
  warmupSeconds: Number(process.env.BENCH_DELIVERY_WARMUP ?? 2),
  replays: 100,
  slipLines: 200,
  slipWarmRuns: 10,
};

export const deliveryTargets = { deliveriesPerSecond: 300, p99Ms: 200, slipMs: 500 };

const slipOrder = 'BENCH-SO-SLIP';

/** picking.mjs's seed with small orders (1, 2, 3 lines in turn): about 15% batch and 5% serial lines. */
function seedSettings() {
  const lines = deliverySettings.lists * 2;
  return {
    pickers: deliverySettings.packers,
    orders: deliverySettings.lists,
    lineCounts: [1, 2, 3],
    batchItems: Math.floor((lines * 0.15) / 5),
    linesPerBatchItem: 5,
    serialItems: Math.floor((lines * 0.05) / 3),
    linesPerSerialItem: 3,
  };
}

/** One more sales order: a unit of each of the first 200 normal items (they keep 30 free, orders take 20 at most). */
async function seedSlipOrder(db, seeded) {
  const { codeKey } = await import('@wms/contract');
  const at = new Date().toISOString();
  const order = await db
    .insertInto('document')
    .values({
      type: 'SALES_ORDER',
      code: slipOrder,
      code_lower: codeKey(slipOrder),
      visual_code: slipOrder,
      status: 'OPEN',
      warehouse_id: seeded.warehouseId,
      business_partner_id: seeded.customerId,
      ship_date: at.slice(0, 10),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const items = seeded.normalItems.slice(0, deliverySettings.slipLines);
  await db
    .insertInto('document_line')
    .values(
      items.map((itemId, lineNumber) => ({
        document_id: order.id,
        line_number: lineNumber,
        item_id: itemId,
        direction: 'OUT',
        quantity: 1000,
        open_quantity: 1000,
      })),
    )
    .execute();
  return { id: order.id, lines: items.length };
}

/** Runs work(item, worker) over the items with `workers` at a time. */
async function inParallel(items, workers, work) {
  const queue = [...items];
  const worker = async (index) => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item, index);
  };
  await Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
}

/** Step 1: lists made, picked, containers closed, lists packed; answers the lists and the slip list. */
async function prepareLists(db, baseUrl, request, seeded, slip) {
  const admin = { ...clientHeaders, cookie: await signIn(baseUrl) };
  const created = expectOk(
    'pick list create',
    await request('POST', '/api/v1/pick_list/create', { warehouse: 'LD1', groupBy: 'ORDER' }, admin),
  );
  if (created.backorders.length > 0) throw new Error(`${created.backorders.length} lines left as backorders`);
  const codes = created.created;
  const picking = await pickAll(baseUrl, seeded, codes, { durationSeconds: Infinity, warmupSeconds: 0 });
  if (Object.keys(picking.failures).length > 0) throw new Error(`picking failed: ${JSON.stringify(picking.failures)}`);
  const pickers = [];
  for (const [i, username] of seeded.pickers.entries())
    pickers.push(await signInAs(baseUrl, username, seeded.password, `bench-picker-${i}`));
  await inParallel(codes, pickers.length, async (code, worker) => {
    const container = encodeURIComponent(`BT-${code}`);
    expectOk(
      `close BT-${code}`,
      await request('POST', `/api/v1/pick_list/shippingContainer/${container}/close`, {}, pickers[worker]),
    );
    expectOk(
      `markPacked ${code}`,
      await request('POST', `/api/v1/pick_list/${encodeURIComponent(code)}/markPacked`, {}, pickers[worker]),
    );
  });
  const slipList = await db
    .selectFrom('pick_list_line as p')
    .innerJoin('document_line as l', 'l.id', 'p.source_line_id')
    .innerJoin('document as d', 'd.id', 'p.document_id')
    .select('d.code')
    .where('l.document_id', '=', slip.id)
    .groupBy('d.code')
    .execute();
  if (slipList.length !== 1) throw new Error(`the slip order is on ${slipList.length} lists`);
  return { codes: codes.filter((code) => code !== slipList[0].code), slipList: slipList[0].code, picks: picking.picks };
}

/** Step 2: the packers deliver the queued lists; answers the figures and the requests made. */
async function deliverAll(request, packers, codes) {
  const s = deliverySettings;
  const queue = [...codes];
  const made = [];
  const latencies = [];
  const failures = {};
  let warmupDeliveries = 0;
  let n = 0;
  const started = performance.now();
  const warmupEnd = started + s.warmupSeconds * 1000;
  const end = started + s.durationSeconds * 1000;
  let measuredEnd = warmupEnd;
  const packer = async (headers) => {
    while (performance.now() < end) {
      const pickList = queue.shift();
      if (pickList === undefined) return;
      const body = { idempotencyKey: `bench-delivery-${++n}`, pickList };
      const sent = performance.now();
      const answer = await request('POST', '/api/v1/delivery/create', body, headers);
      if (answer.status !== 200 || answer.json.replayed) {
        const key = `${answer.status} ${answer.json?.key ?? (answer.json?.replayed ? 'replayed' : '')}`.trim();
        failures[key] = (failures[key] ?? 0) + 1;
        if (failures[key] === 1) console.error(`deliveries: ${key}: ${JSON.stringify(answer.json).slice(0, 300)}`);
        continue;
      }
      made.push({ ...body, headers, deliveries: answer.json.deliveries.map((d) => d.code) });
      if (sent < warmupEnd) warmupDeliveries++;
      else {
        latencies.push(answer.ms);
        measuredEnd = Math.max(measuredEnd, performance.now());
      }
    }
  };
  await Promise.all(packers.map(packer));
  const seconds = Math.max(0.001, (measuredEnd - warmupEnd) / 1000);
  latencies.sort((a, b) => a - b);
  return {
    deliveriesPerSecond: Math.round(latencies.length / seconds),
    deliveries: latencies.length,
    warmupDeliveries,
    listsLeft: queue.length,
    seconds: round(seconds),
    latencyP50Ms: round(percentile(latencies, 50)),
    latencyP99Ms: round(percentile(latencies, 99)),
    latencyMaxMs: round(latencies.at(-1) ?? null),
    failures,
    made,
  };
}

const deliveryCount = async (db) =>
  Number(
    (
      await db
        .selectFrom('document')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('type', '=', 'DELIVERY')
        .executeTakeFirst()
    )?.n ?? 0,
  );
/** Replays requests (spread over the run) with their keys: each answers its delivery, nothing new is made. */
async function replay(db, request, made) {
  const step = Math.max(1, Math.floor(made.length / deliverySettings.replays));
  const sample = made.filter((_, i) => i % step === 0).slice(0, deliverySettings.replays);
  const [documents, ledger] = [await deliveryCount(db), await lastLedgerId(db)];
  const problems = [];
  for (const { idempotencyKey, pickList, headers, deliveries } of sample) {
    const answer = await request('POST', '/api/v1/delivery/create', { idempotencyKey, pickList }, headers);
    const codes = answer.json?.deliveries?.map((d) => d.code).join();
    if (answer.status !== 200 || answer.json.replayed !== true || codes !== deliveries.join())
      problems.push(
        `${idempotencyKey}: ${answer.status} replayed ${answer.json?.replayed}, ${codes} not ${deliveries}`,
      );
  }
  if ((await deliveryCount(db)) !== documents) problems.push('a replay made a DELIVERY document');
  if ((await lastLedgerId(db)) !== ledger) problems.push('a replay wrote ledger rows');
  return { replayed: sample.length, problems };
}

/** Step 3: the slip of the 200-line delivery, the server's first (cold) and the median of the warm ones. */
async function timeSlip(request, headers, delivery) {
  const get = async () => {
    const answer = await request('GET', `/api/v1/delivery/${encodeURIComponent(delivery)}/packingSlip`, undefined, {
      ...headers,
      accept: 'application/pdf',
    });
    if (answer.status !== 200 || !String(answer.json).startsWith('%PDF'))
      throw new Error(`packing slip of ${delivery}: ${answer.status} ${String(answer.json).slice(0, 300)}`);
    return answer.ms;
  };
  const coldMs = await get();
  const warm = [];
  for (let i = 0; i < deliverySettings.slipWarmRuns; i++) warm.push(await get());
  warm.sort((a, b) => a - b);
  return { coldMs: Math.round(coldMs), warmMedianMs: Math.round(percentile(warm, 50)) };
}

/** The bench's sales order lines: id -> open quantity. */
async function orderLines(db) {
  const rows = await db
    .selectFrom('document_line as l')
    .innerJoin('document as d', 'd.id', 'l.document_id')
    .select(['l.id', 'l.open_quantity', 'l.released_quantity'])
    .where('d.type', '=', 'SALES_ORDER')
    .where('d.code_lower', 'like', 'bench-so-%')
    .execute();
  return new Map(rows.map((r) => [r.id, { open: Number(r.open_quantity), released: Number(r.released_quantity) }]));
}

/** Step 4 (see the module comment): answers the differences. */
async function checkInvariants(db, seeded, before, lists, deliveredLists) {
  const { sql } = await import('kysely');
  const problems = [];
  const heads = [];
  for (const part of chunked(lists))
    heads.push(
      ...(await db
        .selectFrom('document')
        .select(['id', 'code', 'status'])
        .where('type', '=', 'PICK_LIST')
        .where('code', 'in', part)
        .execute()),
    );
  const delivered = new Set(deliveredLists);
  const deliveredIds = heads.filter((h) => delivered.has(h.code)).map((h) => h.id);
  const deliveryOf = new Map();
  const perList = new Map();
  for (const part of chunked(heads.map((h) => h.id))) {
    const rows = await db
      .selectFrom('delivery as v')
      .innerJoin('document as d', 'd.id', 'v.document_id')
      .select(['v.pick_list_id', 'd.code', 'd.type', 'd.status'])
      .where('v.pick_list_id', 'in', part)
      .execute();
    for (const r of rows) {
      perList.set(r.pick_list_id, (perList.get(r.pick_list_id) ?? 0) + 1);
      deliveryOf.set(r.pick_list_id, r.code);
      if (r.type !== 'DELIVERY' || r.status !== 'CREATED') problems.push(`${r.code}: ${r.type} ${r.status}`);
    }
  }
  for (const h of heads) {
    const expected = delivered.has(h.code) ? 1 : 0;
    if ((perList.get(h.id) ?? 0) !== expected) problems.push(`${h.code}: ${perList.get(h.id) ?? 0} deliveries`);
    if (expected === 1 && h.status !== 'CLOSED') problems.push(`${h.code}: delivered but ${h.status}`);
  }

  const picked = new Map();
  const perSalesLine = new Map();
  const ledger = new Map();
  for (const part of chunked(deliveredIds)) {
    const held = await db
      .selectFrom('shipping_container as c')
      .innerJoin('stock as s', 's.bin_location_id', 'c.bin_location_id')
      .select(['c.code', (eb) => eb.fn.sum('s.on_hand_qty').as('onHand'), (eb) => eb.fn.sum('s.pick_qty').as('pick')])
      .where('c.pick_list_id', 'in', part)
      .groupBy('c.code')
      .execute();
    for (const c of held.filter((r) => Number(r.onHand) !== 0 || Number(r.pick) !== 0))
      problems.push(`container ${c.code} of a delivered list holds onHand ${c.onHand}, pick ${c.pick}`);
    const entries = await db
      .selectFrom('pick_entry as e')
      .innerJoin('pick_list_line as p', 'p.document_line_id', 'e.document_line_id')
      .select(['e.document_id', 'e.item_id', 'e.batch_id', 'e.serial_id', 'p.source_line_id', 'e.quantity'])
      .where('e.document_id', 'in', part)
      .execute();
    for (const e of entries) {
      const key = `${deliveryOf.get(e.document_id)}|${e.item_id}:${e.batch_id ?? 0}:${e.serial_id ?? 0}`;
      picked.set(key, (picked.get(key) ?? 0) + Number(e.quantity));
      if (e.source_line_id !== null)
        perSalesLine.set(e.source_line_id, (perSalesLine.get(e.source_line_id) ?? 0) + Number(e.quantity));
    }
    const codes = part.map((id) => deliveryOf.get(id)).filter(Boolean);
    if (codes.length === 0) continue;
    const rows = await db
      .selectFrom('stock_ledger')
      .select(['document_code', 'item_id', 'batch_id', 'serial_id', sql`sum(quantity)`.as('sum')])
      .where('transaction_type', '=', 'DELIVERY')
      .where('document_type', '=', 'DELIVERY')
      .where('document_code', 'in', codes)
      .groupBy(['document_code', 'item_id', 'batch_id', 'serial_id'])
      .execute();
    for (const r of rows)
      ledger.set(`${r.document_code}|${r.item_id}:${r.batch_id ?? 0}:${r.serial_id ?? 0}`, Number(r.sum));
  }
  for (const key of new Set([...picked.keys(), ...ledger.keys()])) {
    if ((ledger.get(key) ?? 0) !== -(picked.get(key) ?? 0))
      problems.push(`${key}: DELIVERY ledger ${ledger.get(key) ?? 0}, picked ${picked.get(key) ?? 0}`);
  }

  const stock = await stockOf(db, seeded.itemIds);
  for (const r of stock) {
    if (Math.min(r.on_hand_qty, r.released_qty, r.pick_qty, r.qc_pending_qty) < 0)
      problems.push(`${keyOf(r)}: a negative bucket`);
    if (r.released_qty + r.pick_qty + r.qc_pending_qty > r.on_hand_qty)
      problems.push(`${keyOf(r)}: released + pick + QC > onHand`);
  }
  const moved = new Map();
  for (const part of chunked(seeded.itemIds)) {
    const rows = await db
      .selectFrom('stock_ledger')
      .select(['item_id', 'batch_id', 'serial_id', 'bin_location_id', sql`sum(quantity)`.as('sum')])
      .where('id', '>', before.stock.lastLedgerId)
      .where('item_id', 'in', part)
      .groupBy(['item_id', 'batch_id', 'serial_id', 'bin_location_id'])
      .execute();
    for (const r of rows) moved.set(keyOf(r), Number(r.sum));
  }
  const onHandAfter = new Map(stock.map((r) => [keyOf(r), r.on_hand_qty]));
  for (const key of new Set([...before.stock.onHand.keys(), ...onHandAfter.keys(), ...moved.keys()])) {
    const change = (onHandAfter.get(key) ?? 0) - (before.stock.onHand.get(key) ?? 0);
    if (change !== (moved.get(key) ?? 0))
      problems.push(`${key}: onHand change ${change}, ledger ${moved.get(key) ?? 0}`);
  }

  const linesAfter = await orderLines(db);
  for (const [id, after] of linesAfter) {
    const down = (before.orderLines.get(id)?.open ?? 0) - after.open;
    if (down !== (perSalesLine.get(id) ?? 0) || after.released < 0)
      problems.push(`sales order line ${id}: open down ${down}, delivered ${perSalesLine.get(id) ?? 0}`);
  }
  const units = [...picked.values()].reduce((sum, q) => sum + q, 0) / 1000;
  return { problems, lists: heads.length, delivered: deliveredIds.length, deliveredUnits: units };
}

export async function runDeliveriesPart() {
  const s = deliverySettings;
  console.log(
    `deliveries: large data set (${largeDataSize.items} items, ${largeDataSize.stock} stock rows) on ` +
      `${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; ${s.lists} lists of 1-3 lines, ${s.packers} packers, ` +
      `${s.warmupSeconds} s warm-up + up to ${s.durationSeconds - s.warmupSeconds} s`,
  );
  return onLargeData(async ({ largeData, db, wms, stopServer }) => {
    // The server adds the demo data when it starts: the seeding comes after.
    const request = jsonClient(wms.baseUrl);
    const prepared = performance.now();
    const seeded = await seed(db, largeData.dialect, seedSettings());
    const slip = await seedSlipOrder(db, seeded);
    const packerUsers = await insertUsers(db, 'bench-packer-', s.packers, ['delivery']);
    const { codes, slipList, picks } = await prepareLists(db, wms.baseUrl, request, seeded, slip);
    console.log(
      `deliveries: ${codes.length} lists and a ${slip.lines}-line one picked (${picks} picks), closed and packed ` +
        `in ${Math.round((performance.now() - prepared) / 1000)} s`,
    );
    const packers = [];
    for (const [i, username] of packerUsers.usernames.entries())
      packers.push(await signInAs(wms.baseUrl, username, packerUsers.password, `bench-packer-${i}`));
    const before = { stock: await snapshot(db, seeded.itemIds), orderLines: await orderLines(db) };

    const slipAnswer = expectOk(
      `delivery of ${slipList}`,
      await request(
        'POST',
        '/api/v1/delivery/create',
        { idempotencyKey: 'bench-delivery-slip', pickList: slipList },
        packers[0],
      ),
    );
    const slipDelivery = slipAnswer.deliveries[0];

    await wms.serverTiming();
    const run = await deliverAll(request, packers, codes);
    run.server = await wms.serverTiming();
    const replays = await replay(db, request, run.made);
    const slipTimes = await timeSlip(request, packers[0], slipDelivery.code);
    await stopServer();

    const invariants = await checkInvariants(
      db,
      seeded,
      before,
      [...codes, slipList],
      [...run.made.map((m) => m.pickList), slipList],
    );
    const { made: _made, ...figures } = run;
    const misses = [];
    // The throughput targets are SQLite's (the embedded default); PostgreSQL's figures are printed.
    if (largeData.dialect === 'sqlite' && figures.deliveriesPerSecond < deliveryTargets.deliveriesPerSecond)
      misses.push(`< ${deliveryTargets.deliveriesPerSecond} deliveries/s`);
    if (largeData.dialect === 'sqlite' && figures.latencyP99Ms >= deliveryTargets.p99Ms)
      misses.push(`p99 >= ${deliveryTargets.p99Ms} ms`);
    if (slipTimes.warmMedianMs >= deliveryTargets.slipMs) misses.push(`slip >= ${deliveryTargets.slipMs} ms`);
    if (Object.keys(figures.failures).length > 0) misses.push('failed requests');
    if (replays.problems.length > 0) misses.push('replays not idempotent');
    if (invariants.problems.length > 0) misses.push('invariants broken');
    const report = {
      part: 'deliveries',
      database: largeData.dialect,
      settings: s,
      ...figures,
      replays: { ...replays, problems: replays.problems.slice(0, 20) },
      packingSlip: { delivery: slipDelivery.code, lines: slipDelivery.lines.length, ...slipTimes },
      ofTarget: {
        deliveriesPerSecond: ratio(figures.deliveriesPerSecond, deliveryTargets.deliveriesPerSecond),
        latencyP99: ratio(figures.latencyP99Ms, deliveryTargets.p99Ms),
        slipCold: ratio(slipTimes.coldMs, deliveryTargets.slipMs),
        slipWarm: ratio(slipTimes.warmMedianMs, deliveryTargets.slipMs),
      },
      targets: deliveryTargets,
      invariants: { ...invariants, problems: invariants.problems.slice(0, 50) },
      misses,
    };
    if (invariants.problems.length > 0)
      console.error(`deliveries invariants BROKEN: ${invariants.problems.slice(0, 10).join('; ')}`);
    console.log(JSON.stringify(report));
    console.log(
      `deliveries target (>= ${deliveryTargets.deliveriesPerSecond}/s with p99 < ${deliveryTargets.p99Ms} ms on SQLite, ` +
        `slip < ${deliveryTargets.slipMs} ms, idempotent replays, invariants): ${misses.length === 0 ? 'met' : `MISSED: ${misses.join(', ')}`}`,
    );
    return report;
  });
}

runAsScript(import.meta.url, runDeliveriesPart);
