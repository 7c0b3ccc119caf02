import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterDestination, countingStates, topics, type CountingState } from '@wms/contract';
import { buildLiveTestApp, TestStompClient, type LiveTestApp } from '../../live/live.test-helper.js';
import type { HttpClient } from '../../../test/http-client.js';
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
      const item = await db().selectFrom('item').select('id').where('code', '=', 'ITEM-002').executeTakeFirstOrThrow();
      await db()
        .insertInto('bin_location_count_item')
        .values({ bin_location_id: location.id, item_id: item.id })
        .execute();
    }
  };
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
    expect(await counterRow()).toBe(2);
    expect(await locationsToCount()).toBe(2);
  });

  it.each(transitions)('%s -> %s: allowed %s', async (from, to, ok) => {
    const code = '01-P01-02';
    await arrange(code, from);
    const before = await locationRow(code);
    const beforeItems = await itemsToCount(code);
    const answer = await setCounting(code, { countingState: to, itemsToCount: ['item-001', 'ITEM-001', 'SERIAL-001'] });
    if (ok) {
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ code, requiresCounting: to, version: before.version + 1 });
      expect(await itemsToCount(code)).toEqual(to === 'PARTIAL' ? ['ITEM-001', 'SERIAL-001'] : []);
      expect(await counterRow()).toBe(await locationsToCount());
    } else {
      expect(errorOf(answer)).toEqual({ status: 422, key: 'invalidCountingStateTransition', args: { from, to } });
      expect(await locationRow(code)).toEqual(before);
      expect(await itemsToCount(code)).toEqual(beforeItems);
    }
    await arrange(code, 'NO');
  });

  it('answers the items to count after a partial request; marking counted clears them', async () => {
    await setCounting('01-DIV-01', { countingState: 'PARTIAL', itemsToCount: ['ITEM-002', 'batch-001'] });
    const items = await counter.get('/api/v1/bin_location/01-DIV-01/counting/items');
    expect(items.json.map((i: { code: string }) => i.code)).toEqual(['BATCH-001', 'ITEM-002']);
    await setCounting('01-DIV-01', { countingState: 'PARTIAL', itemsToCount: ['LIQUID-001'] });
    expect((await counter.get('/api/v1/bin_location/01-DIV-01/counting/items')).json).toEqual([
      { code: 'LIQUID-001', visualCode: 'LIQUID-001', name: 'Hydraulic oil HLP 46' },
    ]);
    await setCounting('01-DIV-01', { countingState: 'NO' });
    expect((await counter.get('/api/v1/bin_location/01-DIV-01/counting/items')).json).toEqual([]);
  });

  it('refuses an unknown item (404 unknownItemForCode) and bad input (400); nothing changes', async () => {
    const before = await locationRow('01-DIV-01');
    const counted = await counterRow();
    expect(
      errorOf(await setCounting('01-DIV-01', { countingState: 'PARTIAL', itemsToCount: ['ITEM-001', 'NOPE-7'] })),
    ).toEqual({ status: 404, key: 'unknownItemForCode', args: { code: 'NOPE-7' } });
    for (const body of [
      {},
      { countingState: 'MAYBE' },
      { countingState: 'PARTIAL' },
      { countingState: 'PARTIAL', itemsToCount: [] },
      { countingState: 'PARTIAL', itemsToCount: [''] },
      { countingState: 'YES', itemsToCount: 'ITEM-001' },
    ]) {
      expect(errorOf(await setCounting('01-DIV-01', body))).toMatchObject({ status: 400, key: 'invalidInput' });
    }
    expect(errorOf(await setCounting('NOPE', { countingState: 'YES' }))).toEqual({
      status: 404,
      key: 'unknownLocation',
      args: { code: 'NOPE' },
    });
    expect(await locationRow('01-DIV-01')).toEqual(before);
    expect(await itemsToCount('01-DIV-01')).toEqual([]);
    expect(await counterRow()).toBe(counted);
  });

  it('pushes the /wall_to_wall counter and the location change live', async () => {
    const { cookie } = await t.cookieFor('operator');
    const listener = await new TestStompClient(t.wsUrl, { version: t.version, cookie }).connect();
    try {
      await listener.subscribed(counterDestination);
      await listener.subscribed(topics.binLocations());
      const [first] = await listener.waitForMessages(1, counterDestination);
      expect(first).toMatchObject({ what: 'NOTIFICATION_COUNTERS', payload: { counters: { '/wall_to_wall': 2 } } });

      expect((await setCounting('02-P01-01', { countingState: 'YES' })).status).toBe(200);
      const afterRequest = await listener.waitForMessages(2, counterDestination);
      expect(afterRequest[1]).toEqual({ what: 'NOTIFICATION_COUNTERS', payload: { counters: { '/wall_to_wall': 3 } } });
      await listener.waitForMessages(1, topics.binLocations());
      expect(listener.messages(topics.binLocations())).toEqual([
        { what: 'BIN_LOCATION_CHANGED', payload: { codes: ['02-P01-01'] } },
      ]);

      expect((await setCounting('02-P01-01', { countingState: 'NO' })).status).toBe(200);
      const afterCounted = await listener.waitForMessages(3, counterDestination);
      expect(afterCounted[2]).toEqual({ what: 'NOTIFICATION_COUNTERS', payload: { counters: { '/wall_to_wall': 2 } } });
    } finally {
      await listener.close();
    }
  });

  it('lets one of two concurrent identical requests win; the counter stays right', async () => {
    const answers = await Promise.all([
      setCounting('01-SINGLE-01', { countingState: 'YES' }),
      setCounting('01-SINGLE-01', { countingState: 'YES' }),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    expect([412, 422]).toContain(statuses[1]);
    expect((await locationRow('01-SINGLE-01')).version).toBe(2);
    expect(await counterRow()).toBe(3);
    expect(await counterRow()).toBe(await locationsToCount());
  });
});
