import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverTimingMarker } from './server-timing.mjs';

export const repositoryDir = path.resolve(import.meta.dirname, '..');

/** A free TCP port on the loopback interface. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const serverTimingScript = path.join(import.meta.dirname, 'server-timing.mjs');
/**
 * BENCH_SERVER_TIMING=off runs every process without the timing hook, so a throughput ratio is
 * measured on the servers exactly as shipped (the hook costs both sides a little per request).
 * serverTiming() then answers count 0 and null times.
 */
export const serverTimingOn = process.env.BENCH_SERVER_TIMING !== 'off';
const noTiming = { count: 0, meanMs: null, p50Ms: null, p99Ms: null, maxMs: null, cpuUsPerRequest: null };

/**
 * Starts a Node script as a child process on a free port and waits until `readyPath` answers 200.
 * The script runs with server-timing.mjs preloaded (unless BENCH_SERVER_TIMING=off). Returns { baseUrl, stop(), serverTiming() }:
 * stop sends SIGTERM and resolves with the exit code; serverTiming resolves with the server's own
 * request times since the previous call ({ count, meanMs, p50Ms, p99Ms, maxMs }).
 */
export async function startProcess({ name, script, env = {}, readyPath = '/', nodeFlags = [] }) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const preload = serverTimingOn ? ['--import', pathToFileURL(serverTimingScript).href] : [];
  // BENCH_CPU_PROFILE_DIR=dir writes a V8 CPU profile of every process there when it exits
  // (bench/profile-summary.mjs prints where the time went).
  const profile = process.env.BENCH_CPU_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROFILE_DIR)}`]
    : [];
  const child = spawn(process.execPath, [...nodeFlags, ...profile, ...preload, script], {
    cwd: repositoryDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Server-timing summaries are lines on stdout; everything else is kept for error messages.
  let pendingLine = '';
  const timingWaiters = [];
  child.stdout.on('data', (chunk) => {
    const lines = (pendingLine + chunk).split('\n');
    pendingLine = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith(serverTimingMarker))
        timingWaiters.shift()?.(JSON.parse(line.slice(serverTimingMarker.length)));
      else output += `${line}\n`;
    }
  });
  child.stderr.on('data', (chunk) => (output += chunk));
  let exitCode;
  const exited = new Promise((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`${name} exited with code ${exitCode} while starting:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not answer ${readyPath} within 60 s:\n${output}`);
    }
    const ok = await fetch(baseUrl + readyPath).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name,
    baseUrl,
    pid: child.pid,
    output: () => output,
    serverTiming: () =>
      new Promise((resolve, reject) => {
        if (exitCode !== undefined) return reject(new Error(`${name} has exited`));
        // Without the hook SIGUSR2 would kill the process.
        if (!serverTimingOn) return resolve(noTiming);
        timingWaiters.push(resolve);
        child.kill('SIGUSR2');
      }),
    stop: async () => {
      if (exitCode === undefined) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Node's flags in `npm run serve` (package.json): the bench runs the server as it is shipped. */
function servedNodeFlags() {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(repositoryDir, 'package.json'), 'utf8'));
  return scripts.serve.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * The built WMS server with demo data: on a fresh embedded SQLite database in a temporary folder,
 * or on the data folder or DATABASE_URL given (the caller then owns them; stop leaves them).
 */
export async function startBuiltServer(env = {}, { dataDir: givenDataDir } = {}) {
  const script = path.join(repositoryDir, 'packages', 'server', 'dist', 'main.js');
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: run "npm run build" first`);
  const dataDir = givenDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'wms-bench-'));
  const server = await startProcess({
    name: 'WMS server',
    script,
    nodeFlags: servedNodeFlags(),
    env: { DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'warn', WMS_RUNTIME_TYPE: 'PRODUCTION', ...env },
    readyPath: '/api/v1/config/version',
  });
  return {
    ...server,
    stop: async () => {
      const code = await server.stop();
      if (!givenDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** The headers of a current web client (AppVersion is the repository's version: older ones are refused). */
export const clientHeaders = {
  appversion: JSON.parse(fs.readFileSync(path.join(repositoryDir, 'package.json'), 'utf8')).version,
  uniquesession: 'bench',
};

/**
 * Signs in (as admin of the demo data unless told; `device` is the UniqueSession header); answers
 * the session cookie as `wms_session=...`.
 */
export async function signIn(
  baseUrl,
  { username = 'admin', password = 'admin', device = clientHeaders.uniquesession } = {},
) {
  const answer = await fetch(`${baseUrl}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { ...clientHeaders, uniquesession: device, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (answer.status !== 200) throw new Error(`sign-in as ${username} failed: ${answer.status} ${await answer.text()}`);
  const session = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('wms_session='));
  if (!session) throw new Error('sign-in answered no wms_session cookie');
  return session.split(';')[0];
}
