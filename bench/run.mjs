// npm run bench: the built WMS server against a bare Fastify hello-world (the ceiling), measured
// with autocannon on this machine in one run, on the large data set (item and location lookups
// besides /config/version and /auth/me); the web build's initial JavaScript (gzip, budget 200 KB,
// exit code 1 when over) and the time to a usable login form in throttled Chromium.
// BENCH_PARTS picks the parts: web, api (ceiling, version, /auth/me), lookups (ceiling and the
// lookups on the large data set), server (= api,lookups), transfers (stock transfers/s on the large data
// set beside the raw database ceiling, bench/transfers.mjs; not in the default), receipts (goods receipt
// progress saves/s and a 500-line finish, bench/receipts.mjs; not in the default), live (2,000 signed-in
// STOMP sockets, broadcast delivery p50/p95 and memory per idle socket, bench/live.mjs), imports (20,000
// item rows and 100,000 opening-stock rows: dry run, commit, memory, /auth/me beside it,
// bench/imports.mjs; not in the default), picking (pick list creation for 10,000 sales order lines with
// a FEFO check, then 32 concurrent pickers, bench/picking.mjs; not in the default), deliveries (2,000
// packed lists delivered by 16 concurrent packers, replays, invariants, the packing slip of a 200-line
// delivery, bench/deliveries.mjs; not in the default), counting (a stocktake of the large data set's
// locations through /wall_to_wall by 32 concurrent counters, replays, invariants, bench/counting.mjs;
// not in the default), counting-list-flush (a 2,000-location counting list counted and flushed,
// the flush timed, invariants, bench/counting-list-flush.mjs; not in the default); the default is
// web,server,live.
// Writes bench/results/latest.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { largeDataSize, prepareLargeData, sampleLargeData } from './large-data.mjs';
import { checkLookups, lookupScenarios, lookupTargets } from './lookups.mjs';
import { runTransfersPart } from './transfers.mjs';
import { runReceiptsPart } from './receipts.mjs';
import { runPickingPart } from './picking.mjs';
import { runDeliveriesPart } from './deliveries.mjs';
import { runCountingPart } from './counting.mjs';
import { runCountingListFlushPart } from './counting-list-flush.mjs';
import { printImports, runImportsPart } from './imports.mjs';
import { printLive, runLivePart } from './live.mjs';
import { clientHeaders, signIn, startBuiltServer, startProcess } from './processes.mjs';
import { measureWebBundle, printWebBundle } from './web-bundle.mjs';
import { measureLoginLoad, printLoginLoad } from './web-load.mjs';

const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
  /** /auth/me must reach this share of the ceiling's requests/s. */
  target: 0.6,
  /** One connection, no load: each endpoint's own latency, after the two rounds. */
  singleConnectionSeconds: Number(process.env.BENCH_SINGLE_DURATION ?? 3),
  /** How many random items and locations the lookups spread their requests over. */
  sampleSize: Number(process.env.BENCH_SAMPLE ?? 10_000),
};

const knownParts = [
  'web',
  'api',
  'lookups',
  'transfers',
  'receipts',
  'picking',
  'deliveries',
  'counting',
  'counting-list-flush',
  'imports',
  'live',
];
function selectedParts(text) {
  const parts = new Set();
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    if (part === 'server') ['api', 'lookups'].forEach((p) => parts.add(p));
    else if (knownParts.includes(part)) parts.add(part);
    else
      throw new Error(
        `BENCH_PARTS: unknown part "${part}" (known: web, api, lookups, server, transfers, receipts, picking, deliveries, counting, counting-list-flush, imports, live)`,
      );
  }
  if (parts.size === 0) throw new Error('BENCH_PARTS names no part');
  return knownParts.filter((part) => parts.has(part));
}

/** One measurement: a warm-up, then the measured run; the server's own times of the measured run only. */
async function measure(target, connections = settings.connections, warmupSeconds = settings.warmupSeconds) {
  const options = { url: target.url, headers: target.headers, connections };
  if (target.paths) {
    const { paths } = target;
    options.requests = [
      {
        setupRequest: (request) => {
          request.path = paths[Math.floor(Math.random() * paths.length)];
          return request;
        },
      },
    ];
  }
  if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });
  await target.process.serverTiming();
  const duration = connections === settings.connections ? settings.durationSeconds : settings.singleConnectionSeconds;
  const result = await autocannon({ ...options, duration });
  const server = await target.process.serverTiming();
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) {
    throw new Error(
      `${target.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    server,
  };
}

/** The mean of several measurements of one endpoint (each round's figures are kept too). */
function average(measurements) {
  const mean = (values) => Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 100) / 100;
  const oneDecimal = (value) => Math.round(value * 10) / 10;
  return {
    requestsPerSecond: Math.round(mean(measurements.map((m) => m.requestsPerSecond))),
    latencyP50Ms: oneDecimal(mean(measurements.map((m) => m.latencyP50Ms))),
    latencyP99Ms: oneDecimal(mean(measurements.map((m) => m.latencyP99Ms))),
    requests: measurements.reduce((sum, m) => sum + m.requests, 0),
    rounds: measurements.map((m) => m.requestsPerSecond),
    server: {
      p50Ms: mean(measurements.map((m) => m.server.p50Ms ?? 0)),
      p99Ms: mean(measurements.map((m) => m.server.p99Ms ?? 0)),
      meanMs: mean(measurements.map((m) => m.server.meanMs ?? 0)),
      maxMs: Math.max(...measurements.map((m) => m.server.maxMs ?? 0)),
      cpuUsPerRequest: Math.round(mean(measurements.map((m) => m.server.cpuUsPerRequest ?? 0))),
      requests: measurements.reduce((sum, m) => sum + m.server.count, 0),
      roundsP99Ms: measurements.map((m) => m.server.p99Ms ?? 0),
    },
  };
}

function print(rows) {
  const header = [
    'endpoint',
    'req/s',
    'p50 ms',
    'p99 ms',
    'server p50',
    'server p99',
    'CPU µs/req',
    '1 conn: server p99',
    'of ceiling',
    'target',
  ];
  const lines = rows.map((row) => [
    row.name,
    String(row.requestsPerSecond),
    String(row.latencyP50Ms),
    String(row.latencyP99Ms),
    String(row.server.p50Ms ?? '-'),
    String(row.server.p99Ms ?? '-'),
    String(row.server.cpuUsPerRequest ?? '-'),
    String(row.singleConnection?.server.p99Ms ?? ''),
    `${(row.ratioToCeiling * 100).toFixed(1)}%`,
    row.verdict ?? '',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells) =>
    cells
      .map((cell, column) =>
        column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join('  ')
      .trimEnd();
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

/** Judges each row against its target; returns whether every judged row meets it. */
function judge(rows) {
  for (const row of rows) {
    if (row.group === 'api' && row.name.includes('/auth/me')) {
      row.meetsTarget = row.ratioToCeiling >= settings.target;
      row.verdict = row.meetsTarget ? `ok (>= ${settings.target * 100}%)` : `BELOW ${settings.target * 100}%`;
    }
    if (row.group === 'lookup') {
      const misses = [];
      if (row.server.p99Ms > lookupTargets.serverP99Ms) misses.push(`server p99 > ${lookupTargets.serverP99Ms} ms`);
      if (row.ratioToCeiling < lookupTargets.ratioToCeiling) misses.push(`< ${lookupTargets.ratioToCeiling * 100}%`);
      row.meetsTarget = misses.length === 0;
      row.verdict = row.meetsTarget ? 'ok' : `MISSED: ${misses.join(', ')}`;
    }
  }
}

async function runWebPart() {
  const bundle = measureWebBundle();
  printWebBundle(bundle);
  // The page load on a server of its own, its data folder as fresh as a new installation's.
  const wms = await startBuiltServer();
  let loginLoad;
  try {
    loginLoad = await measureLoginLoad(wms.baseUrl);
  } finally {
    const code = await wms.stop();
    if (code !== 0) console.error(`${wms.name} exited with code ${code}:\n${wms.output()}`);
  }
  printLoginLoad(loginLoad);
  return { bundle, loginLoad };
}

async function runServerPart(parts) {
  const started = [];
  let largeData;
  try {
    const hello = await startProcess({
      name: 'Fastify hello-world',
      script: path.join(import.meta.dirname, 'hello-server.mjs'),
    });
    started.push(hello);
    let sample;
    if (parts.includes('lookups')) {
      console.log(
        `large data set: generating ${largeDataSize.items} items, ${largeDataSize.locations} locations, ` +
          `${largeDataSize.stock} stock rows on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'} ...`,
      );
      largeData = await prepareLargeData();
      console.log(`${largeData.summary} (${largeData.seconds} s with migrations)`);
      sample = await sampleLargeData(largeData.databaseUrl, settings.sampleSize);
    }
    const wms = await startBuiltServer(largeData?.serverEnv ?? {}, largeData ? { dataDir: largeData.dataDir } : {});
    started.push(wms);
    const cookie = await signIn(wms.baseUrl);
    const signedIn = { ...clientHeaders, cookie };

    const targets = [
      { name: 'ceiling: Fastify hello-world GET /', group: 'ceiling', process: hello, url: `${hello.baseUrl}/` },
    ];
    if (parts.includes('api')) {
      targets.push(
        {
          name: 'GET /api/v1/config/version',
          group: 'api',
          process: wms,
          url: `${wms.baseUrl}/api/v1/config/version`,
          headers: clientHeaders,
        },
        {
          name: 'GET /api/v1/auth/me (signed in)',
          group: 'api',
          process: wms,
          url: `${wms.baseUrl}/api/v1/auth/me`,
          headers: signedIn,
        },
      );
    }
    let lookups;
    if (sample) {
      const scenarios = lookupScenarios(sample);
      const answerSizes = await checkLookups(wms.baseUrl, signedIn, scenarios);
      for (const [name, sizes] of Object.entries(answerSizes)) {
        console.log(`${name}: ${sizes.min} to ${sizes.max} suggestions for the first texts`);
      }
      // The lookups draw a random path per request (autocannon's setupRequest), which costs the
      // client about as much as a hello-world answer costs the server: measured against a ceiling
      // without that work, half of any lookup's shortfall would be the client's. So the lookups'
      // ceiling is the hello-world server sent the very same requests (every scenario's paths, the
      // same headers); the plain ceiling stays for /auth/me, which asks one fixed path.
      targets.push({
        name: "ceiling: hello-world, the lookups' requests",
        group: 'lookup-ceiling',
        process: hello,
        url: hello.baseUrl,
        headers: signedIn,
        paths: scenarios.flatMap((scenario) => scenario.paths),
      });
      for (const scenario of scenarios) {
        targets.push({ ...scenario, group: 'lookup', process: wms, url: wms.baseUrl, headers: signedIn });
      }
      lookups = {
        database: largeData.dialect,
        largeData: { ...largeDataSize, seconds: largeData.seconds, summary: largeData.summary },
        sampled: {
          items: sample.items.length,
          locations: sample.locations.length,
          ...Object.fromEntries(scenarios.map((scenario) => [scenario.name, new Set(scenario.paths).size])),
        },
        answerSizes,
        targets: lookupTargets,
      };
    }

    // Two rounds in opposite orders, averaged, so a machine that speeds up or slows down during
    // the run (a shared VM does) favours no endpoint.
    const runs = new Map(targets.map((target) => [target.name, []]));
    for (const order of [targets, [...targets].reverse()]) {
      for (const target of order) runs.get(target.name).push(await measure(target));
    }
    const rows = targets.map((target) => ({
      name: target.name,
      group: target.group,
      ...average(runs.get(target.name)),
    }));
    // Then each endpoint alone on one connection: its latency without the queue that 50 make.
    for (const [index, target] of targets.entries()) {
      const single = await measure(target, 1, 0);
      rows[index].singleConnection = {
        requestsPerSecond: single.requestsPerSecond,
        latencyP50Ms: single.latencyP50Ms,
        latencyP99Ms: single.latencyP99Ms,
        server: single.server,
      };
    }
    const ceiling = rows[0];
    const lookupCeiling = rows.find((row) => row.group === 'lookup-ceiling') ?? ceiling;
    for (const row of rows) {
      const base = row.group === 'lookup' ? lookupCeiling : ceiling;
      row.ratioToCeiling = Math.round((row.requestsPerSecond / base.requestsPerSecond) * 1000) / 1000;
    }
    judge(rows);
    print(rows);
    console.log(
      "server p50/p99: the server process's own time per request (parsed request head to last byte written, " +
        `from Node's diagnostics channels) under ${settings.connections} connections; "1 conn": the same with one ` +
        "connection and no load; CPU µs/req: the server process's CPU time per request under load; p50/p99 ms: autocannon's, client included. The lookup target judges the server p99 " +
        "under load and the requests/s against the hello-world ceiling sent the lookups' own requests (random paths, same headers); " +
        "the lookups' ceiling row shows its share of the plain ceiling.",
    );
    const me = rows.find((row) => row.name.includes('/auth/me'));
    if (me) {
      console.log(
        `/auth/me at ${(me.ratioToCeiling * 100).toFixed(1)}% of the ceiling: ` +
          (me.meetsTarget
            ? `meets the target of ${settings.target * 100}%`
            : `BELOW the target of ${settings.target * 100}%`),
      );
    }
    if (lookups) {
      const lookupRows = rows.filter((row) => row.group === 'lookup');
      lookups.meetsTargets = lookupRows.every((row) => row.meetsTarget);
      const missed = lookupRows.filter((row) => !row.meetsTarget).map((row) => row.name);
      console.log(
        `lookups on ${lookups.database}: ` +
          (missed.length === 0
            ? `all ${lookupRows.length} meet server p99 <= ${lookupTargets.serverP99Ms} ms and >= ${lookupTargets.ratioToCeiling * 100}% of the ceiling`
            : `${missed.length} of ${lookupRows.length} MISS the targets: ${missed.join('; ')}`),
      );
    }
    return { rows, meetsTarget: me?.meetsTarget, lookups };
  } finally {
    for (const process of started.reverse()) {
      const code = await process.stop();
      if (code !== 0) console.error(`${process.name} exited with code ${code}:\n${process.output()}`);
    }
    await largeData?.drop();
  }
}

function webReport({ bundle, loginLoad }) {
  return {
    initialJs: {
      gzipKb: bundle.jsGzipKb,
      rawKb: bundle.jsKb,
      limitGzipKb: bundle.limitKb,
      gzipLevel: bundle.gzipLevel,
      withinLimit: bundle.withinLimit,
    },
    css: { gzipKb: bundle.cssGzipKb, rawKb: bundle.cssKb },
    files: bundle.files.map(({ file, kb, gzipKb }) => ({ file, kb, gzipKb })),
    loginFormUsable: {
      medianMs: loginLoad.medianMs,
      runsMs: loginLoad.runs.map((run) => run.usableMs),
      cpuThrottlingRate: loginLoad.cpuThrottlingRate,
      viewport: loginLoad.viewport,
      selector: loginLoad.selector,
      runs: loginLoad.runs,
    },
  };
}

async function main() {
  const parts = selectedParts(process.env.BENCH_PARTS ?? 'web,server,live');
  console.log(
    `bench (${parts.join(', ')}): ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ` +
      `${settings.durationSeconds} s each, two rounds, ${os.cpus().length} cores, Node ${process.version}`,
  );
  const web = parts.includes('web') ? await runWebPart() : undefined;
  const server = parts.includes('api') || parts.includes('lookups') ? await runServerPart(parts) : undefined;
  const transfers = parts.includes('transfers') ? await runTransfersPart({ signIn, clientHeaders }) : undefined;
  const receipts = parts.includes('receipts') ? await runReceiptsPart({ signIn, clientHeaders }) : undefined;
  const picking = parts.includes('picking') ? await runPickingPart() : undefined;
  const deliveries = parts.includes('deliveries') ? await runDeliveriesPart() : undefined;
  const counting = parts.includes('counting') ? await runCountingPart() : undefined;
  const countingListFlush = parts.includes('counting-list-flush') ? await runCountingListFlushPart() : undefined;
  const imports = parts.includes('imports') ? await runImportsPart() : undefined;
  if (imports) printImports(imports);
  const live = parts.includes('live') ? await runLivePart() : undefined;
  if (live) printLive(live);

  const report = {
    date: new Date().toISOString(),
    version: clientHeaders.appversion,
    parts,
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    settings,
    results: server?.rows ?? [],
    meetsTarget: server?.meetsTarget,
    serverTiming:
      "server.*: the server process's own time per request, from the parsed request head to the last byte " +
      'written (diagnostics channels http.server.request.start / response.finish, bench/server-timing.mjs)',
    lookups: server?.lookups,
    transfers,
    receipts,
    picking,
    deliveries,
    counting,
    countingListFlush,
    imports,
    live,
    web: web ? webReport(web) : undefined,
  };
  const resultsDir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log('bench: wrote bench/results/latest.json');
  if (receipts?.problems.length) {
    console.error('bench: FAILED: the stock invariants do not hold after the receipts');
    process.exitCode = 1;
  }
  if (picking && (picking.invariants.problems.length || picking.allocation.problems.length)) {
    console.error('bench: FAILED: the pick list invariants or the FEFO check do not hold after the picking');
    process.exitCode = 1;
  }
  if (deliveries && (deliveries.invariants.problems.length || deliveries.replays.problems.length)) {
    console.error('bench: FAILED: the delivery invariants or the idempotent replays do not hold after the deliveries');
    process.exitCode = 1;
  }
  if (counting && (counting.invariants.problems.length || counting.replays.problems.length)) {
    console.error('bench: FAILED: the counting invariants or the idempotent replays do not hold after the stocktake');
    process.exitCode = 1;
  }
  const flushBroken = countingListFlush?.misses.filter((miss) => !miss.startsWith('flush >=')) ?? [];
  if (flushBroken.length > 0) {
    console.error(`bench: FAILED: the counting-list flush: ${flushBroken.join(', ')}`);
    process.exitCode = 1;
  }
  if (transfers?.invariants.problems.length) {
    console.error('bench: FAILED: the stock invariants do not hold after the transfers');
    process.exitCode = 1;
  }
  if (web) {
    const { bundle, loginLoad } = web;
    console.log(
      `web: initial JavaScript ${bundle.jsGzipKb} KB gzip of ${bundle.limitKb} KB, CSS ${bundle.cssGzipKb} KB gzip, ` +
        `login form usable after ${loginLoad.medianMs} ms (median, ${loginLoad.cpuThrottlingRate}x CPU throttling)`,
    );
    if (!bundle.withinLimit) {
      console.error(
        `bench: FAILED: the initial JavaScript is ${bundle.jsGzipKb} KB gzip, over the limit of ${bundle.limitKb} KB`,
      );
      process.exitCode = 1;
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
