import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterDestination, countingStates, topics, type CountingState } from '@wms/contract';
import { buildLiveTestApp, TestStompClient, type LiveTestApp } from '../../live/live.test-helper.js';
import { makeBinLocation, makeItem } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp } from '../../../test/test-app.js';
import { isAllowedCountingTransition } from './bin-location-edits.service.js';
import { errorOf, signedInUserWithRoles } from '../../../test/user-helper.js';

/** The only allowed counting transitions. */
const allowed: readonly [CountingState, CountingState][] = [
  ['NO', 'YES'],
  ['NO', 'PARTIAL'],
  ['YES', 'NO'],
  ['PARTIAL', 'NO'],
  ['PARTIAL', 'PARTIAL'],
];
const transitions = countingStates.flatMap((from) =>
  countingStates.map((to) => [from, to, allowed.some(([f, t]) => f === from && t === to)] as const),
);

/**
 * Every test sets the counting state of locations it made (test/factories.ts) and checks the
 * /wall_to_wall counter against the locations to count at that moment, so each runs alone and in
 * any order.
 */
describe('bin location counting state', () => {
  let t: LiveTestApp;
  let counter: HttpClient;

  const db = () => t.app.ctx.db;
  const locationRow = (code: string) =>
    db().selectFrom('bin_location').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  const itemsToCount = async (code: string) => {
    const location = await locationRow(code);
    const rows = await db()
      .selectFrom('bin_location_count_item as c')
      .innerJoin('item as i', 'i.id', 'c.item_id')
      .select('i.code')
      .where('c.bin_location_id', '=', location.id)
      .orderBy('i.code')
      .execute();
    return rows.map((r) => r.code);
  };
  const counterRow = async () =>
    (
      await db()
        .selectFrom('notification_counter')
        .select('count')
        .where('path', '=', '/wall_to_wall')
        .where('user_id', '=', 0)
        .executeTakeFirst()
    )?.count;
  const locationsToCount = async () =>
    Number(
      (
        await db()
          .selectFrom('bin_location')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('requires_counting', '<>', 'NO')
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Puts the location into a state directly (with an item list for PARTIAL). */
  const arrange = async (code: string, state: CountingState) => {
    const location = await locationRow(code);
    await db().updateTable('bin_location').set({ requires_counting: state }).where('id', '=', location.id).execute();
    await db().deleteFrom('bin_location_count_item').where('bin_location_id', '=', location.id).execute();
    if (state === 'PARTIAL') {
      const item = await makeItem(db());
      await db()
        .insertInto('bin_location_count_item')
        .values({ bin_location_id: location.id, item_id: item.id })
        .execute();
    }
  };
  /** A location of its own (no counting requested). */
  const newLocation = async (input: Parameters<typeof makeBinLocation>[1] = {}) =>
    (await makeBinLocation(db(), input)).code;
  const setCounting = (code: string, body: unknown) => counter.post(`/api/v1/bin_location/${code}/set_counting`, body);

  beforeAll(async () => {
    t = await buildLiveTestApp();
    const admin = await t.httpClientFor('admin');
    counter = await signedInUserWithRoles(admin, 'counter1', ['informationAuthSetCountingState']);
  });
  afterAll(async () => t.close());

  it('knows exactly the allowed counting transitions', () => {
    for (const [from, to, ok] of transitions) expect(isAllowedCountingTransition(from, to), `${from}->${to}`).toBe(ok);
  });

  it('sets the /wall_to_wall counter from the locations when the app starts', async () => {
    // A fresh app of its own: the demo data has five locations to count (01-COUNT-01, 01-A01-02
    // and the counting demo data's 01-CNT-01..03).
    const fresh = await buildTestApp();
    try {
      const row = await fresh.app.ctx.db
        .selectFrom('notification_counter')
        .select('count')
        .where('path', '=', '/wall_to_wall')
        .where('user_id', '=', 0)
        .executeTakeFirst();
      expect(row?.count).toBe(5);
      const toCount = await fresh.app.ctx.db
        .selectFrom('bin_location')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('requires_counting', '<>', 'NO')
        .executeTakeFirstOrThrow();
      expect(Number(toCount.n)).toBe(5);
    } finally {
      await fresh.close();
    }
  });

  it.each(transitions)('%s -> %s: allowed %s', async (from, to, ok) => {
    const code = await newLocation({ locationType: 'PICK' });
    const [item, serialItem] = [await makeItem(db()), await makeItem(db(), { managedBy: 'SERIAL_NUMBER' })];
    await arrange(code, from);
    const before = await locationRow(code);
    const beforeItems = await itemsToCount(code);
    const answer = await setCounting(code, {
      countingState: to,
      itemsToCount: [item.code.toLowerCase(), item.code, serialItem.code],
    });
    if (ok) {
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ code, requiresCounting: to, version: before.version + 1 });
      expect(await itemsToCount(code)).toEqual(to === 'PARTIAL' ? [item.code, serialItem.code] : []);
      expect(await counterRow()).toBe(await locationsToCount());
    } else {
      expect(errorOf(answer)).toEqual({ status: 422, key: 'invalidCountingStateTransition', args: { from, to } });
      expect(await locationRow(code)).toEqual(before);
      expect(await itemsToCount(code)).toEqual(beforeItems);
    }
  });

  it('answers the items to count after a partial request; marking counted clears them', async () => {
    const code = await newLocation({ physicalLocationType: 'DIV' });
    const [first, second] = [await makeItem(db(), { managedBy: 'BATCH_NUMBER' }), await makeItem(db())];
    const liquid = await makeItem(db(), { name: 'Hydraulic oil HLP 46', units: 'ml' });
    await setCounting(code, { countingState: 'PARTIAL', itemsToCount: [second.code, first.code.toLowerCase()] });
    const items = await counter.get(`/api/v1/bin_location/${code}/counting/items`);
    expect(items.json.map((i: { code: string }) => i.code)).toEqual([first.code, second.code]);
    await setCounting(code, { countingState: 'PARTIAL', itemsToCount: [liquid.code] });
    expect((await counter.get(`/api/v1/bin_location/${code}/counting/items`)).json).toEqual([
      { code: liquid.code, visualCode: liquid.code, name: 'Hydraulic oil HLP 46' },
    ]);
    await setCounting(code, { countingState: 'NO' });
    expect((await counter.get(`/api/v1/bin_location/${code}/counting/items`)).json).toEqual([]);
  });

  it('refuses an unknown item (404 unknownItemForCode) and bad input (400); nothing changes', async () => {
    const code = await newLocation({ physicalLocationType: 'DIV' });
    const item = await makeItem(db());
    const before = await locationRow(code);
    const counted = await counterRow();
    expect(errorOf(await setCounting(code, { countingState: 'PARTIAL', itemsToCount: [item.code, 'NOPE-7'] }))).toEqual(
      { status: 404, key: 'unknownItemForCode', args: { code: 'NOPE-7' } },
    );
    for (const body of [
      {},
      { countingState: 'MAYBE' },
      { countingState: 'PARTIAL' },
      { countingState: 'PARTIAL', itemsToCount: [] },
      { countingState: 'PARTIAL', itemsToCount: [''] },
      { countingState: 'YES', itemsToCount: item.code },
    ]) {
      expect(errorOf(await setCounting(code, body))).toMatchObject({ status: 400, key: 'invalidInput' });
    }
    expect(errorOf(await setCounting('NOPE', { countingState: 'YES' }))).toEqual({
      status: 404,
      key: 'unknownLocation',
      args: { code: 'NOPE' },
    });
    expect(await locationRow(code)).toEqual(before);
    expect(await itemsToCount(code)).toEqual([]);
    expect(await counterRow()).toBe(counted);
  });

  it('pushes the /wall_to_wall counter and the location change live', async () => {
    const code = await newLocation({ locationType: 'PICK' });
    // Other tests may have requested counts: the counter is re-sent as the server holds it, and
    // every request sets it to the number of locations to count.
    const held = await counterRow();
    const start = await locationsToCount();
    const { cookie } = await t.cookieFor('operator');
    const listener = await new TestStompClient(t.wsUrl, { version: t.version, cookie }).connect();
    try {
      await listener.subscribed(counterDestination);
      await listener.subscribed(topics.binLocations());
      const [first] = await listener.waitForMessages(1, counterDestination);
      expect(first).toMatchObject({
        what: 'NOTIFICATION_COUNTERS',
        payload: { counters: { '/wall_to_wall': held } },
      });

      expect((await setCounting(code, { countingState: 'YES' })).status).toBe(200);
      const afterRequest = await listener.waitForMessages(2, counterDestination);
      expect(afterRequest[1]).toEqual({
        what: 'NOTIFICATION_COUNTERS',
        payload: { counters: { '/wall_to_wall': start + 1 } },
      });
      await listener.waitForMessages(1, topics.binLocations());
      expect(listener.messages(topics.binLocations())).toEqual([
        { what: 'BIN_LOCATION_CHANGED', payload: { codes: [code] } },
      ]);

      expect((await setCounting(code, { countingState: 'NO' })).status).toBe(200);
      const afterCounted = await listener.waitForMessages(3, counterDestination);
      expect(afterCounted[2]).toEqual({
        what: 'NOTIFICATION_COUNTERS',
        payload: { counters: { '/wall_to_wall': start } },
      });
    } finally {
      await listener.close();
    }
  });

  it('lets one of two concurrent identical requests win; the counter stays right', async () => {
    const code = await newLocation({ locationType: 'PICK', physicalLocationType: 'SINGLE_ITEM_LOCATION' });
    const toCount = await locationsToCount();
    const answers = await Promise.all([
      setCounting(code, { countingState: 'YES' }),
      setCounting(code, { countingState: 'YES' }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    expect([412, 422]).toContain(statuses[1]);
    expect((await locationRow(code)).version).toBe(2);
    expect(await counterRow()).toBe(toCount + 1);
    expect(await counterRow()).toBe(await locationsToCount());
  });
});
