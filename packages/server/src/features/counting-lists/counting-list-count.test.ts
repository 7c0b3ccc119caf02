import type { CountingListFlushAnswer, CountingListProgressAnswer, CountingListSaveAnswer } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { applyStockMovement } from '../stock/stock.service.js';
import {
  clientWith,
  countingStateOf,
  expectCountInvariants,
  ledgerOfKey,
  ok,
} from '../counting/counting.test-helper.js';
import {
  batch,
  countOf,
  createLists,
  flushCall,
  setOperationMode,
  startCall,
  stockedWarehouse,
} from './counting-lists.test-helper.js';

/** /wall_to_wall_batch on the server: rounds, freeze and flush (PROCESSES.md 4.3; decision 0192). */
describe('counting lists: counting and flush', () => {
  let t: TestApp;
  let db: Db;
  let creator: HttpClient;
  let manager: HttpClient;
  let a: HttpClient;
  let b: HttpClient;
  let c: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    await setOperationMode(t, 'WALL_TO_WALL_BATCHING_MODE');
    creator = await clientWith(t, ['countingListCreator']);
    manager = await clientWith(t, ['countingListCreatorAuthFlush']);
    a = await clientWith(t, ['counting']);
    b = await clientWith(t, ['counting']);
    c = await clientWith(t, ['counting']);
  });
  afterAll(async () => t.close());

  const saved = async (answer: Promise<{ status: number; text: string; json: unknown }>) =>
    ok(await answer).json as CountingListSaveAnswer;
  const progressOf = async (client: HttpClient, list: string) =>
    ok(await client.get(`${batch}/progress?list=${list}`)).json as CountingListProgressAnswer;
  /** A RECEIPT of one unit into the location, as any other app would post it. */
  const receiveInto = (itemId: number, binLocationId: number) =>
    db.transaction().execute((tx) =>
      applyStockMovement(tx, t.app.ctx, {
        type: 'RECEIPT',
        user: null,
        lines: [{ itemId, batchId: null, serialId: null, binLocationId, onHandDelta: 1_000, qcPendingDelta: 0 }],
      }),
    );
  const refusalOf = async (run: Promise<unknown>) => {
    try {
      await run;
      return null;
    } catch (error) {
      return error instanceof AppError ? { status: error.status, key: error.key, args: error.args } : error;
    }
  };

  it('DOUBLE_COUNTING_ALL with two users: the same user is refused count 2, two agreeing counts win, frozen until a flush that posts once', async () => {
    const { warehouse, item, locations } = await stockedWarehouse(t, [8]);
    const [location] = locations;
    if (!location) throw new Error('no location');
    const [list] = (await createLists(creator, warehouse.code, 'DOUBLE_COUNTING_ALL')).lists.map((l) => l.code);
    if (!list) throw new Error('no list');

    // Not started: not frozen, and not countable.
    expect(errorOf(await countOf(a, list, location.code, item.code, 10))).toMatchObject({
      status: 422,
      key: 'countingListNotInProgress',
    });
    const started = ok(await startCall(a, list));
    expect((started.json as CountingListProgressAnswer).list).toMatchObject({ status: 'IN_PROGRESS', round: 1 });
    expect(errorOf(await startCall(b, list))).toMatchObject({ status: 409, key: 'claimedByOtherUser' });
    // Frozen: a movement into the location is refused.
    expect(await refusalOf(receiveInto(item.id, location.id))).toEqual({
      status: 422,
      key: 'locationIsBeingCounted',
      args: { location: location.code },
    });

    expect(await saved(countOf(a, list, location.code, item.code, 10))).toMatchObject({
      round: 1,
      state: 'COUNTED_1',
      listStatus: 'SECOND_COUNT',
    });
    // Round 1 is done: its claim went. Count 2 by the same user is refused, at start and at save.
    expect(errorOf(await startCall(a, list))).toEqual({
      status: 422,
      key: 'secondCountMustBeOtherUser',
      args: { location: location.code },
    });
    ok(await startCall(b, list));
    expect(errorOf(await countOf(a, list, location.code, item.code, 10))).toMatchObject({
      status: 409,
      key: 'claimedByOtherUser',
    });
    // Blind: the progress carries no quantity.
    const progress = await progressOf(b, list);
    expect(progress.locations).toEqual([
      expect.objectContaining({ code: location.code, state: 'COUNTED_1', counts: 1, toCount: true }),
    ]);
    // (Codes and the timestamp left out: a generated code or a time may hold the digits 10.)
    const named = new Set(['code', 'visualCode', 'warehouse', 'countingSortingCode', 'createdAt', 'claimedBy']);
    const blind = JSON.stringify(progress, (key, value: unknown) => (named.has(key) ? '' : value));
    expect(blind).not.toMatch(/onHand|quantity|"8"|10/);

    // A draft: b first saves 9, then corrects it to 10 in the same round.
    expect(await saved(countOf(b, list, location.code, item.code, 9))).toMatchObject({ state: 'COUNTED_2' });
    expect(await saved(countOf(b, list, location.code, item.code, 10))).toMatchObject({
      round: 2,
      state: 'AGREED',
      listStatus: 'READY',
    });

    // Another counter cannot flush; the claimant can, once per key.
    expect(errorOf(await flushCall(a, list))).toMatchObject({ status: 409, key: 'claimedByOtherUser' });
    const key = 'flush-once-12345';
    const flushed = ok(await flushCall(b, list, undefined, key)).json as CountingListFlushAnswer;
    expect(flushed).toEqual({
      list,
      status: 'FLUSHED',
      postedLocations: 1,
      adjustedLines: 1,
      excludedLocations: [],
      replayed: false,
    });
    const replay = ok(await flushCall(b, list, undefined, key)).json as CountingListFlushAnswer;
    expect(replay).toMatchObject({ replayed: true, postedLocations: 1 });
    const movementKey = `cl:${list}:${location.code}:2`;
    expect(await ledgerOfKey(db, movementKey)).toEqual([
      expect.objectContaining({ transaction_type: 'COUNT_ADJUSTMENT', bin_location_id: location.id, quantity: 2_000 }),
    ]);
    const history = await db
      .selectFrom('location_count')
      .select(['source', 'document_code', 'round', 'outcome', 'username'])
      .where('bin_location_id', '=', location.id)
      .execute();
    expect(history).toEqual([
      expect.objectContaining({ source: 'COUNTING_LIST', document_code: list, round: 2, outcome: 'POSTED' }),
    ]);
    expect(await countingStateOf(db, location.id)).toEqual({ state: 'NO', items: [] });
    // Unfrozen: stock moves again.
    await receiveInto(item.id, location.id);
    await expectCountInvariants(db, [item.id]);
    expect(errorOf(await flushCall(b, list))).toMatchObject({ status: 422, key: 'countingListNotInProgress' });
  });

  it('DOUBLE_COUNTING_ALL with three users: the value two counts agree on wins; three different go to review, which blocks the flush until a manager excludes it', async () => {
    const { warehouse, item, locations } = await stockedWarehouse(t, [5, 5]);
    const [agreeing, differing] = locations.map((l) => l.code) as [string, string];
    const [list] = (await createLists(creator, warehouse.code, 'DOUBLE_COUNTING_ALL')).lists.map((l) => l.code);
    if (!list) throw new Error('no list');
    ok(await startCall(a, list));
    await saved(countOf(a, list, agreeing, item.code, 7));
    await saved(countOf(a, list, differing, item.code, 1));
    ok(await startCall(b, list));
    expect(await saved(countOf(b, list, agreeing, item.code, 6))).toMatchObject({ state: 'COUNTED_2' });
    expect(await saved(countOf(b, list, differing, item.code, 2))).toMatchObject({
      state: 'COUNTED_2',
      listStatus: 'SECOND_COUNT',
    });
    ok(await startCall(c, list));
    expect(await saved(countOf(c, list, agreeing, item.code, 6))).toMatchObject({ round: 3, state: 'AGREED' });
    expect(await saved(countOf(c, list, differing, item.code, 3))).toMatchObject({
      state: 'REVIEW',
      listStatus: 'READY',
    });

    expect(errorOf(await flushCall(c, list))).toEqual({
      status: 422,
      key: 'countingListIncomplete',
      args: { locations: [differing] },
    });
    // Only a manager excludes.
    expect((await flushCall(c, list, [differing])).status).toBe(403);
    const flushed = ok(await flushCall(manager, list, [differing])).json as CountingListFlushAnswer;
    expect(flushed).toMatchObject({ postedLocations: 1, adjustedLines: 1, excludedLocations: [differing] });
    expect(await ledgerOfKey(db, `cl:${list}:${agreeing}:3`)).toEqual([
      expect.objectContaining({ transaction_type: 'COUNT_ADJUSTMENT', quantity: 1_000 }),
    ]);
    expect(await ledgerOfKey(db, `cl:${list}:${differing}:3`)).toEqual([]);
    const [agreeingId, differingId] = locations.map((l) => l.id) as [number, number];
    expect((await countingStateOf(db, agreeingId)).state).toBe('NO');
    expect((await countingStateOf(db, differingId)).state).toBe('YES');
    await expectCountInvariants(db, [item.id]);
  });

  it('DOUBLE_COUNTING_ONLY_WRONG recounts only the locations whose first count differs from the stock', async () => {
    const { warehouse, item, locations } = await stockedWarehouse(t, [4, 3]);
    const [matching, wrong] = locations.map((l) => l.code) as [string, string];
    const [list] = (await createLists(creator, warehouse.code, 'DOUBLE_COUNTING_ONLY_WRONG')).lists.map((l) => l.code);
    if (!list) throw new Error('no list');
    ok(await startCall(a, list));
    expect(await saved(countOf(a, list, matching, item.code, 4))).toMatchObject({ state: 'AGREED' });
    expect(await saved(countOf(a, list, wrong, item.code, 2))).toMatchObject({
      state: 'COUNTED_1',
      listStatus: 'SECOND_COUNT',
    });
    ok(await startCall(b, list));
    const progress = await progressOf(b, list);
    expect(progress.locations.map((l) => [l.code, l.toCount])).toEqual([
      [matching, false],
      [wrong, true],
    ]);
    expect(errorOf(await countOf(b, list, matching, item.code, 4))).toEqual({
      status: 422,
      key: 'locationAlreadyCountedInRound',
      args: { location: matching, list },
    });
    expect(await saved(countOf(b, list, wrong, item.code, 2))).toMatchObject({ state: 'AGREED', listStatus: 'READY' });
    ok(await flushCall(b, list));
    expect(await ledgerOfKey(db, `cl:${list}:${matching}:1`)).toEqual([]);
    expect(await ledgerOfKey(db, `cl:${list}:${wrong}:2`)).toEqual([
      expect.objectContaining({ transaction_type: 'COUNT_ADJUSTMENT', quantity: -1_000 }),
    ]);
    const outcomes = await db
      .selectFrom('location_count')
      .select('outcome')
      .where('document_code', '=', list)
      .orderBy('id')
      .execute();
    expect(outcomes.map((o) => o.outcome)).toEqual(['NO_DIFFERENCE', 'POSTED']);
    await expectCountInvariants(db, [item.id]);
  });

  it('SINGLE_COUNTING: the first count is final; a location not in the list is refused', async () => {
    const { warehouse, item, locations } = await stockedWarehouse(t, [2]);
    const other = await stockedWarehouse(t, [1]);
    const [location] = locations.map((l) => l.code) as [string];
    const [list] = (await createLists(creator, warehouse.code, 'SINGLE_COUNTING')).lists.map((l) => l.code);
    if (!list) throw new Error('no list');
    ok(await startCall(a, list));
    expect(errorOf(await countOf(a, list, other.locations[0]?.code ?? '', item.code, 1))).toMatchObject({
      status: 422,
      key: 'locationNotInCountingList',
    });
    expect(await saved(countOf(a, list, location, item.code, 0))).toMatchObject({
      state: 'AGREED',
      listStatus: 'READY',
    });
    ok(await flushCall(a, list));
    expect(await ledgerOfKey(db, `cl:${list}:${location}:1`)).toEqual([expect.objectContaining({ quantity: -2_000 })]);
    await expectCountInvariants(db, [item.id, other.item.id]);
  });
});

describe('counting lists: variance report and print', () => {
  let t: TestApp;
  let creator: HttpClient;
  let counter: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    await setOperationMode(t, 'WALL_TO_WALL_BATCHING_MODE');
    creator = await clientWith(t, ['countingListCreator']);
    counter = await clientWith(t, ['counting']);
  });
  afterAll(async () => t.close());

  it('values the differences per item with its average price, as JSON and XLSX; prints the list as a PDF', async () => {
    const { warehouse, item, locations } = await stockedWarehouse(t, [5, 2]);
    await t.app.ctx.db.updateTable('item').set({ avg_price: '2.50' }).where('id', '=', item.id).execute();
    const [list] = (await createLists(creator, warehouse.code, 'SINGLE_COUNTING')).lists.map((l) => l.code);
    if (!list) throw new Error('no list');
    const pdf = await creator.get(`/api/v1/counting_lists/${list}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    ok(await startCall(counter, list));
    for (const [location, quantity] of [
      [locations[0]?.code ?? '', 7],
      [locations[1]?.code ?? '', 1],
    ] as const) {
      ok(await countOf(counter, list, location, item.code, quantity));
    }
    const expected = { item: item.code, counted: 8, system: 7, difference: 1, value: 2.5 };
    const before = ok(await creator.get(`/api/v1/counting_lists/${list}/variance`)).json;
    expect(before).toMatchObject({ posted: false, rows: [expect.objectContaining(expected)], totalValue: 2.5 });
    ok(await flushCall(counter, list));
    const after = ok(await creator.get(`/api/v1/counting_lists/${list}/variance`)).json;
    expect(after).toMatchObject({ posted: true, status: 'FLUSHED', rows: [expect.objectContaining(expected)] });
    const xlsx = await creator.get(`/api/v1/counting_lists/${list}/variance.xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect((await counter.get(`/api/v1/counting_lists/${list}/variance`)).status).toBe(403);
  });
});
