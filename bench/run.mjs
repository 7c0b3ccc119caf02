// npm run bench: the built WMS server against a bare Fastify hello-world (the ceiling), measured
// with autocannon on this machine in one run; the web build's initial JavaScript (gzip, budget
// 200 KB, exit code 1 when over) and the time to a usable login form in throttled Chromium.
// Writes bench/results/latest.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { repositoryDir, startBuiltServer, startProcess } from './processes.mjs';
import { measureWebBundle, printWebBundle } from './web-bundle.mjs';
import { measureLoginLoad, printLoginLoad } from './web-load.mjs';

const settings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP ?? 3),
  /** /auth/me must reach this share of the ceiling's requests/s. */
  target: 0.6,
};

const version = JSON.parse(fs.readFileSync(path.join(repositoryDir, 'package.json'), 'utf8')).version;
const clientHeaders = { appversion: version, uniquesession: 'bench' };

async function measure(url, headers) {
  const options = { url, headers, connections: settings.connections };
  await autocannon({ ...options, duration: settings.warmupSeconds });
  const result = await autocannon({ ...options, duration: settings.durationSeconds });
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
  };
}

/** The mean of several measurements of one endpoint (each round's figures are kept too). */
function average(measurements) {
  const mean = (key) => measurements.reduce((sum, m) => sum + m[key], 0) / measurements.length;
  return {
    requestsPerSecond: Math.round(mean('requestsPerSecond')),
    latencyP50Ms: Math.round(mean('latencyP50Ms') * 10) / 10,
    latencyP99Ms: Math.round(mean('latencyP99Ms') * 10) / 10,
    requests: measurements.reduce((sum, m) => sum + m.requests, 0),
    rounds: measurements.map((m) => m.requestsPerSecond),
  };
}

async function signIn(baseUrl) {
  const answer = await fetch(`${baseUrl}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { ...clientHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin' }),
  });
  if (answer.status !== 200) throw new Error(`sign-in as admin failed: ${answer.status} ${await answer.text()}`);
  const session = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('wms_session='));
  if (!session) throw new Error('sign-in answered no wms_session cookie');
  return session.split(';')[0];
}

function print(rows) {
  const header = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'of ceiling'];
  const lines = rows.map((row) => [
    row.name,
    String(row.requestsPerSecond),
    String(row.latencyP50Ms),
    String(row.latencyP99Ms),
    `${(row.ratioToCeiling * 100).toFixed(1)}%`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ');
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

async function main() {
  console.log(
    `bench: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s each, two rounds, ` +
      `${os.cpus().length} cores, Node ${process.version}`,
  );
  const bundle = measureWebBundle();
  printWebBundle(bundle);
  const started = [];
  try {
    const hello = await startProcess({
      name: 'Fastify hello-world',
      script: path.join(import.meta.dirname, 'hello-server.mjs'),
    });
    started.push(hello);
    const wms = await startBuiltServer();
    started.push(wms);
    // The page load first, while the data folder is as fresh as a new installation's.
    const loginLoad = await measureLoginLoad(wms.baseUrl);
    printLoginLoad(loginLoad);
    const cookie = await signIn(wms.baseUrl);

    // Two rounds in opposite orders, averaged, so a machine that speeds up or slows down during
    // the run (a shared VM does) favours no endpoint.
    const targets = [
      { name: 'ceiling: Fastify hello-world GET /', url: `${hello.baseUrl}/`, headers: {} },
      { name: 'GET /api/v1/config/version', url: `${wms.baseUrl}/api/v1/config/version`, headers: clientHeaders },
      {
        name: 'GET /api/v1/auth/me (signed in)',
        url: `${wms.baseUrl}/api/v1/auth/me`,
        headers: { ...clientHeaders, cookie },
      },
    ];
    const runs = new Map(targets.map((target) => [target.name, []]));
    for (const order of [targets, [...targets].reverse()]) {
      for (const target of order) runs.get(target.name).push(await measure(target.url, target.headers));
    }
    const rows = targets.map((target) => ({ name: target.name, ...average(runs.get(target.name)) }));
    const ceiling = rows[0];
    for (const row of rows)
      row.ratioToCeiling = Math.round((row.requestsPerSecond / ceiling.requestsPerSecond) * 1000) / 1000;
    print(rows);

    const me = rows[2];
    const meetsTarget = me.ratioToCeiling >= settings.target;
    console.log(
      `/auth/me at ${(me.ratioToCeiling * 100).toFixed(1)}% of the ceiling: ` +
        (meetsTarget
          ? `meets the target of ${settings.target * 100}%`
          : `BELOW the target of ${settings.target * 100}%`),
    );
    const report = {
      date: new Date().toISOString(),
      version,
      machine: {
        cores: os.cpus().length,
        cpu: os.cpus()[0]?.model ?? 'unknown',
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
      },
      settings,
      results: rows,
      meetsTarget,
      web: {
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
      },
    };
    const resultsDir = path.join(import.meta.dirname, 'results');
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log('bench: wrote bench/results/latest.json');
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
  } finally {
    for (const process of started.reverse()) {
      const code = await process.stop();
      if (code !== 0) console.error(`${process.name} exited with code ${code}:\n${process.output()}`);
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
