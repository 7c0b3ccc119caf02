// Counting (issue 20): a stocktake of the large data set's locations through /wall_to_wall on the
// built server.
// 1. Not timed: every location of the set flagged requiresCounting YES, the extension wallToWall on,
//    BENCH_COUNTERS users with the counting role, and what each location holds (item, onHand) read
//    once, so the counters know what to count.
// 2. Timed: the counters take locations from a shared queue and count each: POST
//    wall_to_wall/{location}/start (the count lock) and POST wall_to_wall/save with every item
//    counted; every 10th location counts one unit more of its first item (ONE COUNT_ADJUSTMENT).
//    Count saves per second and the save latency p50/p99 after a warm-up (start is timed apart).
//    Then 100 saves are replayed with their keys: each must answer replayed and post nothing.
// 3. Invariants after the run, in SQL: exactly one COUNT_ADJUSTMENT ledger row of +1 unit per
//    location counted with a difference and none for the others; onHand of those rows one unit up;
//    every saved location requiresCounting NO and no count lock left; count history lines equal to
//    the lines saved; no negative bucket in the counted locations.
// Prints one JSON line of figures with the ratios to the targets (>= 1,000 saves/s and p99 < 100 ms
// on SQLite). SQLite, or PostgreSQL with BENCH_DATABASE_URL. Run alone: node bench/counting.mjs
// (BENCH_ITEMS, BENCH_LOCATIONS, BENCH_STOCK shrink the large data set).
import { performance } from 'node:perf_hooks';
import { largeDataSize } from './large-data.mjs';
import { adjustmentProblems, countedLocationProblems, countedOver } from './count-checks.mjs';
import { expectOk, lastLedgerId, onLargeData, ratio, round, runAsScript } from './large-data-part.mjs';
import { chunked, insertUsers, jsonClient, percentile, signInAs } from './picking.mjs';
import { clientHeaders, signIn } from './processes.mjs';

export const countingSettings = {
  counters: Number(process.env.BENCH_COUNTERS ?? 32),
  /** Seconds of counting (the warm-up included); the run ends sooner when every location is counted. */
  durationSeconds: Number(process.env.BENCH_COUNTING_DURATION ?? 60),
  warmupSeconds: Number(process.env.BENCH_COUNTING_WARMUP ?? 2),
  differenceEvery: 10,
  replays: 100,
};
export const countingTargets = { savesPerSecond: 1000, p99Ms: 100 };

/** Step 1: the flags, the extension, and each location's content (code -> [{item, quantity}]). */
async function prepare(db, request, admin) {
  await db.updateTable('bin_location').set({ requires_counting: 'YES' }).where('code_lower', 'like', 'ld-l%').execute();
  const current = expectOk('settings', await request('GET', '/api/v1/admin/settings', undefined, admin));
  const extensions = [...new Set([...current.settings.enabledExtensions, 'wallToWall'])];
  expectOk(
    'enable wallToWall',
    await request(
      'POST',
      '/api/v1/admin/settings',
      { version: current.version, settings: { enabledExtensions: extensions } },
      admin,
    ),
  );
  const locations = await db
    .selectFrom('bin_location')
    .select(['id', 'code'])
    .where('code_lower', 'like', 'ld-l%')
    .orderBy('counting_sorting_code')
    .orderBy('code')
    .execute();
  const contents = new Map(locations.map((l) => [l.id, { code: l.code, lines: [] }]));
  for (const part of chunked(locations.map((l) => l.id))) {
    const rows = await db
      .selectFrom('stock as s')
      .innerJoin('item as i', 'i.id', 's.item_id')
      .select(['s.bin_location_id', 's.item_id', 'i.code', 's.on_hand_qty'])
      .where('s.bin_location_id', 'in', part)
      .where('s.batch_id', 'is', null)
      .where('s.serial_id', 'is', null)
      .execute();
    for (const r of rows)
      contents.get(r.bin_location_id).lines.push({ itemId: r.item_id, item: r.code, onHand: Number(r.on_hand_qty) });
  }
  return [...contents.entries()].map(([id, c], index) => ({
    id,
    code: c.code,
    lines: c.lines,
    difference: index % countingSettings.differenceEvery === 0 && c.lines.length > 0,
  }));
}

/** Step 2: the counters count the queued locations; answers the figures and the saves made. */
async function countAll(request, counters, locations) {
  const s = countingSettings;
  const queue = [...locations];
  const made = [];
  const saveLatencies = [];
  const startLatencies = [];
  const failures = {};
  let warmupSaves = 0;
  let n = 0;
  const started = performance.now();
  const warmupEnd = started + s.warmupSeconds * 1000;
  const end = started + s.durationSeconds * 1000;
  let measuredEnd = warmupEnd;
  const fail = (what, answer) => {
    const key = `${what} ${answer.status} ${answer.json?.key ?? ''}`.trim();
    failures[key] = (failures[key] ?? 0) + 1;
    if (failures[key] === 1) console.error(`counting: ${key}: ${JSON.stringify(answer.json).slice(0, 300)}`);
  };
  const counter = async (headers) => {
    while (performance.now() < end) {
      const location = queue.shift();
      if (location === undefined) return;
      const at = `/api/v1/wall_to_wall/${encodeURIComponent(location.code)}`;
      const start = await request('POST', `${at}/start`, {}, headers);
      if (start.status !== 200) {
        fail('start', start);
        continue;
      }
      const lines = location.lines.map((l, i) => ({
        item: l.item,
        quantity: (l.onHand + (location.difference && i === 0 ? countedOver : 0)) / 1000,
      }));
      const body =
        lines.length === 0
          ? { idempotencyKey: `bench-count-${++n}`, location: location.code, empty: true }
          : { idempotencyKey: `bench-count-${++n}`, location: location.code, lines };
      const sent = performance.now();
      const saved = await request('POST', '/api/v1/wall_to_wall/save', body, headers);
      if (saved.status !== 200 || saved.json.replayed) {
        fail('save', saved);
        continue;
      }
      made.push({ body, headers, location, outcome: saved.json.outcome });
      if (sent < warmupEnd) warmupSaves++;
      else {
        saveLatencies.push(saved.ms);
        startLatencies.push(start.ms);
        measuredEnd = Math.max(measuredEnd, performance.now());
      }
    }
  };
  await Promise.all(counters.map(counter));
  const seconds = Math.max(0.001, (measuredEnd - warmupEnd) / 1000);
  saveLatencies.sort((a, b) => a - b);
  startLatencies.sort((a, b) => a - b);
  return {
    savesPerSecond: Math.round(saveLatencies.length / seconds),
    saves: saveLatencies.length,
    warmupSaves,
    locationsLeft: queue.length,
    seconds: round(seconds),
    latencyP50Ms: round(percentile(saveLatencies, 50)),
    latencyP99Ms: round(percentile(saveLatencies, 99)),
    latencyMaxMs: round(saveLatencies.at(-1) ?? null),
    startP50Ms: round(percentile(startLatencies, 50)),
    startP99Ms: round(percentile(startLatencies, 99)),
    failures,
    made,
  };
}

/** Replays saves spread over the run with their keys: each answers replayed, nothing is posted. */
async function replay(db, request, made) {
  const step = Math.max(1, Math.floor(made.length / countingSettings.replays));
  const sample = made.filter((_, i) => i % step === 0).slice(0, countingSettings.replays);
  const ledger = await lastLedgerId(db);
  const problems = [];
  for (const { body, headers, outcome } of sample) {
    const answer = await request('POST', '/api/v1/wall_to_wall/save', body, headers);
    if (answer.status !== 200 || answer.json.replayed !== true || answer.json.outcome !== outcome)
      problems.push(`${body.idempotencyKey}: ${answer.status} replayed ${answer.json?.replayed}`);
  }
  if ((await lastLedgerId(db)) !== ledger) problems.push('a replay wrote ledger rows');
  return { replayed: sample.length, problems };
}

/** Step 3 (see the module comment): answers the differences. */
async function checkInvariants(db, before, made) {
  const counted = new Map(made.map((m) => [m.location.id, m.location]));
  const { problems, adjustments } = await adjustmentProblems(db, before.lastLedgerId, counted.values());
  problems.push(...(await countedLocationProblems(db, counted)));
  const linesSaved = [...counted.values()].reduce((n, location) => n + location.lines.length, 0);
  const locks = await db
    .selectFrom('location_count_lock')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  if (Number(locks?.n ?? 0) !== 0) problems.push(`${locks.n} count locks left`);
  const history = await db
    .selectFrom('location_count_line')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  if (Number(history?.n ?? 0) - before.historyLines !== linesSaved)
    problems.push(`count history has ${Number(history?.n ?? 0) - before.historyLines} lines, ${linesSaved} saved`);
  return { problems, locations: counted.size, adjustments, linesSaved };
}

export async function runCountingPart() {
  const s = countingSettings;
  console.log(
    `counting: large data set (${largeDataSize.items} items, ${largeDataSize.locations} locations, ` +
      `${largeDataSize.stock} stock rows) on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; ` +
      `${s.counters} counters, ${s.warmupSeconds} s warm-up + up to ${s.durationSeconds - s.warmupSeconds} s`,
  );
  return onLargeData(async ({ largeData, db, wms, stopServer }) => {
    const request = jsonClient(wms.baseUrl);
    const admin = { ...clientHeaders, cookie: await signIn(wms.baseUrl) };
    const prepared = performance.now();
    const locations = await prepare(db, request, admin);
    const users = await insertUsers(db, 'bench-counter-', s.counters, ['counting']);
    const counters = [];
    for (const [i, username] of users.usernames.entries())
      counters.push(await signInAs(wms.baseUrl, username, users.password, `bench-counter-${i}`));
    console.log(
      `counting: ${locations.length} locations flagged, ${locations.reduce((n, l) => n + l.lines.length, 0)} ` +
        `stock rows to count, in ${Math.round((performance.now() - prepared) / 1000)} s`,
    );
    const historyBefore = await db
      .selectFrom('location_count_line')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const before = { lastLedgerId: await lastLedgerId(db), historyLines: Number(historyBefore?.n ?? 0) };

    await wms.serverTiming();
    const run = await countAll(request, counters, locations);
    run.server = await wms.serverTiming();
    const replays = await replay(db, request, run.made);
    await stopServer();

    const invariants = await checkInvariants(db, before, run.made);
    const { made: _made, ...figures } = run;
    const misses = [];
    // The throughput targets are SQLite's (the embedded default); PostgreSQL's figures are printed.
    if (largeData.dialect === 'sqlite' && figures.savesPerSecond < countingTargets.savesPerSecond)
      misses.push(`< ${countingTargets.savesPerSecond} saves/s`);
    if (largeData.dialect === 'sqlite' && figures.latencyP99Ms >= countingTargets.p99Ms)
      misses.push(`p99 >= ${countingTargets.p99Ms} ms`);
    if (Object.keys(figures.failures).length > 0) misses.push('failed requests');
    if (replays.problems.length > 0) misses.push('replays not idempotent');
    if (invariants.problems.length > 0) misses.push('invariants broken');
    const report = {
      part: 'counting',
      database: largeData.dialect,
      settings: s,
      ...figures,
      replays: { ...replays, problems: replays.problems.slice(0, 20) },
      ofTarget: {
        savesPerSecond: ratio(figures.savesPerSecond, countingTargets.savesPerSecond),
        latencyP99: ratio(figures.latencyP99Ms, countingTargets.p99Ms),
      },
      targets: countingTargets,
      invariants: { ...invariants, problems: invariants.problems.slice(0, 50) },
      misses,
    };
    if (invariants.problems.length > 0)
      console.error(`counting invariants BROKEN: ${invariants.problems.slice(0, 10).join('; ')}`);
    console.log(JSON.stringify(report));
    console.log(
      `counting target (>= ${countingTargets.savesPerSecond} saves/s with p99 < ${countingTargets.p99Ms} ms on SQLite, ` +
        `idempotent replays, invariants): ${misses.length === 0 ? 'met' : `MISSED: ${misses.join(', ')}`}`,
    );
    return report;
  });
}

runAsScript(import.meta.url, runCountingPart);
