import type { RecountFlushAnswer, RecountRequest, RecountRequestsAnswer, RecountReviewList } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeItem, makeStock } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import {
  countingStateOf,
  expectCountInvariants,
  flaggedLocation,
  ledgerOfKey,
  newKey,
  ok,
  setExtensionOn,
  setRecountThreshold,
} from '../counting/counting.test-helper.js';
import { claimList, listOf, shortCall } from '../pick-lists/pick-list-pick.test-helper.js';
import { newPickKey, pickClient, pickScene } from '../pick-lists/pick-lists.test-helper.js';
import {
  rc,
  recount,
  requestIn,
  statusOf,
  thresholdRecount,
  userWith,
  type TestUser,
} from './recounting.test-helper.js';

/** The manager's review, manual requests and short picks of recounting (PROCESSES.md 4.4; decision 0191). */
describe('recount review and sources', () => {
  let t: TestApp;
  let db: Db;
  let first: TestUser;
  let second: TestUser;
  let manager: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    await setExtensionOn(t, true);
    await setRecountThreshold(t, { mode: 'ABSOLUTE', value: 0 });
    first = await userWith(t, ['counting']);
    second = await userWith(t, ['recounting']);
    manager = await userWith(t, ['recountingAuthReview']);
  });
  afterAll(async () => t.close());

  it('sends a recount that agrees with nobody to review, where the manager posts a value under own name', async () => {
    const { item, location, code } = await thresholdRecount(t, first.client, 10, 7);
    const flushed = ok(await recount(second.client, code, location.code, item.code, 8)).json as RecountFlushAnswer;
    expect(flushed).toMatchObject({ status: 'REVIEW', outcome: 'REVIEW', adjustedLines: 0 });
    expect(await ledgerOfKey(db, `rc:${code}:${location.code}:1`)).toEqual([]);
    expect(await countingStateOf(db, location.id)).toMatchObject({ state: 'YES' });

    // Not blind for the manager: first count, recount and onHand.
    const reviews = ok(await manager.client.get(`${rc}/review`)).json as RecountReviewList;
    expect(reviews.requests.find((r) => r.code === code)).toEqual({
      code,
      version: expect.any(Number) as number,
      source: 'THRESHOLD',
      firstCounter: first.username,
      recounter: second.username,
      comment: null,
      lines: [
        {
          location: location.code,
          item: item.code,
          itemName: item.name,
          batch: null,
          serial: null,
          firstCount: 7,
          recount: 8,
          onHand: 10,
        },
      ],
    });
    // A recounter without the authorisation may neither see nor decide it.
    expect((await second.client.get(`${rc}/review`)).status).toBe(403);
    const body = {
      idempotencyKey: newKey('review'),
      lines: [{ location: location.code, item: item.code, quantity: 9 }],
      comment: 'checked the shelf behind',
    };
    expect((await second.client.post(`${rc}/review/${code}`, body)).status).toBe(403);
    expect(
      errorOf(
        await manager.client.post(`${rc}/review/${code}`, {
          ...body,
          idempotencyKey: newKey('review'),
          lines: [{ location: location.code, item: 'NOPE', quantity: 1 }],
        }),
      ),
    ).toEqual({ status: 422, key: 'itemNotInCountRequest', args: { item: 'NOPE', location: location.code } });
    expect(await statusOf(db, code)).toBe('REVIEW');

    const posted = ok(await manager.client.post(`${rc}/review/${code}`, body)).json as RecountFlushAnswer;
    expect(posted).toEqual({ document: code, status: 'FLUSHED', outcome: 'POSTED', adjustedLines: 1, replayed: false });
    expect(await ledgerOfKey(db, `rc:${code}:${location.code}:2`)).toEqual([
      expect.objectContaining({ transaction_type: 'COUNT_ADJUSTMENT', quantity: -1_000, username: manager.username }),
    ]);
    // A replay posts nothing again.
    expect((ok(await manager.client.post(`${rc}/review/${code}`, body)).json as RecountFlushAnswer).replayed).toBe(
      true,
    );
    expect(await ledgerOfKey(db, `rc:${code}:${location.code}:2`)).toHaveLength(1);
    const result = await db
      .selectFrom('recount_result as r')
      .innerJoin('document as d', 'd.id', 'r.document_id')
      .select(['r.outcome', 'r.recounter', 'r.reviewer', 'r.review_comment'])
      .where('d.code', '=', code)
      .executeTakeFirstOrThrow();
    expect(result).toEqual({
      outcome: 'POSTED',
      recounter: second.username,
      reviewer: manager.username,
      review_comment: 'checked the shelf behind',
    });
    expect(await countingStateOf(db, location.id)).toEqual({ state: 'NO', items: [] });
    await expectCountInvariants(db, [item.id]);
  });

  it('refuses a review that leaves a line out, changing nothing', async () => {
    const [a, b] = [await makeItem(db), await makeItem(db)];
    const location = await flaggedLocation(t, 'NO');
    await makeStock(db, { item: a, location, onHand: 4 });
    await makeStock(db, { item: b, location, onHand: 2 });
    const made = ok(await manager.client.post(`${rc}/request`, { location: location.code, items: [a.code, b.code] }))
      .json as RecountRequest;
    ok(await second.client.post(`${rc}/claim/${made.code}`, {}));
    ok(
      await second.client.post(`${rc}/save`, {
        idempotencyKey: newKey('rc'),
        document: made.code,
        location: location.code,
        lines: [
          { item: a.code, quantity: 3 },
          { item: b.code, quantity: 2 },
        ],
      }),
    );
    const flushed = ok(await second.client.post(`${rc}/flush`, { idempotencyKey: newKey('rcf'), document: made.code }));
    expect((flushed.json as RecountFlushAnswer).outcome).toBe('REVIEW');
    const answer = await manager.client.post(`${rc}/review/${made.code}`, {
      idempotencyKey: newKey('review'),
      lines: [{ location: location.code, item: a.code, quantity: 3 }],
      comment: 'a only',
    });
    expect(errorOf(answer)).toEqual({
      status: 422,
      key: 'recountReviewIncomplete',
      args: { location: location.code, item: b.code },
    });
    expect(await statusOf(db, made.code)).toBe('REVIEW');
    expect(await ledgerOfKey(db, `rc:${made.code}:${location.code}:2`)).toEqual([]);
    await expectCountInvariants(db, [a.id, b.id]);
  });

  it('takes a manual request from the manager only, with its comment, recounted blind', async () => {
    const item = await makeItem(db);
    const location = await flaggedLocation(t, 'NO');
    await makeStock(db, { item, location, onHand: 6 });
    const body = { location: location.code, items: [item.code], comment: 'customer complaint' };
    expect((await second.client.post(`${rc}/request`, body)).status).toBe(403);
    const made = ok(await manager.client.post(`${rc}/request`, body)).json as RecountRequest;
    expect(made).toMatchObject({
      status: 'OPEN',
      source: 'MANUAL',
      firstCounter: null,
      comment: 'customer complaint',
      locations: [{ code: location.code, items: [{ code: item.code }] }],
    });
    expect(errorOf(await manager.client.post(`${rc}/request`, { ...body, items: ['NOPE'] }))).toMatchObject({
      status: 404,
      key: 'unknownItemForCode',
    });
    const list = ok(await second.client.get(`${rc}/requests`)).json as RecountRequestsAnswer;
    expect(requestIn(list, made.code)?.source).toBe('MANUAL');
    // Without a first count the recount agrees only with the system; anything else is reviewed.
    const flushed = ok(await recount(second.client, made.code, location.code, item.code, 6)).json as RecountFlushAnswer;
    expect(flushed).toMatchObject({ status: 'FLUSHED', outcome: 'FIRST_COUNT_WRONG', adjustedLines: 0 });
    await expectCountInvariants(db, [item.id]);
  });

  it('raises a recount from a short pick when counting.recountOnShortPick is on; the picker may not recount it', async () => {
    const { version, settings } = await t.app.ctx.settings.get();
    await t.app.ctx.settings.update(version, { counting: { ...settings.counting, recountOnShortPick: true } });
    try {
      const s = await pickScene(db);
      const generator = await pickClient(t, ['picklistGenerator']);
      const picker = await pickClient(t, ['picking', 'recounting']);
      const made = await listOf(db, generator.client, s, [{ item: s.normalItem, quantity: 3 }]);
      await claimList(picker.client, made.code);
      const body = { lineNumber: 0, fromLocation: s.face.code, reason: 'STOCKOUT', idempotencyKey: newPickKey() };
      ok(await shortCall(picker.client, made.code, body));
      const list = ok(await second.client.get(`${rc}/requests`)).json as RecountRequestsAnswer;
      const raised = list.requests.find((r) => r.source === 'SHORT_PICK' && r.locations[0]?.code === s.face.code);
      expect(raised).toMatchObject({
        firstCounter: picker.user.username,
        locations: [{ items: [{ code: s.normalItem.code }] }],
      });
      const code = (raised as RecountRequest).code;
      expect(errorOf(await picker.client.post(`${rc}/claim/${code}`, {}))).toMatchObject({
        status: 422,
        key: 'recountMustBeOtherUser',
      });
      // The picker found none of the 3 of 5: the recounter finds 2 as well, which is posted.
      const flushed = ok(await recount(second.client, code, s.face.code, s.normalItem.code, 2))
        .json as RecountFlushAnswer;
      expect(flushed).toMatchObject({ status: 'FLUSHED', outcome: 'POSTED', adjustedLines: 1 });
      expect(await ledgerOfKey(db, `rc:${code}:${s.face.code}:1`)).toEqual([
        expect.objectContaining({ quantity: -3_000, username: second.username }),
      ]);
      await expectCountInvariants(db, [s.normalItem.id]);
    } finally {
      const current = await t.app.ctx.settings.get();
      await t.app.ctx.settings.update(current.version, {
        counting: { ...current.settings.counting, recountOnShortPick: false },
      });
    }
  });
});
