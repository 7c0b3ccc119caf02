import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { configEndpoints, urlOf, type VersionAnswer } from '@wms/contract';

const repositoryDir = path.resolve(import.meta.dirname, '..');
export const builtServerEntry = path.join(repositoryDir, 'packages', 'server', 'dist', 'main.js');

export interface ServerProcess {
  baseUrl: string;
  version: string;
  /** Sends SIGTERM and resolves with the exit code once the process has ended. */
  stop(): Promise<number | null>;
  /** Sends SIGKILL (a crash: no shutdown at all) and resolves once the process has ended. */
  kill(): Promise<void>;
  /** What the server wrote to stdout and stderr (LOG_LEVEL=warn keeps it short). */
  output(): string;
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  /** Run on this DATA_DIR (e.g. again after a crash); the caller owns it, stop and kill keep it. */
  dataDir?: string;
}

/**
 * Starts the BUILT server (packages/server/dist/main.js) as a child process on a free port with a
 * temporary DATA_DIR (so a fresh embedded SQLite database) and demo data, and waits until it answers.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<ServerProcess> {
  if (!fs.existsSync(builtServerEntry)) {
    throw new Error(`${builtServerEntry} is missing: run "npm run build" first`);
  }
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'wms-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [builtServerEntry], {
    cwd: repositoryDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'true',
      WMS_RUNTIME_TYPE: 'TEST',
      LOG_LEVEL: 'warn',
      // Lets a parallel run serve its own web build (vite build --outDir ...).
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const cleanUp = () => {
    if (options.dataDir === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const version = await waitUntilReady(baseUrl, exited, () => output);
    return {
      baseUrl,
      version,
      output: () => output,
      stop: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        const code = await exited;
        cleanUp();
        return code;
      },
      kill: async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
        cleanUp();
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    cleanUp();
    throw error;
  }
}

async function waitUntilReady(baseUrl: string, exited: Promise<number | null>, output: () => string): Promise<string> {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + 60_000;
  const versionPath = urlOf(configEndpoints.version);
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited with code ${exitCode} while starting:\n${output()}`);
    try {
      const answer = await fetch(`${baseUrl}${versionPath}`);
      if (answer.ok) return ((await answer.json()) as VersionAnswer).version;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer ${versionPath} within 60 s:\n${output()}`);
}
