// Transfers per second (issue 5 point 8): the built server on the large data set, 32 autocannon
// connections POSTing /api/v1/operations/stock_transfer/lines, each request with its own
// Idempotency-Key and one unit of a random item moved from a location holding free stock of it to
// another random location; only 2xx answers count as transfers (422s are counted apart). Beside it
// the same run's raw ceiling (transfer-ceiling.mjs). After the HTTP run the invariants are checked:
// per-item totals unchanged, no negative bucket, ledger sums = balance changes of the moved rows,
// no idempotency key used by two transfers. SQLite, or PostgreSQL with BENCH_DATABASE_URL.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { prepareLargeData, largeDataSize } from './large-data.mjs';
import { repositoryDir, startBuiltServer } from './processes.mjs';
import { measureTransferCeiling } from './transfer-ceiling.mjs';
import { postgresCpuSeconds } from './database-cpu.mjs';

export const transferSettings = {
  connections: Number(process.env.BENCH_TRANSFER_CONNECTIONS ?? 32),
  durationSeconds: Number(process.env.BENCH_TRANSFER_DURATION ?? 10),
  warmupSeconds: Number(process.env.BENCH_TRANSFER_WARMUP ?? 2),
  /** Source rows (item at a location with free stock) the transfers spread over. */
  pairs: Number(process.env.BENCH_TRANSFER_PAIRS ?? 5000),
};

export const transferTargets = {
  sqlite: { transfersPerSecond: 3000, p99Ms: 50 },
  postgres: { transfersPerSecond: 1000, p99Ms: 50 },
};

const unit = 1000;
const serverDist = path.join(repositoryDir, 'packages', 'server', 'dist');

function chunked(values, size = 500) {
  const out = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** Random source rows with at least 50 free units, at locations that accept movements, and random targets. */
export async function pickPairs(db, count) {
  const movable = (qb) =>
    qb
      .where('bin_location.block_stock_movements', '=', 0)
      .where('bin_location.stock_movement_restricted', '=', 0)
      .where('bin_location.active', '=', 1)
      .where('bin_location.physical_location_type', 'not in', ['LIQUID_CONTAINER', 'SINGLE_ITEM_LOCATION'])
      .where('bin_location.code_lower', 'like', 'ld-l%');
  const sources = await movable(
    db
      .selectFrom('stock')
      .innerJoin('bin_location', 'bin_location.id', 'stock.bin_location_id')
      .innerJoin('item', 'item.id', 'stock.item_id')
      .select(['stock.item_id', 'stock.bin_location_id', 'item.code as item_code', 'bin_location.code as from_code'])
      .where('stock.batch_id', 'is', null)
      .where('stock.serial_id', 'is', null)
      .where('item.managed_by', '=', 'NORMAL')
      .where((eb) =>
        eb(
          eb(
            'stock.on_hand_qty',
            '-',
            eb('stock.released_qty', '+', eb('stock.pick_qty', '+', eb.ref('stock.qc_pending_qty'))),
          ),
          '>=',
          50 * unit,
        ),
      ),
  )
    .orderBy((eb) => eb.fn('random'))
    .limit(count)
    .execute();
  const targets = await movable(db.selectFrom('bin_location').select(['id', 'code']))
    .orderBy((eb) => eb.fn('random'))
    .limit(count)
    .execute();
  if (sources.length === 0 || targets.length < 2) throw new Error('the large data set has no stock to transfer');
  return sources.map((s, i) => {
    let to = targets[i % targets.length];
    if (to.id === s.bin_location_id) to = targets[(i + 1) % targets.length];
    return {
      itemId: s.item_id,
      fromId: s.bin_location_id,
      toId: to.id,
      item: s.item_code,
      from: s.from_code,
      to: to.code,
    };
  });
}

/** Balances (on hand) per item and location of the given items, and the ledger's last id. */
async function snapshot(db, itemIds) {
  const balances = new Map();
  for (const part of chunked(itemIds)) {
    const rows = await db
      .selectFrom('stock')
      .select(['item_id', 'bin_location_id', 'on_hand_qty'])
      .where('item_id', 'in', part)
      .execute();
    for (const r of rows) {
      const key = `${r.item_id}:${r.bin_location_id}`;
      balances.set(key, (balances.get(key) ?? 0) + Number(r.on_hand_qty));
    }
  }
  const last = await db
    .selectFrom('stock_ledger')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return { balances, lastLedgerId: Number(last?.id ?? 0) };
}

const itemTotals = (balances) => {
  const totals = new Map();
  for (const [key, qty] of balances) {
    const item = key.split(':')[0];
    totals.set(item, (totals.get(item) ?? 0) + qty);
  }
  return totals;
};

/** Every invariant of the property test that a bench run can break; answers the list of violations. */
async function checkInvariants(db, itemIds, before, transfers, inFlight) {
  const after = await snapshot(db, itemIds);
  const problems = [];
  const totalsBefore = itemTotals(before.balances);
  const totalsAfter = itemTotals(after.balances);
  for (const [item, total] of totalsBefore) {
    if ((totalsAfter.get(item) ?? 0) !== total)
      problems.push(`item ${item}: total ${total} -> ${totalsAfter.get(item)}`);
  }
  const negative = await db
    .selectFrom('stock')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) =>
      eb.or([
        eb('on_hand_qty', '<', 0),
        eb('released_qty', '<', 0),
        eb('pick_qty', '<', 0),
        eb('qc_pending_qty', '<', 0),
        eb(eb('on_hand_qty', '-', eb('released_qty', '+', eb('pick_qty', '+', eb.ref('qc_pending_qty')))), '<', 0),
      ]),
    )
    .executeTakeFirst();
  if (Number(negative?.n) > 0) problems.push(`${negative.n} stock rows with a negative bucket`);
  const ledger = await db
    .selectFrom('stock_ledger')
    .select(['item_id', 'bin_location_id', (eb) => eb.fn.sum('quantity').as('quantity')])
    .where('id', '>', before.lastLedgerId)
    .groupBy(['item_id', 'bin_location_id'])
    .execute();
  const known = new Set(itemIds.map(String));
  const moved = new Set();
  for (const row of ledger) {
    const key = `${row.item_id}:${row.bin_location_id}`;
    moved.add(key);
    if (!known.has(String(row.item_id))) problems.push(`ledger moved item ${row.item_id}, which the bench never sent`);
    const change = (after.balances.get(key) ?? 0) - (before.balances.get(key) ?? 0);
    if (change !== Number(row.quantity)) problems.push(`${key}: ledger ${row.quantity}, balance change ${change}`);
  }
  for (const [key, qty] of after.balances) {
    if (!moved.has(key) && qty !== (before.balances.get(key) ?? 0))
      problems.push(`${key} changed without a ledger row`);
  }
  const keys = await db
    .selectFrom('stock_ledger')
    .select([
      'idempotency_key',
      (eb) => eb.fn.countAll().as('rows'),
      (eb) => eb.fn.count('document_code').distinct().as('documents'),
    ])
    .where('id', '>', before.lastLedgerId)
    .where('idempotency_key', 'like', 'bench-%')
    .groupBy('idempotency_key')
    .execute();
  const reused = keys.filter((k) => k.idempotency_key === null || Number(k.documents) !== 1 || Number(k.rows) !== 2);
  if (reused.length > 0)
    problems.push(`${reused.length} idempotency keys not used by exactly one transfer of 2 ledger rows`);
  // autocannon stops with up to `inFlight` requests unanswered: the server may have committed them.
  const committed = keys.length;
  if (committed < transfers || committed > transfers + inFlight) {
    problems.push(`${committed} transfers in the ledger, ${transfers} answered 2xx (+ at most ${inFlight} cut off)`);
  }
  const records = await db
    .selectFrom('idempotency_record')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('scope', '=', 'stockTransfer.lines')
    .where('idempotency_key', 'like', 'bench-%')
    .executeTakeFirst();
  if (Number(records?.n) !== committed) problems.push(`${records?.n} idempotency records, ${committed} transfers`);
  return {
    problems,
    committedTransfers: committed,
    ledgerRows: keys.reduce((sum, k) => sum + Number(k.rows), 0),
    movedRows: moved.size,
  };
}

async function hammer(baseUrl, headers, pairs, seconds, connections, prefix) {
  let n = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers: { ...headers, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: '/api/v1/operations/stock_transfer/lines',
        setupRequest: (request) => {
          const pair = pairs[Math.floor(Math.random() * pairs.length)];
          request.headers = { ...request.headers, 'idempotency-key': `bench-${prefix}-${n++}` };
          request.body = JSON.stringify({
            lines: [{ fromLocation: pair.from, item: pair.item, quantity: 1 }],
            toLocation: pair.to,
          });
          return request;
        },
      },
    ],
  });
  const status = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]));
  return {
    transfersPerSecond: Math.round(result['2xx'] / result.duration),
    transfers: result['2xx'],
    refused422: status['422'] ?? 0,
    otherFailures: result.non2xx - (status['422'] ?? 0) + result.errors + result.timeouts,
    status,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    seconds: result.duration,
  };
}

/** The transfers part: generates the large data set, measures HTTP and the raw ceiling, checks the invariants. */
export async function runTransfersPart({ signIn, clientHeaders }) {
  const s = transferSettings;
  console.log(
    `transfers: large data set (${largeDataSize.items} items, ${largeDataSize.stock} stock rows) on ` +
      `${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${s.connections} connections, ` +
      `${s.warmupSeconds} s warm-up + ${s.durationSeconds} s`,
  );
  const largeData = await prepareLargeData();
  const { openDatabase } = await import(pathToFileURL(path.join(serverDist, 'db', 'database.js')).href);
  const handle = openDatabase(largeData.databaseUrl);
  let wms;
  try {
    // The server adds the demo data when it starts: the snapshot comes after.
    wms = await startBuiltServer(largeData.serverEnv, { dataDir: largeData.dataDir });
    const pairs = await pickPairs(handle.db, s.pairs);
    const itemIds = [...new Set(pairs.map((p) => p.itemId))];
    const before = await snapshot(handle.db, itemIds);
    const headers = { ...clientHeaders, cookie: await signIn(wms.baseUrl) };
    const warmup =
      s.warmupSeconds > 0 ? await hammer(wms.baseUrl, headers, pairs, s.warmupSeconds, s.connections, 'w') : undefined;
    await wms.serverTiming();
    const databaseCpuBefore = largeData.dialect === 'postgres' ? postgresCpuSeconds() : null;
    const http = await hammer(wms.baseUrl, headers, pairs, s.durationSeconds, s.connections, 'm');
    http.server = await wms.serverTiming();
    const databaseCpuAfter = databaseCpuBefore === null ? null : postgresCpuSeconds();
    if (databaseCpuAfter !== null && http.transfers > 0) {
      http.databaseCpuMicrosPerTransfer = Math.round(((databaseCpuAfter - databaseCpuBefore) * 1e6) / http.transfers);
    }
    const stopCode = await wms.stop();
    wms = undefined;
    if (stopCode !== 0) throw new Error(`the WMS server exited with code ${stopCode}`);
    const invariants = await checkInvariants(
      handle.db,
      itemIds,
      before,
      (warmup?.transfers ?? 0) + http.transfers,
      (warmup ? 2 : 1) * s.connections,
    );
    const ceiling = await measureTransferCeiling({
      dialect: largeData.dialect,
      databaseUrl: largeData.databaseUrl,
      pairs,
      durationSeconds: s.durationSeconds,
      connections: s.connections,
    });
    const target = transferTargets[largeData.dialect];
    const ratio = Math.round((http.transfersPerSecond / ceiling.transfersPerSecond) * 1000) / 1000;
    const misses = [];
    if (http.transfersPerSecond < target.transfersPerSecond) misses.push(`< ${target.transfersPerSecond}/s`);
    if (http.latencyP99Ms >= target.p99Ms) misses.push(`p99 >= ${target.p99Ms} ms`);
    if (http.otherFailures > 0) misses.push(`${http.otherFailures} failures other than 422`);
    if (invariants.problems.length > 0) misses.push('invariants broken');
    const report = {
      database: largeData.dialect,
      settings: s,
      pairs: pairs.length,
      warmup,
      http,
      ceiling,
      ratioToCeiling: ratio,
      target,
      invariants,
      meetsTarget: misses.length === 0,
      misses,
    };
    printTransfers(report);
    return report;
  } finally {
    if (wms) await wms.stop();
    await handle.close();
    await largeData.drop();
  }
}

function printTransfers(r) {
  const row = (name, m) =>
    `${name.padEnd(44)} ${String(m.transfersPerSecond).padStart(8)} ${String(m.latencyP50Ms).padStart(8)} ${String(m.latencyP99Ms).padStart(8)}`;
  console.log(
    `${'transfers on ' + r.database} ${' '.repeat(44 - 13 - r.database.length)} ${'xfer/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  );
  console.log(
    row(
      `ceiling: raw ${r.database === 'sqlite' ? 'better-sqlite3, 1 writer' : `pg, ${r.ceiling.connections} clients`}`,
      r.ceiling,
    ),
  );
  console.log(row(`POST stock_transfer/lines (${r.settings.connections} conn, 2xx only)`, r.http));
  console.log(
    `transfers: ${r.http.transfers} moved (2xx), ${r.http.refused422} refused (422), ${r.http.otherFailures} other failures; ` +
      `server p99 ${r.http.server?.p99Ms} ms, server CPU ${r.http.server?.cpuUsPerRequest} µs/request, event loop ${r.http.server?.elu}` +
      (r.http.databaseCpuMicrosPerTransfer
        ? `, PostgreSQL CPU ${r.http.databaseCpuMicrosPerTransfer} µs/transfer`
        : '') +
      `; ${(r.ratioToCeiling * 100).toFixed(1)}% of the raw ceiling ` +
      `(${r.ceiling.commits} commits, ${r.ceiling.refused} refused)`,
  );
  console.log(
    `transfer invariants after the run (${r.invariants.movedRows} moved rows, ${r.invariants.ledgerRows} ledger rows): ` +
      (r.invariants.problems.length === 0 ? 'all hold' : `BROKEN: ${r.invariants.problems.slice(0, 10).join('; ')}`),
  );
  console.log(
    `transfers target on ${r.database} (>= ${r.target.transfersPerSecond}/s, p99 < ${r.target.p99Ms} ms): ` +
      (r.meetsTarget ? 'met' : `MISSED: ${r.misses.join(', ')}`),
  );
}
