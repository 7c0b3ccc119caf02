// The raw ceiling of a stock transfer: the same transaction shape as one transfer of one line
// (the source stock row less one unit, the target row upserted one more, two ledger rows), one
// commit each, done directly with better-sqlite3 (WAL, synchronous=FULL, the server's cache and temp-store pragmas)
// or with pg (32 clients at once), on the bench's large data set. No HTTP, no validation: what
// the database and its fsync allow on this machine.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { repositoryDir } from './processes.mjs';

const serverRequire = createRequire(path.join(repositoryDir, 'packages', 'server', 'package.json'));
const SQLite = serverRequire('better-sqlite3');
const pg = serverRequire('pg');

const { sqlitePerformancePragmas } = await import(
  pathToFileURL(path.join(repositoryDir, 'packages', 'server', 'dist', 'db', 'database.js')).href
);

const unit = 1000;

const takeSql = (p) =>
  `update stock set on_hand_qty = on_hand_qty - ${p(1)}, updated_at = ${p(2)}
   where item_id = ${p(3)} and bin_location_id = ${p(4)} and batch_id is null and serial_id is null
     and on_hand_qty - released_qty - pick_qty - qc_pending_qty >= ${p(1)}
   returning id`;
const putSql = (p) =>
  `insert into stock (item_id, batch_id, serial_id, bin_location_id, on_hand_qty, released_qty, pick_qty,
     qc_pending, qc_pending_qty, updated_at)
   values (${p(1)}, null, null, ${p(2)}, ${p(3)}, 0, 0, 0, 0, ${p(4)})
   on conflict (item_id, bin_location_id, coalesce(batch_id, 0), coalesce(serial_id, 0))
   do update set on_hand_qty = stock.on_hand_qty + excluded.on_hand_qty, updated_at = excluded.updated_at
   returning id`;
const ledgerSql = (p) =>
  `insert into stock_ledger (transaction_type, document_type, document_code, at, user_id, username, item_id,
     batch_id, serial_id, bin_location_id, quantity, idempotency_key)
   values ('TRANSFER', 'STOCK_TRANSFER', ${p(1)}, ${p(2)}, null, 'ceiling', ${p(3)}, null, null, ${p(4)}, ${p(5)}, ${p(6)}),
          ('TRANSFER', 'STOCK_TRANSFER', ${p(1)}, ${p(2)}, null, 'ceiling', ${p(3)}, null, null, ${p(7)}, ${p(8)}, ${p(6)})`;

function percentile(sorted, share) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

function summary(latencies, ok, refused, seconds, connections) {
  latencies.sort((a, b) => a - b);
  const round = (v) => Math.round(v * 100) / 100;
  return {
    transfersPerSecond: Math.round(ok / seconds),
    commits: ok,
    refused,
    connections,
    latencyP50Ms: round(percentile(latencies, 0.5)),
    latencyP99Ms: round(percentile(latencies, 0.99)),
  };
}

const pick = (pairs) => pairs[Math.floor(Math.random() * pairs.length)];

/** better-sqlite3, one connection (SQLite has one writer), one commit per transfer. */
function sqliteCeiling(file, pairs, durationSeconds) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  for (const pragma of sqlitePerformancePragmas) db.pragma(pragma);
  const q = (i) => `@p${i}`;
  const args = (...values) => Object.fromEntries(values.map((v, i) => [`p${i + 1}`, v]));
  const take = db.prepare(takeSql(q));
  const put = db.prepare(putSql(q));
  const ledger = db.prepare(ledgerSql(q));
  const begin = db.prepare('begin immediate');
  const commit = db.prepare('commit');
  const rollback = db.prepare('rollback');
  const latencies = [];
  let ok = 0;
  let refused = 0;
  let n = 0;
  const started = performance.now();
  const until = started + durationSeconds * 1000;
  try {
    while (performance.now() < until) {
      const pair = pick(pairs);
      const at = new Date().toISOString();
      const key = `ceiling-${process.pid}-${n++}`;
      const t0 = performance.now();
      begin.run();
      if (!take.get(args(unit, at, pair.itemId, pair.fromId))) {
        rollback.run();
        refused++;
        continue;
      }
      put.get(args(pair.itemId, pair.toId, unit, at));
      ledger.run(args(key, at, pair.itemId, pair.fromId, -unit, key, pair.toId, unit));
      commit.run();
      latencies.push(performance.now() - t0);
      ok++;
    }
  } finally {
    db.close();
  }
  return summary(latencies, ok, refused, (performance.now() - started) / 1000, 1);
}

/** pg, `connections` clients each running transfers back to back, one commit each. */
async function postgresCeiling(databaseUrl, pairs, durationSeconds, connections) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const q = (i) => `$${i}`;
  const [take, put, ledger] = [takeSql(q), putSql(q), ledgerSql(q)];
  const latencies = [];
  let ok = 0;
  let refused = 0;
  let n = 0;
  const started = performance.now();
  const until = started + durationSeconds * 1000;
  async function worker() {
    const client = await pool.connect();
    try {
      while (performance.now() < until) {
        const pair = pick(pairs);
        const at = new Date().toISOString();
        const key = `ceiling-${process.pid}-${n++}`;
        const t0 = performance.now();
        await client.query('begin');
        const taken = await client.query(take, [unit, at, pair.itemId, pair.fromId]);
        if (taken.rowCount === 0) {
          await client.query('rollback');
          refused++;
          continue;
        }
        await client.query(put, [pair.itemId, pair.toId, unit, at]);
        await client.query(ledger, [key, at, pair.itemId, pair.fromId, -unit, key, pair.toId, unit]);
        await client.query('commit');
        latencies.push(performance.now() - t0);
        ok++;
      }
    } finally {
      client.release();
    }
  }
  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    await pool.end();
  }
  return summary(latencies, ok, refused, (performance.now() - started) / 1000, connections);
}

/**
 * Measures the ceiling on the large data set's database. pairs: [{ itemId, fromId, toId }] with
 * free stock at fromId. Answers { transfersPerSecond, commits, refused, connections, latencyP50Ms, latencyP99Ms }.
 */
export async function measureTransferCeiling({ dialect, databaseUrl, pairs, durationSeconds, connections = 32 }) {
  if (dialect === 'sqlite') return sqliteCeiling(databaseUrl.replace(/^sqlite:(\/\/)?/, ''), pairs, durationSeconds);
  return postgresCeiling(databaseUrl, pairs, durationSeconds, connections);
}
