// Preloaded (node --import) into the servers the bench starts, never into production: the server's
// own time per request, from the parsed request head (http.server.request.start) to the last byte
// handed to the socket (http.server.response.finish), through Node's diagnostics channels, so the
// server's code is unchanged. It includes waiting for the event loop behind other requests, but not
// the client's time or the network's. On SIGUSR2 it prints a summary since the previous one, on one
// line that starts with the marker, and starts over. It also gives the process's CPU time per request.
import diagnosticsChannel from 'node:diagnostics_channel';
import { createHistogram, performance } from 'node:perf_hooks';
let eluSince = performance.eventLoopUtilization();

export const serverTimingMarker = 'BENCH_SERVER_TIMING ';

const startedAt = new WeakMap();
let histogram = createHistogram();
let cpuSince = process.cpuUsage();

diagnosticsChannel.subscribe('http.server.request.start', ({ request }) => {
  startedAt.set(request, process.hrtime.bigint());
});
diagnosticsChannel.subscribe('http.server.response.finish', ({ request }) => {
  const started = startedAt.get(request);
  if (started === undefined) return;
  startedAt.delete(request);
  histogram.record(Math.max(1, Number(process.hrtime.bigint() - started)));
});

const ms = (nanoseconds) => Math.round(nanoseconds / 1e4) / 100;

process.on('SIGUSR2', () => {
  const cpu = process.cpuUsage(cpuSince);
  const summary =
    histogram.count === 0
      ? { count: 0 }
      : {
          count: histogram.count,
          meanMs: ms(histogram.mean),
          p50Ms: ms(histogram.percentile(50)),
          p99Ms: ms(histogram.percentile(99)),
          maxMs: ms(histogram.max),
          // The process's CPU time (all threads) per request: what a request costs, whatever else runs.
          cpuUsPerRequest: Math.round((cpu.user + cpu.system) / histogram.count),
          elu: Math.round(performance.eventLoopUtilization(eluSince).utilization * 1000) / 1000,
        };
  histogram = createHistogram();
  cpuSince = process.cpuUsage();
  eluSince = performance.eventLoopUtilization();
  process.stdout.write(`${serverTimingMarker}${JSON.stringify(summary)}\n`);
});
