// Live bench (issue 14): BENCH_LIVE_SOCKETS (default 2,000) signed-in STOMP sockets on one built
// server process (SQLite, demo data), every one subscribed to /topic/broadcasts; then
// BENCH_LIVE_ROUNDS broadcasts through the API (POST /api/v1/broadcasts, to everyone), one at a
// time. Delivery latency per socket and round: from just before the POST is sent to the MESSAGE
// frame's arrival at the socket (the bench and the server share this machine, so one clock).
// Memory per idle socket: the server's VmRSS (from /proc/<pid>/status) with every socket connected,
// subscribed and idle, minus before the first socket, divided by the sockets. Target: p95 <= 100 ms.
// The sockets share one session (the server allows several sockets per session, as browser tabs do).
// Run alone: node bench/live.mjs; in the bench: BENCH_PARTS=live npm run bench.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { WebSocket } from 'ws';
import { clientHeaders, signIn, startBuiltServer } from './processes.mjs';

export const liveSettings = {
  sockets: Number(process.env.BENCH_LIVE_SOCKETS ?? 2000),
  rounds: Number(process.env.BENCH_LIVE_ROUNDS ?? 10),
  /** Sockets opened at the same time while connecting. */
  openAtOnce: Number(process.env.BENCH_LIVE_OPEN_AT_ONCE ?? 100),
  /** Quiet time before the memory is read, so the connect work's garbage has settled. */
  idleMs: Number(process.env.BENCH_LIVE_IDLE_MS ?? 3000),
};
export const liveTargets = { p95Ms: 100 };

const version = clientHeaders.appversion;
const headers = { ...clientHeaders, uniquesession: 'bench-live' };

/** VmRSS and VmHWM of a process in KiB, from /proc. */
function memoryKiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** CPU time (user + system) of a process in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (name) ".
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * One raw STOMP socket (ws, no STOMP library: the bench client must stay light beside 2,000 of
 * them): CONNECT without heart-beats (the server pings at the WebSocket level, ws answers),
 * SUBSCRIBE with a receipt. onBroadcast(id, atMs) is called for each BROADCAST message.
 */
function openSocket(wsUrl, cookie, onBroadcast) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { headers: { cookie }, perMessageDeflate: false });
    let subscribed = false;
    ws.on('open', () => {
      ws.send(`CONNECT\naccept-version:1.2\nhost:bench\nheart-beat:0,0\nAppVersion:${version}\n\n\0`);
      ws.send('SUBSCRIBE\nid:0\ndestination:/topic/broadcasts\nreceipt:subscribed\n\n\0');
    });
    ws.on('message', (data) => {
      const at = performance.now();
      const text = data.toString();
      if (text.startsWith('RECEIPT')) {
        subscribed = true;
        resolve(ws);
      } else if (text.startsWith('MESSAGE')) {
        const body = text.slice(text.indexOf('\n\n') + 2, text.lastIndexOf('\0'));
        const message = JSON.parse(body);
        if (message.what === 'BROADCAST') onBroadcast(message.payload.id, at);
      } else if (text.startsWith('ERROR')) {
        reject(new Error(`live socket refused: ${text.split('\n').find((l) => l.startsWith('message:'))}`));
      }
    });
    ws.on('error', (error) => (subscribed ? undefined : reject(error)));
    ws.on('close', (code) => (subscribed ? undefined : reject(new Error(`live socket closed with ${code}`))));
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const round1 = (value) => Math.round(value * 10) / 10;

/** Opens the sockets, broadcasts, measures; answers the report object of this part. */
export async function runLivePart() {
  const { sockets: count, rounds, openAtOnce, idleMs } = liveSettings;
  // Signed-in sockets are not limited per address; the sign-in rate limit is not reached by one sign-in.
  const wms = await startBuiltServer({ LOG_LEVEL: 'error' });
  const sockets = [];
  try {
    const wsUrl = `${wms.baseUrl.replace(/^http/, 'ws')}/api/v1/ws`;
    const cookie = await signIn(wms.baseUrl);
    // The first sign-in and socket warm the code paths; memory is read after them.
    const warm = await openSocket(wsUrl, cookie, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const before = memoryKiB(wms.pid);

    /** broadcast id -> arrival times (ms, performance.now()) */
    const arrivals = new Map();
    const onBroadcast = (id, at) => {
      let list = arrivals.get(id);
      if (!list) arrivals.set(id, (list = []));
      list.push(at);
    };
    const connectStarted = performance.now();
    for (let opened = 0; opened < count; opened += openAtOnce) {
      const batch = Math.min(openAtOnce, count - opened);
      sockets.push(...(await Promise.all(Array.from({ length: batch }, () => openSocket(wsUrl, cookie, onBroadcast)))));
    }
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const idle = memoryKiB(wms.pid);

    const latencies = [];
    const perRound = [];
    const cpuBefore = cpuMs(wms.pid);
    for (let round = 0; round < rounds; round++) {
      const sentAt = performance.now();
      const answer = await fetch(`${wms.baseUrl}/api/v1/broadcasts`, {
        method: 'POST',
        headers: { ...headers, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ message: `bench round ${round + 1}` }),
      });
      if (!answer.ok) throw new Error(`broadcast failed: ${answer.status} ${await answer.text()}`);
      const { id } = await answer.json();
      const answeredMs = performance.now() - sentAt;
      const deadline = Date.now() + 10_000;
      while ((arrivals.get(id)?.length ?? 0) < count && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const times = (arrivals.get(id) ?? []).map((at) => at - sentAt).sort((a, b) => a - b);
      if (times.length < count)
        throw new Error(`round ${round + 1}: ${times.length} of ${count} sockets got the broadcast`);
      latencies.push(...times);
      perRound.push({
        answeredMs: round1(answeredMs),
        firstMs: round1(times[0]),
        p50Ms: round1(percentile(times, 50)),
        p95Ms: round1(percentile(times, 95)),
        maxMs: round1(times.at(-1)),
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const serverCpuMsPerBroadcast = (cpuMs(wms.pid) - cpuBefore) / rounds;
    latencies.sort((a, b) => a - b);
    const after = memoryKiB(wms.pid);
    warm.terminate();
    const report = {
      sockets: count,
      rounds,
      connectSeconds: round1(connectSeconds),
      deliveryMs: {
        p50: round1(percentile(latencies, 50)),
        p95: round1(percentile(latencies, 95)),
        p99: round1(percentile(latencies, 99)),
        max: round1(latencies.at(-1)),
      },
      perRound,
      /** The server's CPU per broadcast (its idle sockets' pings in the pauses included), and per socket. */
      serverCpuMsPerBroadcast: round1(serverCpuMsPerBroadcast),
      serverCpuUsPerDelivery: round1((serverCpuMsPerBroadcast * 1000) / count),
      memory: {
        rssBeforeMiB: round1(before.rss / 1024),
        rssIdleMiB: round1(idle.rss / 1024),
        rssAfterBroadcastsMiB: round1(after.rss / 1024),
        peakMiB: round1(after.peak / 1024),
        perIdleSocketKiB: round1((idle.rss - before.rss) / count),
      },
      target: liveTargets,
    };
    report.meetsTarget = report.deliveryMs.p95 <= liveTargets.p95Ms;
    return report;
  } finally {
    for (const ws of sockets) ws.terminate();
    const code = await wms.stop();
    if (code !== 0) console.error(`${wms.name} exited with code ${code}:\n${wms.output()}`);
  }
}

export function printLive(report) {
  const d = report.deliveryMs;
  console.log(
    `live: ${report.sockets} signed-in sockets on one server process (connected and subscribed in ${report.connectSeconds} s), ` +
      `${report.rounds} broadcasts to all: delivery p50 ${d.p50} ms, p95 ${d.p95} ms, p99 ${d.p99} ms, max ${d.max} ms ` +
      `(${report.meetsTarget ? 'ok' : 'MISSED'}: p95 <= ${report.target.p95Ms} ms)`,
  );
  console.log(
    `live: per round, ms (POST answered / first delivery / p50 / p95 / max): ` +
      report.perRound.map((r) => `${r.answeredMs}/${r.firstMs}/${r.p50Ms}/${r.p95Ms}/${r.maxMs}`).join(', '),
  );
  const m = report.memory;
  console.log(
    `live: server RSS ${m.rssBeforeMiB} MiB before, ${m.rssIdleMiB} MiB with the sockets idle, ${m.rssAfterBroadcastsMiB} MiB ` +
      `after the broadcasts (peak ${m.peakMiB} MiB): ${m.perIdleSocketKiB} KiB per idle socket`,
  );
  console.log(
    `live: server CPU ${report.serverCpuMsPerBroadcast} ms per broadcast to ${report.sockets} sockets ` +
      `(${report.serverCpuUsPerDelivery} µs per delivery, request and database write included)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runLivePart().then(printLive, (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
