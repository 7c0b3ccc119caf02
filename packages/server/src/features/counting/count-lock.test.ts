import type { CountHistoryAnswer, CountRequestsAnswer } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBinLocation, makeItem, makeStock } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { isoIn } from '../../util/time.js';
import { transferLines } from '../stock-transfer/stock-transfer.test-helper.js';
import {
  clientWith,
  countingStateOf,
  expectCountInvariants,
  flaggedLocation,
  ok,
  saveCall,
  setExtensionOn,
  startCall,
  w2w,
} from './counting.test-helper.js';

/** The location count lock, access and the count history (PROCESSES.md 4.1; decision 0189). */
describe('count lock, access and history', () => {
  let t: TestApp;
  let db: Db;
  let counter: HttpClient;
  let counter2: HttpClient;
  let mover: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    counter = await clientWith(t, ['counting']);
    counter2 = await clientWith(t, ['counting']);
    mover = await clientWith(t, ['stockTransfer']);
  });
  afterAll(async () => t.close());

  it('refuses moves from and to a locked location, not elsewhere, and ignores an expired lock', async () => {
    const item = await makeItem(db);
    const locked = await flaggedLocation(t, 'YES');
    const [other, third] = [await makeBinLocation(db), await makeBinLocation(db)];
    await makeStock(db, { item, location: locked, onHand: 5 });
    await makeStock(db, { item, location: other, onHand: 5 });
    ok(await startCall(counter, locked.code));

    const from = (location: string) => [{ fromLocation: location, item: item.code, quantity: 1 }];
    const refused = { status: 422, key: 'locationIsBeingCounted', args: { location: locked.code } };
    expect(errorOf(await transferLines(mover, from(locked.code), other.code))).toEqual(refused);
    expect(errorOf(await transferLines(mover, from(other.code), locked.code))).toEqual(refused);
    ok(await transferLines(mover, from(other.code), third.code));
    // Another counter cannot take the location meanwhile.
    expect(errorOf(await startCall(counter2, locked.code))).toMatchObject({ status: 409, key: 'claimedByOtherUser' });
    const requests = ok(await counter2.get(`${w2w}/requests`)).json as CountRequestsAnswer;
    expect(requests.locations.find((l) => l.code === locked.code)?.lockedBy).toEqual(expect.any(String));

    await db
      .updateTable('location_count_lock')
      .set({ expires_at: isoIn(-1_000) })
      .where('bin_location_id', '=', locked.id)
      .execute();
    ok(await transferLines(mover, from(locked.code), other.code));
    // The expired lock is taken over by the next counter.
    ok(await startCall(counter2, locked.code));
    ok(await saveCall(counter2, { location: locked.code, lines: [{ item: item.code, quantity: 4 }] }));
    await expectCountInvariants(db, [item.id]);
  });

  it('releases a lock without saving', async () => {
    const location = await flaggedLocation(t, 'YES');
    ok(await startCall(counter, location.code));
    expect(ok(await counter.post(`${w2w}/${location.code}/release`, {})).json).toEqual({ released: true });
    ok(await startCall(counter2, location.code));
    expect(ok(await counter.post(`${w2w}/${location.code}/release`, {})).json).toEqual({ released: false });
  });

  it('counts a location nobody asked for only with countingAuthCountUnrequested', async () => {
    const item = await makeItem(db);
    const location = await makeBinLocation(db);
    await makeStock(db, { item, location, onHand: 2 });
    const refused = { status: 422, key: 'locationNotFlaggedForCounting', args: { location: location.code } };
    expect(errorOf(await startCall(counter, location.code))).toEqual(refused);
    expect(errorOf(await saveCall(counter, { location: location.code, empty: true }))).toEqual(refused);
    expect(errorOf(await startCall(counter, 'NO-SUCH-LOCATION'))).toMatchObject({
      status: 404,
      key: 'unknownLocation',
    });
    const trusted = await clientWith(t, ['countingAuthCountUnrequested']);
    ok(await startCall(trusted, location.code));
    ok(await saveCall(trusted, { location: location.code, lines: [{ item: item.code, quantity: 3 }] }));
    expect(await countingStateOf(db, location.id)).toEqual({ state: 'NO', items: [] });
    await expectCountInvariants(db, [item.id]);
  });

  it('answers 403 without the role counting, and while the extension wallToWall is off', async () => {
    const outsider = await clientWith(t, ['goodsReceipt', 'information']);
    const location = await flaggedLocation(t, 'YES');
    const calls = (client: HttpClient) => [
      client.get(`${w2w}/requests`),
      startCall(client, location.code),
      saveCall(client, { location: location.code, empty: true }),
    ];
    for (const answer of await Promise.all(calls(outsider))) expect(answer.status).toBe(403);
    await setExtensionOn(t, false);
    try {
      for (const answer of await Promise.all(calls(counter))) expect(answer.status).toBe(403);
    } finally {
      await setExtensionOn(t, true);
    }
    expect(await countingStateOf(db, location.id)).toMatchObject({ state: 'YES' });
  });

  it('keeps every saved count in the history of its location and item', async () => {
    const item = await makeItem(db);
    const location = await flaggedLocation(t, 'YES');
    await makeStock(db, { item, location, onHand: 6 });
    ok(
      await saveCall(counter, {
        location: location.code,
        lines: [{ item: item.code, quantity: 4 }],
        reason: 'DAMAGED',
      }),
    );
    const viewer = await clientWith(t, ['information']);
    const byLocation = ok(await viewer.get(`/api/v1/counting/history?location=${location.code}`))
      .json as CountHistoryAnswer;
    expect(byLocation).toMatchObject({ offset: 0, hasMore: false });
    expect(byLocation.rows).toEqual([
      expect.objectContaining({
        location: location.code,
        item: item.code,
        counted: 4,
        onHand: 6,
        difference: -2,
        posted: true,
        outcome: 'POSTED',
        reason: 'DAMAGED',
        source: 'WALL_TO_WALL',
      }),
    ]);
    const byItem = ok(await viewer.get(`/api/v1/counting/history?item=${item.code}&limit=1`))
      .json as CountHistoryAnswer;
    expect(byItem.rows).toEqual(byLocation.rows);
    expect((await counter.get(`/api/v1/counting/history?item=${item.code}`)).status).toBe(403);
  });
});
