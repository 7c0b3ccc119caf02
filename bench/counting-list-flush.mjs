// Counting-list flush (issue 20): a stocktake list of 2,000 locations of the large data set,
// counted and flushed through the API of the built server.
// 1. Not timed: the operation mode WALL_TO_WALL_BATCHING_MODE; one user with the roles counting and
//    countingListCreator; the first BENCH_FLUSH_LOCATIONS locations of warehouse LD1 in walk order
//    flagged requiresCounting YES; POST counting_lists (SINGLE_COUNTING, one list of them all) and
//    POST wall_to_wall/batch/startCounting (the claim and the freeze).
// 2. Timed apart: POST wall_to_wall/batch/save of every location with every item on hand counted
//    (BENCH_FLUSH_SAVERS at once, the one claimant); every 10th location counts one unit more of
//    its first item. Counts per second.
// 3. Timed: POST wall_to_wall/batch/flush, and the server's CPU time for it. Then the flush is
//    replayed with its key: it must answer replayed and post nothing.
// 4. Invariants after the run, in SQL: exactly one COUNT_ADJUSTMENT ledger row of +1 unit per
//    location counted with a difference, under the key cl:{list}:{location}:1, and none for the
//    others; onHand of those rows one unit up; one count history entry per location (POSTED or
//    NO_DIFFERENCE) with its lines; every location requiresCounting NO, unfrozen (no count lock)
//    and out of the open list; the list FLUSHED; no negative bucket in the locations.
// Prints one JSON line of figures with the ratio to the target (the flush under 5,000 ms on SQLite).
// SQLite, or PostgreSQL with BENCH_DATABASE_URL. Run alone: node bench/counting-list-flush.mjs
// (BENCH_ITEMS, BENCH_LOCATIONS, BENCH_STOCK shrink the large data set).
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { largeDataSize } from './large-data.mjs';
import { adjustmentProblems, countedLocationProblems, countedOver } from './count-checks.mjs';
import { expectOk, lastLedgerId, onLargeData, ratio, round, runAsScript } from './large-data-part.mjs';
import { chunked, insertUsers, jsonClient, signInAs } from './picking.mjs';
import { clientHeaders, signIn } from './processes.mjs';

export const flushSettings = {
  locations: Number(process.env.BENCH_FLUSH_LOCATIONS ?? 2000),
  savers: Number(process.env.BENCH_FLUSH_SAVERS ?? 4),
  differenceEvery: 10,
};
export const flushTargets = { flushMs: 5000 };

const batch = '/api/v1/wall_to_wall/batch';

/** Step 1's database part: the list's locations (LD1, walk order) flagged, with what each holds. */
async function prepareLocations(db) {
  const rows = await db
    .selectFrom('bin_location as b')
    .innerJoin('warehouse as w', 'w.id', 'b.warehouse_id')
    .select(['b.id', 'b.code'])
    .where('w.code_lower', '=', 'ld1')
    .where('b.location_type', '<>', 'MOBILE')
    .where('b.code_lower', 'like', 'ld-l%')
    .orderBy('b.code_lower')
    .limit(flushSettings.locations)
    .execute();
  if (rows.length < flushSettings.locations)
    console.error(`counting-list flush: only ${rows.length} locations in LD1, ${flushSettings.locations} asked`);
  const contents = new Map(rows.map((l) => [l.id, { code: l.code, lines: [] }]));
  for (const part of chunked(rows.map((l) => l.id))) {
    await db.updateTable('bin_location').set({ requires_counting: 'YES' }).where('id', 'in', part).execute();
    const stock = await db
      .selectFrom('stock as s')
      .innerJoin('item as i', 'i.id', 's.item_id')
      .select(['s.bin_location_id', 's.item_id', 'i.code', 's.on_hand_qty'])
      .where('s.bin_location_id', 'in', part)
      .where('s.batch_id', 'is', null)
      .where('s.serial_id', 'is', null)
      .orderBy('s.id')
      .execute();
    for (const s of stock)
      contents.get(s.bin_location_id).lines.push({ itemId: s.item_id, item: s.code, onHand: Number(s.on_hand_qty) });
  }
  return [...contents.entries()].map(([id, c], index) => ({
    id,
    code: c.code,
    lines: c.lines,
    difference: index % flushSettings.differenceEvery === 0 && c.lines.length > 0,
  }));
}

/** Step 2: the claimant saves every location's count, `savers` at once; answers the figures. */
async function saveAll(request, headers, list, locations) {
  const queue = [...locations];
  const failures = {};
  let n = 0;
  let saved = 0;
  const started = performance.now();
  const saver = async () => {
    for (let location = queue.shift(); location !== undefined; location = queue.shift()) {
      const lines = location.lines.map((l, i) => ({
        item: l.item,
        quantity: (l.onHand + (location.difference && i === 0 ? countedOver : 0)) / 1000,
      }));
      const body = {
        idempotencyKey: `bench-clsave-${++n}`,
        list,
        location: location.code,
        ...(lines.length === 0 ? { empty: true } : { lines }),
      };
      const answer = await request('POST', `${batch}/save`, body, headers);
      if (answer.status === 200 && answer.json.state === 'AGREED') saved++;
      else {
        const key = `save ${answer.status} ${answer.json?.key ?? answer.json?.state ?? ''}`.trim();
        failures[key] = (failures[key] ?? 0) + 1;
        if (failures[key] === 1)
          console.error(`counting-list flush: ${key}: ${JSON.stringify(answer.json).slice(0, 300)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: flushSettings.savers }, saver));
  const seconds = (performance.now() - started) / 1000;
  return { saved, seconds: round(seconds), countsPerSecond: round(saved / seconds), failures };
}

/** Step 4 (see the module comment): answers the differences. */
async function checkInvariants(db, before, list, locations) {
  const byId = new Map(locations.map((l) => [l.id, l]));
  const keyOf = (location) => `cl:${list}:${location.code}:1`;
  const { problems, adjustments } = await adjustmentProblems(db, before.lastLedgerId, locations, keyOf);
  const linesSaved = locations.reduce((n, location) => n + location.lines.length, 0);
  const history = new Map();
  const more = async (part, found) => {
    const locks = await db
      .selectFrom('location_count_lock')
      .select(['bin_location_id', 'username'])
      .where('bin_location_id', 'in', part)
      .execute();
    for (const l of locks) found.push(`${byId.get(l.bin_location_id).code}: a count lock of ${l.username} left`);
    const open = await db
      .selectFrom('counting_list_open_location')
      .select('bin_location_id')
      .where('bin_location_id', 'in', part)
      .execute();
    for (const o of open) found.push(`${byId.get(o.bin_location_id).code}: still in an open list`);
    const counts = await db
      .selectFrom('location_count as c')
      .leftJoin('location_count_line as l', 'l.location_count_id', 'c.id')
      .select(['c.bin_location_id', 'c.outcome', 'c.idempotency_key', sql`count(l.id)`.as('lines')])
      .where('c.source', '=', 'COUNTING_LIST')
      .where('c.document_code', '=', list)
      .where('c.bin_location_id', 'in', part)
      .groupBy(['c.id', 'c.bin_location_id', 'c.outcome', 'c.idempotency_key'])
      .execute();
    for (const c of counts) {
      if (history.has(c.bin_location_id)) found.push(`${byId.get(c.bin_location_id).code}: two count history entries`);
      history.set(c.bin_location_id, { outcome: c.outcome, lines: Number(c.lines) });
    }
  };
  problems.push(...(await countedLocationProblems(db, byId, more)));
  for (const location of locations) {
    const entry = history.get(location.id);
    const outcome = location.difference ? 'POSTED' : 'NO_DIFFERENCE';
    if (entry?.outcome !== outcome || entry.lines !== location.lines.length)
      problems.push(
        `${location.code}: count history ${JSON.stringify(entry ?? null)}, ${outcome} of ${location.lines.length} lines expected`,
      );
  }
  const head = await db
    .selectFrom('document')
    .select('status')
    .where('type', '=', 'COUNTING_LIST')
    .where('code', '=', list)
    .executeTakeFirst();
  if (head?.status !== 'FLUSHED') problems.push(`${list}: status ${head?.status}`);
  return { problems, locations: locations.length, adjustments, linesSaved };
}

export async function runCountingListFlushPart() {
  const s = flushSettings;
  console.log(
    `counting-list flush: large data set (${largeDataSize.items} items, ${largeDataSize.locations} locations, ` +
      `${largeDataSize.stock} stock rows) on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}; ` +
      `a list of ${s.locations} locations, ${s.savers} saves at once`,
  );
  return onLargeData(async ({ largeData, db, wms, stopServer }) => {
    const request = jsonClient(wms.baseUrl);
    const admin = { ...clientHeaders, cookie: await signIn(wms.baseUrl) };
    const current = expectOk('settings', await request('GET', '/api/v1/admin/settings', undefined, admin));
    expectOk(
      'operation mode',
      await request(
        'POST',
        '/api/v1/admin/settings',
        { version: current.version, settings: { operationMode: 'WALL_TO_WALL_BATCHING_MODE' } },
        admin,
      ),
    );
    const locations = await prepareLocations(db);
    const users = await insertUsers(db, 'bench-list-counter-', 1, ['counting', 'countingListCreator']);
    const counter = await signInAs(wms.baseUrl, users.usernames[0], users.password, 'bench-list-counter');
    const created = expectOk(
      'create',
      await request(
        'POST',
        '/api/v1/counting_lists',
        {
          idempotencyKey: 'bench-clcreate-1',
          filter: { warehouse: 'LD1', toCode: locations.at(-1).code },
          maxLocationsPerList: 5000,
          countingType: 'SINGLE_COUNTING',
        },
        counter,
      ),
    );
    const [list] = created.lists;
    if (created.lists.length !== 1 || list.locations !== locations.length)
      throw new Error(`create: ${JSON.stringify(created.lists)}, one list of ${locations.length} expected`);
    expectOk('startCounting', await request('POST', `${batch}/startCounting`, { list: list.code }, counter));
    const lines = locations.reduce((n, l) => n + l.lines.length, 0);
    console.log(`counting-list flush: ${list.code} of ${list.locations} locations (${lines} stock rows), started`);

    const counts = await saveAll(request, counter, list.code, locations);
    console.log(
      `counting-list flush: ${counts.saved} counts saved in ${counts.seconds} s (${counts.countsPerSecond}/s)`,
    );
    const before = { lastLedgerId: await lastLedgerId(db) };

    const flushBody = { idempotencyKey: 'bench-clflush-1', list: list.code };
    await wms.serverTiming();
    const flushed = await request('POST', `${batch}/flush`, flushBody, counter);
    const server = await wms.serverTiming();
    const answer = expectOk('flush', flushed);
    const afterFlush = await lastLedgerId(db);
    const replayed = await request('POST', `${batch}/flush`, flushBody, counter);
    const replay = {
      replayed: replayed.status === 200 && replayed.json.replayed === true,
      postedNothing: (await lastLedgerId(db)) === afterFlush,
    };
    await stopServer();

    const invariants = await checkInvariants(db, before, list.code, locations);
    const flush = {
      ms: round(flushed.ms),
      serverMs: server.maxMs,
      serverCpuMs: server.cpuUsPerRequest === null ? null : round(server.cpuUsPerRequest / 1000),
      postedLocations: answer.postedLocations,
      adjustedLines: answer.adjustedLines,
    };
    const misses = [];
    // The target is SQLite's (the embedded default); PostgreSQL's figures are printed.
    if (largeData.dialect === 'sqlite' && flush.ms >= flushTargets.flushMs)
      misses.push(`flush >= ${flushTargets.flushMs} ms`);
    if (Object.keys(counts.failures).length > 0) misses.push('failed saves');
    if (answer.postedLocations !== locations.length) misses.push('not every location posted');
    if (!replay.replayed || !replay.postedNothing) misses.push('flush replay not idempotent');
    if (invariants.problems.length > 0) misses.push('invariants broken');
    const report = {
      part: 'counting-list-flush',
      database: largeData.dialect,
      settings: s,
      list: list.code,
      locations: locations.length,
      stockRows: lines,
      counts,
      flush,
      replay,
      ofTarget: { flushMs: ratio(flush.ms, flushTargets.flushMs) },
      targets: flushTargets,
      invariants: { ...invariants, problems: invariants.problems.slice(0, 50) },
      misses,
    };
    if (invariants.problems.length > 0)
      console.error(`counting-list flush invariants BROKEN: ${invariants.problems.slice(0, 10).join('; ')}`);
    console.log(JSON.stringify(report));
    console.log(
      `counting-list flush target (${locations.length} locations flushed in < ${flushTargets.flushMs} ms on SQLite, ` +
        `idempotent replay, invariants): ${misses.length === 0 ? 'met' : `MISSED: ${misses.join(', ')}`}`,
    );
    return report;
  });
}

runAsScript(import.meta.url, runCountingListFlushPart);
