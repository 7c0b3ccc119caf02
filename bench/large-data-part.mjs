// What the process parts of the bench on the large data set share (bench/deliveries.mjs,
// bench/counting.mjs): the figures' rounding and ratios, a checked request, the ledger's last id,
// the large data set opened with the built server on it (always stopped, closed and dropped), and
// running a part on its own from the command line.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { prepareLargeData } from './large-data.mjs';
import { serverDist } from './picking.mjs';
import { startBuiltServer } from './processes.mjs';

export const round = (value) => (value === null ? null : Math.round(value * 10) / 10);
export const ratio = (value, target) => (value === null ? null : Math.round((value / target) * 100) / 100);

/** The answer's JSON when it is 200, else an error naming what was asked. */
export const expectOk = (what, answer) => {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
  return answer.json;
};

export const lastLedgerId = async (db) =>
  Number(
    (
      await db
        .selectFrom('stock_ledger')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

/**
 * Generates the large data set, opens it and starts the built server on it, then runs
 * `run({ largeData, db, wms, stopServer })`; stopServer stops the server before the checks read
 * the database (a non-zero exit is an error). The server, the handle and the set are always let go.
 */
export async function onLargeData(run) {
  const largeData = await prepareLargeData();
  console.log(`${largeData.summary} (${largeData.seconds} s with migrations)`);
  const { openDatabase } = await import(pathToFileURL(path.join(serverDist, 'db', 'database.js')).href);
  const handle = openDatabase(largeData.databaseUrl);
  let wms;
  const stopServer = async () => {
    const code = await wms.stop();
    wms = undefined;
    if (code !== 0) throw new Error(`the WMS server exited with code ${code}`);
  };
  try {
    wms = await startBuiltServer(largeData.serverEnv, { dataDir: largeData.dataDir });
    return await run({ largeData, db: handle.db, wms, stopServer });
  } finally {
    if (wms) await wms.stop();
    await handle.close();
    await largeData.drop();
  }
}

/** Runs the part when its file is the script node was started with; exit code 1 on a miss or an error. */
export function runAsScript(moduleUrl, runPart) {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  runPart().then(
    (report) => {
      if (report.misses.length > 0) process.exitCode = 1;
    },
    (error) => {
      console.error(error instanceof Error ? error.stack : error);
      process.exitCode = 1;
    },
  );
}
