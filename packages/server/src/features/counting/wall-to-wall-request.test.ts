import {
  codeKey,
  wallToWallRequestMax,
  type WallToWallRequestAnswer,
  type WallToWallRequestPreviewAnswer,
  type WallToWallRequestRequest,
} from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBinLocation, makeItem, makeStock, makeWarehouse, type Warehouse } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../util/time.js';
import { newBinLocationRow } from '../items/item-rows.js';
import { clientWith, counterOf, countingStateOf, insertCountRecord, newKey, ok, w2w } from './counting.test-helper.js';

/** /wall_to_wall/request on the server (PROCESSES.md 4.2; decision 0189 "The desktop request"). */
describe('wall to wall request (desktop)', () => {
  let t: TestApp;
  let db: Db;
  let manager: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    manager = await clientWith(t, ['informationAuthSetCountingState']);
  });
  afterAll(async () => t.close());

  const preview = (client: HttpClient, filter: WallToWallRequestRequest['filter']) =>
    client.post(`${w2w}/request/preview`, { filter });
  const request = (
    client: HttpClient,
    body: Omit<WallToWallRequestRequest, 'idempotencyKey'> & { idempotencyKey?: string },
  ) => client.post(`${w2w}/request`, { idempotencyKey: newKey('w2wreq'), ...body });
  const sampleOf = async (filter: WallToWallRequestRequest['filter']) =>
    (ok(await preview(manager, filter)).json as WallToWallRequestPreviewAnswer).sample;

  /** A warehouse of its own with locations named prefix-01.. (and their rows). */
  async function warehouseWith(
    count: number,
    input: (i: number) => Parameters<typeof makeBinLocation>[1] = () => ({}),
  ) {
    const warehouse = await makeWarehouse(db);
    const locations = [];
    for (let i = 1; i <= count; i++) {
      const code = `${warehouse.code}-L${String(i).padStart(2, '0')}`;
      locations.push(await makeBinLocation(db, { code, warehouse, ...input(i) }));
    }
    return { warehouse, locations };
  }
  const stateOf = async (id: number) => (await countingStateOf(db, id)).state;

  it('previews and flags a code range YES in one go, leaving YES as it is, once per key', async () => {
    const { warehouse, locations } = await warehouseWith(4, (i) => ({ countingSortingCode: `S${5 - i}` }));
    const [l1, l2, l3, l4] = locations;
    await db.updateTable('bin_location').set({ requires_counting: 'YES' }).where('id', '=', l2!.id).execute();
    const mobile = await makeBinLocation(db, { code: `${warehouse.code}-L02M`, warehouse, locationType: 'MOBILE' });
    const filter = { warehouse: warehouse.code.toLowerCase(), codeFrom: l2!.code, codeTo: l3!.code };

    const shown = ok(await preview(manager, filter)).json as WallToWallRequestPreviewAnswer;
    // The counting walk (countingSortingCode first); the MOBILE location in the range is never selected.
    expect(shown).toEqual({ count: 2, alreadyFlagged: 1, sample: [l3!.code, l2!.code], max: wallToWallRequestMax });

    const key = newKey('w2wreq');
    const answer = ok(await request(manager, { idempotencyKey: key, filter, state: 'YES' })).json;
    expect(answer).toEqual({ updated: 1, alreadyFlagged: 1, replayed: false });
    expect([await stateOf(l1!.id), await stateOf(l2!.id), await stateOf(l3!.id), await stateOf(l4!.id)]).toEqual([
      'NO',
      'YES',
      'YES',
      'NO',
    ]);
    expect(await stateOf(mobile.id)).toBe('NO');
    // The /wall_to_wall counter is the locations to count after the commit.
    const toCount = await db
      .selectFrom('bin_location')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('requires_counting', '<>', 'NO')
      .executeTakeFirstOrThrow();
    expect(await counterOf(db)).toBe(Number(toCount.n));

    // A replay answers the first answer and changes nothing.
    await db.updateTable('bin_location').set({ requires_counting: 'NO' }).where('id', '=', l3!.id).execute();
    const replay = ok(await request(manager, { idempotencyKey: key, filter, state: 'YES' })).json;
    expect(replay).toEqual({ updated: 1, alreadyFlagged: 1, replayed: true });
    expect(await stateOf(l3!.id)).toBe('NO');
  });

  it('flags PARTIAL with items, replaces a PARTIAL list, leaves YES as it is', async () => {
    const { warehouse, locations } = await warehouseWith(3);
    const [l1, l2, l3] = locations;
    const [a, b] = [await makeItem(db), await makeItem(db)];
    await db.updateTable('bin_location').set({ requires_counting: 'PARTIAL' }).where('id', '=', l2!.id).execute();
    await db.insertInto('bin_location_count_item').values({ bin_location_id: l2!.id, item_id: a.id }).execute();
    await db.updateTable('bin_location').set({ requires_counting: 'YES' }).where('id', '=', l3!.id).execute();

    const answer = ok(
      await request(manager, {
        filter: { warehouse: warehouse.code },
        state: 'PARTIAL',
        items: [b.code.toLowerCase(), a.code],
      }),
    ).json as WallToWallRequestAnswer;
    expect(answer).toEqual({ updated: 2, alreadyFlagged: 1, replayed: false });
    const sorted = [a.id, b.id].sort();
    expect(await countingStateOf(db, l1!.id)).toEqual({ state: 'PARTIAL', items: expect.arrayContaining(sorted) });
    expect((await countingStateOf(db, l1!.id)).items).toHaveLength(2);
    expect((await countingStateOf(db, l2!.id)).items.sort()).toEqual(sorted);
    expect(await countingStateOf(db, l3!.id)).toEqual({ state: 'YES', items: [] });
  });

  it('selects by sortingCode prefix, zone, item held and days since the last count', async () => {
    const { warehouse, locations } = await warehouseWith(4, (i) => ({
      sortingCode: i <= 2 ? `Aisle-1-${i}` : `B-${i}`,
    }));
    const [l1, l2, l3, l4] = locations;
    await db
      .insertInto('bin_location_attribute')
      .values([
        { bin_location_id: l1!.id, name: 'zone', value: 'Cold' },
        { bin_location_id: l3!.id, name: 'Zone', value: 'cold' },
        { bin_location_id: l4!.id, name: 'zone', value: 'Ambient' },
      ])
      .execute();
    const item = await makeItem(db);
    await makeStock(db, { item, location: l2!, onHand: 4 });
    await makeStock(db, { item, location: l4!, onHand: 0 });
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    for (const [location, daysAgo] of [
      [l1!, 3],
      [l2!, 40],
    ] as const) {
      await insertCountRecord(db, location.id, at(daysAgo));
    }
    const w = warehouse.code;
    expect(await sampleOf({ warehouse: w, sortingCode: 'aisle-1' })).toEqual([l1!.code, l2!.code]);
    expect(await sampleOf({ warehouse: w, zone: 'COLD' })).toEqual([l1!.code, l3!.code]);
    expect(await sampleOf({ warehouse: w, holdingItem: item.code })).toEqual([l2!.code]);
    expect(await sampleOf({ warehouse: w, notCountedForDays: 30 })).toEqual([l2!.code, l3!.code, l4!.code]);
    expect(await sampleOf({ warehouse: w, notCountedForDays: 50 })).toEqual([l3!.code, l4!.code]);
    expect(await sampleOf({ warehouse: w, notCountedForDays: 2 })).toEqual([l1!.code, l2!.code, l3!.code, l4!.code]);
    expect(await sampleOf({ warehouse: w, zone: 'cold', notCountedForDays: 30 })).toEqual([l3!.code]);
  });

  it('refuses, changing nothing: no locations, too many, an unknown item or warehouse, bad input', async () => {
    const { warehouse, locations } = await warehouseWith(2);
    const w = warehouse.code;
    const none = await request(manager, { filter: { warehouse: w, codeFrom: 'ZZZ' }, state: 'YES' });
    expect(errorOf(none)).toEqual({ status: 422, key: 'noLocationsSelected', args: {} });

    const unknownItem = await request(manager, { filter: { warehouse: w }, state: 'PARTIAL', items: ['NOPE-W2W'] });
    expect(errorOf(unknownItem)).toMatchObject({ status: 404, key: 'unknownItemForCode', args: { code: 'NOPE-W2W' } });
    for (const l of locations) expect(await countingStateOf(db, l.id)).toEqual({ state: 'NO', items: [] });

    expect(errorOf(await preview(manager, { warehouse: 'NOPE-WH' }))).toMatchObject({
      status: 404,
      key: 'unknownWarehouse',
      args: { code: 'NOPE-WH' },
    });
    expect(errorOf(await preview(manager, { warehouse: w, holdingItem: 'NOPE-W2W' }))).toMatchObject({
      status: 404,
      key: 'unknownItemForCode',
    });
    for (const body of [
      { filter: { warehouse: w }, state: 'PARTIAL' },
      { filter: { warehouse: w }, state: 'YES', items: ['X'] },
      { filter: { warehouse: w }, state: 'NO' },
      { filter: {}, state: 'YES' },
      { filter: { warehouse: w, notCountedForDays: 0 }, state: 'YES' },
    ]) {
      expect((await manager.post(`${w2w}/request`, { idempotencyKey: newKey(), ...body })).status).toBe(400);
    }
  });

  it(`refuses more than ${wallToWallRequestMax} locations`, async () => {
    const warehouse: Warehouse = await makeWarehouse(db);
    const at = nowIso();
    const rows = Array.from({ length: wallToWallRequestMax + 1 }, (_, i) =>
      newBinLocationRow(
        {
          code: `${warehouse.code}-M${i}`,
          warehouseId: warehouse.id,
          locationType: 'BULK',
          physicalLocationType: 'NORMAL',
        },
        at,
      ),
    );
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('bin_location')
        .values(rows.slice(i, i + 200))
        .execute();
    const shown = ok(await preview(manager, { warehouse: warehouse.code })).json as WallToWallRequestPreviewAnswer;
    expect(shown.count).toBe(wallToWallRequestMax + 1);
    expect(shown.sample).toHaveLength(50);
    const tooMany = await request(manager, { filter: { warehouse: warehouse.code }, state: 'YES' });
    expect(errorOf(tooMany)).toEqual({
      status: 422,
      key: 'tooManyLocationsSelected',
      args: { max: wallToWallRequestMax },
    });
    const flagged = await db
      .selectFrom('bin_location')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('warehouse_id', '=', warehouse.id)
      .where('requires_counting', '<>', 'NO')
      .executeTakeFirstOrThrow();
    expect(Number(flagged.n)).toBe(0);
    // One fewer fits.
    const last = `${warehouse.code}-M${wallToWallRequestMax}`;
    await db.deleteFrom('bin_location').where('code_lower', '=', codeKey(last)).execute();
    const fits = ok(await request(manager, { filter: { warehouse: warehouse.code }, state: 'YES' })).json;
    expect(fits).toMatchObject({ updated: wallToWallRequestMax, alreadyFlagged: 0 });
  }, 120_000);

  it('is 403 without informationAuthSetCountingState (counting alone is not enough)', async () => {
    const { warehouse, locations } = await warehouseWith(1);
    const counter = await clientWith(t, ['counting']);
    expect(errorOf(await preview(counter, { warehouse: warehouse.code }))).toMatchObject({ status: 403 });
    expect(errorOf(await request(counter, { filter: { warehouse: warehouse.code }, state: 'YES' }))).toMatchObject({
      status: 403,
    });
    expect(await stateOf(locations[0]!.id)).toBe('NO');
  });
});
