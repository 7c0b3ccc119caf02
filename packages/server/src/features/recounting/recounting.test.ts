import type { RecountFlushAnswer, RecountRequest, RecountRequestsAnswer, RecountSaveAnswer } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import {
  counterOf,
  countingStateOf,
  expectCountInvariants,
  ledgerOfKey,
  newKey,
  ok,
  setExtensionOn,
  setRecountThreshold,
} from '../counting/counting.test-helper.js';
import {
  claimCall,
  flushCall,
  rc,
  recount,
  recountCounterOf,
  recountSave,
  requestIn,
  statusOf,
  thresholdRecount,
  userWith,
  type TestUser,
} from './recounting.test-helper.js';

/** /recounting on the server (PROCESSES.md 4.4; decision 0191): the three outcomes, blind, once. */
describe('recounting', () => {
  let t: TestApp;
  let db: Db;
  let first: TestUser;
  let second: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    await setExtensionOn(t, true);
    await setRecountThreshold(t, { mode: 'ABSOLUTE', value: 0 });
    first = await userWith(t, ['counting', 'recounting']);
    second = await userWith(t, ['recounting']);
  });
  afterAll(async () => t.close());

  it('posts the recount that equals the first count, once, under the recounter, blind until then', async () => {
    const counterBefore = (await recountCounterOf(db)) ?? 0;
    const { item, location, code } = await thresholdRecount(t, first.client, 10, 7);
    expect(await recountCounterOf(db)).toBe(counterBefore + 1);

    const list = ok(await second.client.get(`${rc}/requests`));
    expect(requestIn(list.json as RecountRequestsAnswer, code)).toMatchObject({
      status: 'OPEN',
      source: 'THRESHOLD',
      firstCounter: first.username,
      claimedBy: null,
      locations: [{ code: location.code, items: [{ code: item.code, batch: null, serial: null }], saved: false }],
    });
    // Blind: neither the first count nor the stock is in what the recounter sees.
    const document = ok(await second.client.get(`${rc}/document/${code}`));
    expect(document.text).not.toMatch(/"(firstCount|onHand|quantity|counted)"/);
    // The only number in it is the version.
    expect(document.text.match(/":\s*-?\d+/g)).toEqual(['":1']);

    ok(await claimCall(second.client, code));
    expect(await statusOf(db, code)).toBe('CLAIMED');
    expect(await recountCounterOf(db)).toBe(counterBefore);
    const saved = ok(await recountSave(second.client, code, location.code, [{ item: item.code, quantity: 7 }]));
    expect(saved.json as RecountSaveAnswer).toMatchObject({ status: 'COUNTED', locationsLeft: [], replayed: false });

    const key = newKey('flush');
    const flaggedBefore = (await counterOf(db)) ?? 0;
    const flushed = ok(await flushCall(second.client, code, key)).json as RecountFlushAnswer;
    expect(flushed).toEqual({
      document: code,
      status: 'FLUSHED',
      outcome: 'POSTED',
      adjustedLines: 1,
      replayed: false,
    });
    const movementKey = `rc:${code}:${location.code}:1`;
    expect(await ledgerOfKey(db, movementKey)).toEqual([
      expect.objectContaining({ transaction_type: 'COUNT_ADJUSTMENT', quantity: -3_000, username: second.username }),
    ]);
    expect(await countingStateOf(db, location.id)).toEqual({ state: 'NO', items: [] });
    // The location is counted: the /wall_to_wall counter no longer counts it.
    expect(await counterOf(db)).toBe(flaggedBefore - 1);
    const history = await db
      .selectFrom('location_count')
      .select(['source', 'outcome', 'username', 'document_code'])
      .where('bin_location_id', '=', location.id)
      .where('source', '=', 'RECOUNT')
      .execute();
    expect(history).toEqual([{ source: 'RECOUNT', outcome: 'POSTED', username: second.username, document_code: code }]);
    const locks = db.selectFrom('location_count_lock').selectAll().where('bin_location_id', '=', location.id);
    expect(await locks.execute()).toEqual([]);

    // A replayed flush answers the first answer and posts nothing again; a new flush is refused.
    const replay = ok(await flushCall(second.client, code, key)).json as RecountFlushAnswer;
    expect(replay).toEqual({ ...flushed, replayed: true });
    expect(await ledgerOfKey(db, movementKey)).toHaveLength(1);
    expect(errorOf(await flushCall(second.client, code))).toMatchObject({
      status: 422,
      key: 'invalidStatusTransition',
    });
    await expectCountInvariants(db, [item.id]);
  });

  it('records "first count wrong" and posts nothing when the recount equals the system', async () => {
    const { item, location, code } = await thresholdRecount(t, first.client, 10, 4);
    const flushed = ok(await recount(second.client, code, location.code, item.code, 10)).json as RecountFlushAnswer;
    expect(flushed).toMatchObject({ status: 'FLUSHED', outcome: 'FIRST_COUNT_WRONG', adjustedLines: 0 });
    expect(await ledgerOfKey(db, `rc:${code}:${location.code}:1`)).toEqual([]);
    const history = await db
      .selectFrom('location_count')
      .select('outcome')
      .where('document_code', '=', code)
      .executeTakeFirstOrThrow();
    expect(history.outcome).toBe('FIRST_COUNT_WRONG');
    expect(await countingStateOf(db, location.id)).toEqual({ state: 'NO', items: [] });
    await expectCountInvariants(db, [item.id]);
  });

  it('refuses the first counter, changes nothing, and lets another user recount', async () => {
    const { item, location, code } = await thresholdRecount(t, first.client, 5, 2);
    expect(errorOf(await claimCall(first.client, code))).toEqual({
      status: 422,
      key: 'recountMustBeOtherUser',
      args: { username: first.username },
    });
    expect(await statusOf(db, code)).toBe('OPEN');
    const list = ok(await first.client.get(`${rc}/requests`)).json as RecountRequestsAnswer;
    expect(requestIn(list, code)).toMatchObject({ status: 'OPEN', claimedBy: null });
    // Another user's claim holds; the first counter cannot save into it either.
    ok(await claimCall(second.client, code));
    expect(
      errorOf(await recountSave(first.client, code, location.code, [{ item: item.code, quantity: 2 }])),
    ).toMatchObject({
      status: 409,
    });
    expect(await db.selectFrom('recount_line').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ username: first.username }),
    );
    await expectCountInvariants(db, [item.id]);
  });

  it('refuses a location or item not in the request, and a flush before the recount, changing nothing', async () => {
    const { item, location, code } = await thresholdRecount(t, first.client, 6, 3);
    const other = await thresholdRecount(t, first.client, 6, 3);
    ok(await claimCall(second.client, code));
    expect(errorOf(await flushCall(second.client, code))).toEqual({
      status: 422,
      key: 'recountNotSaved',
      args: { document: code, location: location.code },
    });
    expect(
      errorOf(await recountSave(second.client, code, other.location.code, [{ item: item.code, quantity: 1 }])),
    ).toEqual({
      status: 422,
      key: 'locationNotInRecountRequest',
      args: { location: other.location.code, document: code },
    });
    expect(
      errorOf(await recountSave(second.client, code, location.code, [{ item: other.item.code, quantity: 1 }])),
    ).toEqual({
      status: 422,
      key: 'itemNotInCountRequest',
      args: { item: other.item.code, location: location.code },
    });
    expect(await statusOf(db, code)).toBe('CLAIMED');
    expect(await db.selectFrom('recount_line').selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ bin_location_id: location.id }),
    );
  });

  it('answers 403 to a user without the role recounting', async () => {
    const stranger = await userWith(t, ['counting', 'information']);
    expect((await stranger.client.get(`${rc}/requests`)).status).toBe(403);
    expect((await claimCall(stranger.client, 'RC-000001')).status).toBe(403);
    expect((await flushCall(stranger.client, 'RC-000001')).status).toBe(403);
  });

  it('shows a claimed request with its claimant and which locations are saved', async () => {
    const { item, location, code } = await thresholdRecount(t, first.client, 3, 1);
    ok(await claimCall(second.client, code));
    ok(await recountSave(second.client, code, location.code, [{ item: item.code, quantity: 2 }]));
    const view = ok(await second.client.get(`${rc}/document/${code}`)).json as RecountRequest;
    expect(view).toMatchObject({ status: 'COUNTED', claimedBy: second.username, locations: [{ saved: true }] });
  });
});
