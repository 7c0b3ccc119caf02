import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBinLocation, makeItem, makeStock } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import { isValidSscc } from './shipping-container-codes.js';
import type { Db } from '../../db/database.js';
import { isoIn, nowIso } from '../../util/time.js';
import {
  bucketsAt,
  claimList,
  detailOf,
  expectChangeAsDetail,
  flushCall,
  ledgerRowsOf,
  lineOf,
  listOf,
  pickCall,
  shortCall,
} from './pick-list-pick.test-helper.js';
import {
  assertPickInvariants,
  newPickKey,
  pickClient,
  pickClients,
  pickListAt,
  pickListPath,
  pickScene,
  releasedOfOrder,
  type PickScene,
} from './pick-lists.test-helper.js';

/** The handheld's steps on a pick list (PROCESSES.md 3.3; decision 0183). Each test makes its own scene. */
describe('picking routes', () => {
  let t: TestApp;
  let db: Db;
  let generator: HttpClient;
  let picker: HttpClient;
  let picker2: HttpClient;
  let viewer: HttpClient;
  let outsider: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    const clients = await pickClients(t);
    generator = clients.generator.client;
    picker = clients.picker.client;
    viewer = clients.viewer.client;
    outsider = clients.outsider.client;
    picker2 = (await pickClient(t, ['picking'])).client;
  });
  afterAll(async () => t.close());

  /** A list of: 0 normal item 3 (face), 1 batch item 2 (early batch, bulk), 2 serial item 2 (face), claimed by the picker. */
  async function claimedList(s: PickScene, lines = [3, 2, 2]) {
    const made = await listOf(db, generator, s, [
      { item: s.normalItem, quantity: lines[0] ?? 3 },
      { item: s.batchItem, quantity: lines[1] ?? 2 },
      { item: s.serialItem, quantity: lines[2] ?? 2 },
    ]);
    await claimList(picker, made.code);
    return made;
  }

  const ok = <T extends { status: number; text: string }>(answer: T): T => {
    expect(answer.status, answer.text).toBe(200);
    return answer;
  };

  describe('pick', () => {
    it('picks a normal, a batch and a serial line: RELEASED -> PARTLY_PICKED -> PICKED, buckets balanced, flush', async () => {
      const s = await pickScene(db);
      const { code, orderId } = await claimedList(s);
      let list = await detailOf(picker, code);
      expect(list).toMatchObject({ status: 'RELEASED', claimedBy: expect.any(String), linesTotal: 3, linesPicked: 0 });
      expect(lineOf(list, 0).allocations).toEqual([expect.objectContaining({ location: s.face.code, quantity: 3 })]);
      // Pick faces first, then FEFO: the late batch at the face.
      expect(lineOf(list, 1).allocations).toEqual([
        expect.objectContaining({ location: s.face.code, batch: s.batches.late.code, quantity: 2 }),
      ]);
      const serials = lineOf(list, 2).allocations.map((a) => a.serial as string);
      expect(serials).toHaveLength(2);

      const first = ok(
        await pickCall(picker, code, {
          lineNumber: 0,
          fromLocation: s.face.code,
          quantity: 3,
          containerCode: 'TOTE-A1',
        }),
      );
      expect(first.json).toMatchObject({
        zeroCheck: false,
        replayed: false,
        change: { status: 'PARTLY_PICKED', linesTotal: 3, linesPicked: 1 },
      });
      expect(first.json.change.line).toMatchObject({
        lineNumber: 0,
        pickedQuantity: 3,
        openQuantity: 0,
        allocations: [],
      });
      expect(first.json.change.line.picks).toEqual([
        { container: 'TOTE-A1', location: s.face.code, batch: null, serial: null, quantity: 3 },
      ]);
      // The answer is the change only, and it is what the detail shows now.
      expect(first.json.pickList).toBeUndefined();
      await expectChangeAsDetail(picker, code, first.json.change);
      expect(await bucketsAt(db, s.normalItem.id, s.face.id)).toEqual({ onHand: 2000, released: 0, pick: 0 });
      await assertPickInvariants(db);

      const second = ok(
        await pickCall(picker, code, {
          lineNumber: 1,
          fromLocation: s.face.code,
          batch: s.batches.late.code,
          quantity: 2,
          containerCode: 'TOTE-A1',
        }),
      );
      await expectChangeAsDetail(picker, code, second.json.change);
      await assertPickInvariants(db);
      const last = ok(
        await pickCall(picker, code, {
          lineNumber: 2,
          fromLocation: s.face.code,
          serials,
          quantity: 2,
          containerCode: 'TOTE-A1',
        }),
      );
      list = await expectChangeAsDetail(picker, code, last.json.change);
      expect(last.json.change).toMatchObject({ status: 'PICKED', linesPicked: 3 });
      expect(list).toMatchObject({ status: 'PICKED', linesPicked: 3, containers: 1 });
      const [container] = list.shippingContainers;
      expect(container).toMatchObject({ code: 'TOTE-A1', type: 'TOTE', status: 'OPEN', pickList: code });
      expect(container?.contents).toHaveLength(4);
      await assertPickInvariants(db);
      const tote = await db
        .selectFrom('shipping_container')
        .select('bin_location_id')
        .where('code', '=', 'TOTE-A1')
        .executeTakeFirstOrThrow();
      expect(await bucketsAt(db, s.normalItem.id, tote.bin_location_id)).toEqual({
        onHand: 3000,
        released: 0,
        pick: 3000,
      });

      const flushed = ok(await flushCall(picker, code));
      expect(flushed.json.flush.key).toBeNull();
      expect(flushed.json.pickList).toMatchObject({ status: 'PICKED', claimedBy: null });
      const outbox = await db.selectFrom('erp_outbox').select(['kind']).where('document_code', '=', code).execute();
      expect(outbox).toEqual([{ kind: 'PICK_LIST_FLUSHED' }]);
      expect(await releasedOfOrder(db, orderId)).toEqual([3000, 2000, 2000]);
      await assertPickInvariants(db);
    });

    it('answers a replayed pick with its line as it is and posts once', async () => {
      const s = await pickScene(db);
      const { code } = await claimedList(s);
      const body = {
        lineNumber: 0,
        fromLocation: s.face.code,
        quantity: 1,
        containerCode: 'TOTE-R1',
        idempotencyKey: newPickKey(),
      };
      const first = ok(await pickCall(picker, code, body));
      const rows = await ledgerRowsOf(db, code);
      const again = ok(await pickCall(picker, code, body));
      expect(again.json).toMatchObject({ replayed: true, zeroCheck: false });
      expect(again.json.change.line.pickedQuantity).toBe(1);
      expect(await ledgerRowsOf(db, code)).toBe(rows);
      expect(again.json.change).toEqual(first.json.change);
      await expectChangeAsDetail(picker, code, again.json.change);
      // The same key on another line is the same pick: its line answers, nothing moves.
      const other = ok(await pickCall(picker, code, { ...body, lineNumber: 1, quantity: 2 }));
      expect(other.json).toMatchObject({ replayed: true, change: { line: { lineNumber: 0, pickedQuantity: 1 } } });
      expect(await ledgerRowsOf(db, code)).toBe(rows);
      await assertPickInvariants(db);
    });

    it('lets one of two concurrent picks of the last units win: no over-pick', async () => {
      const s = await pickScene(db);
      const { code } = await claimedList(s);
      const body = { lineNumber: 0, fromLocation: s.face.code, quantity: 2, containerCode: 'TOTE-C1' };
      const answers = await Promise.all([pickCall(picker, code, body), pickCall(picker, code, body)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
      expect(errorOf(answers.find((a) => a.status === 422) as (typeof answers)[number])).toMatchObject({
        key: 'qtyTooLarge',
        args: { quantity: 2, max: 1 },
      });
      expect(lineOf(await detailOf(picker, code), 0)).toMatchObject({ pickedQuantity: 2, openQuantity: 1 });
      await assertPickInvariants(db);
    });

    it('swaps another free batch in, at another location, and refuses expired and unapproved batches', async () => {
      const s = await pickScene(db);
      const { code } = await claimedList(s);
      const expired = await pickCall(picker, code, {
        lineNumber: 1,
        fromLocation: s.bulk.code,
        batch: s.batches.expired.code,
        quantity: 1,
        containerCode: 'TOTE-S1',
      });
      expect(errorOf(expired)).toMatchObject({
        status: 422,
        key: 'batchNotAllowed',
        args: { batch: s.batches.expired.code },
      });
      const unapproved = await pickCall(picker, code, {
        lineNumber: 1,
        fromLocation: s.face.code,
        batch: s.batches.unapproved.code,
        quantity: 1,
        containerCode: 'TOTE-S1',
      });
      expect(errorOf(unapproved)).toMatchObject({ status: 422, key: 'batchNotAllowed' });
      const swapped = ok(
        await pickCall(picker, code, {
          lineNumber: 1,
          fromLocation: s.bulk.code,
          batch: s.batches.early.code,
          quantity: 1,
          containerCode: 'TOTE-S1',
        }),
      );
      // One unit of the early batch picked in bulk; the late batch at the face keeps 1 allocated.
      await expectChangeAsDetail(picker, code, swapped.json.change);
      expect(swapped.json.change.line).toMatchObject({
        pickedQuantity: 1,
        allocations: [expect.objectContaining({ batch: s.batches.late.code, quantity: 1 })],
        picks: [expect.objectContaining({ location: s.bulk.code, batch: s.batches.early.code, quantity: 1 })],
      });
      expect(await bucketsAt(db, s.batchItem.id, s.bulk.id)).toMatchObject({ released: 0, onHand: 8000 });
      await assertPickInvariants(db);
      // A serial not allocated to the line but free at the location swaps in too.
      const list = await detailOf(picker, code);
      const allocated = lineOf(list, 2).allocations.map((a) => a.serial);
      const free = s.serials.find((serial) => !allocated.includes(serial.code));
      ok(
        await pickCall(picker, code, {
          lineNumber: 2,
          fromLocation: s.face.code,
          serials: [free?.code as string],
          quantity: 1,
          containerCode: 'TOTE-S1',
        }),
      );
      const unapprovedSerial = await pickCall(picker, code, {
        lineNumber: 2,
        fromLocation: s.face.code,
        serials: [s.unapprovedSerial.code],
        quantity: 1,
        containerCode: 'TOTE-S1',
      });
      expect(errorOf(unapprovedSerial)).toMatchObject({ status: 422, key: 'batchNotAllowed' });
      await assertPickInvariants(db);
    });

    it('refuses with every key and changes nothing', async () => {
      const s = await pickScene(db);
      const { code } = await listOf(db, generator, s, [
        { item: s.normalItem, quantity: 8 },
        { item: s.batchItem, quantity: 2 },
      ]);
      const pick = (client: HttpClient, input: Partial<Parameters<typeof pickCall>[2]> = {}) =>
        pickCall(client, code, {
          lineNumber: 0,
          fromLocation: s.face.code,
          quantity: 1,
          containerCode: 'TOTE-E1',
          ...input,
        });
      expect(errorOf(await pick(picker))).toMatchObject({ status: 409, key: 'claimRequired' });
      await claimList(picker, code);
      expect(errorOf(await pick(picker2))).toMatchObject({ status: 409, key: 'claimedByOtherUser' });
      expect((await pick(outsider)).status).toBe(403);
      expect((await pick(viewer)).status).toBe(403);
      expect(errorOf(await pick(picker, { lineNumber: 9 }))).toMatchObject({
        status: 422,
        key: 'unknownLine',
        args: { line: 9 },
      });
      expect(errorOf(await pick(picker, { quantity: 9 }))).toMatchObject({
        key: 'qtyTooLarge',
        args: { quantity: 9, max: 8 },
      });
      // 5 allocated at the face, 3 in bulk.
      expect(errorOf(await pick(picker, { quantity: 6 }))).toMatchObject({ key: 'qtyTooLarge', args: { max: 5 } });
      expect(errorOf(await pick(picker, { fromLocation: s.bulk2.code }))).toMatchObject({
        key: 'wrongLocationScanned',
        args: { expected: s.face.code, scanned: s.bulk2.code },
      });
      expect(errorOf(await pick(picker, { fromLocation: 'NO-SUCH-BIN' }))).toMatchObject({
        key: 'wrongLocationScanned',
      });
      expect(errorOf(await pick(picker, { lineNumber: 1, fromLocation: s.bulk.code }))).toMatchObject({
        key: 'batchRequired',
      });
      expect(errorOf(await pick(picker, { lineNumber: 1, fromLocation: s.bulk.code, batch: 'NO-SUCH' }))).toMatchObject(
        {
          key: 'unknownBatch',
        },
      );
      const other = await listOf(db, generator, s, [{ item: s.normalItem, quantity: 1 }]);
      await claimList(picker, other.code);
      ok(
        await pickCall(picker, other.code, {
          lineNumber: 0,
          fromLocation: s.bulk.code,
          quantity: 1,
          containerCode: 'TOTE-OTHER',
        }),
      );
      expect(errorOf(await pick(picker, { containerCode: 'TOTE-OTHER' }))).toMatchObject({
        key: 'containerBelongsToOtherPicklist',
        args: { container: 'TOTE-OTHER', picklist: other.code },
      });
      // Being counted: a count lock on the face (features/counting); an expired one is ignored.
      const lock = { bin_location_id: s.face.id, user_id: 0, username: 'counter', context: 'WALL_TO_WALL', round: 1 };
      await db
        .insertInto('location_count_lock')
        .values({ ...lock, taken_at: nowIso(), expires_at: isoIn(60_000) })
        .execute();
      expect(errorOf(await pick(picker))).toMatchObject({
        key: 'locationIsBeingCounted',
        args: { location: s.face.code },
      });
      await db
        .updateTable('location_count_lock')
        .set({ expires_at: isoIn(-1_000) })
        .where('bin_location_id', '=', s.face.id)
        .execute();
      expect(await ledgerRowsOf(db, code)).toBe(0);
      expect(lineOf(await detailOf(picker, code), 0).pickedQuantity).toBe(0);
      await assertPickInvariants(db);
      // Everything picked but not flushed: PICKED, still claimed, not pickable.
      ok(await pick(picker, { quantity: 5 }));
      ok(await pick(picker, { fromLocation: s.bulk.code, quantity: 3 }));
      ok(await pick(picker, { lineNumber: 1, batch: s.batches.late.code, quantity: 2 }));
      expect(errorOf(await pick(picker))).toMatchObject({ key: 'picklistNotPickable', args: { status: 'PICKED' } });
      await assertPickInvariants(db);
    });

    it('refuses a closed container', async () => {
      const s = await pickScene(db);
      const { code } = await claimedList(s);
      ok(
        await pickCall(picker, code, {
          lineNumber: 0,
          fromLocation: s.face.code,
          quantity: 1,
          containerCode: 'BOX-CL1',
        }),
      );
      ok(await picker.post(`${pickListPath}/shippingContainer/BOX-CL1/close`, { weightInMg: 1500 }));
      expect(
        errorOf(
          await pickCall(picker, code, {
            lineNumber: 0,
            fromLocation: s.face.code,
            quantity: 1,
            containerCode: 'BOX-CL1',
          }),
        ),
      ).toMatchObject({ status: 422, key: 'containerClosed', args: { container: 'BOX-CL1' } });
    });
  });

  describe('short, skip, zero check, flush', () => {
    const counter = async () =>
      Number(
        (
          await db
            .selectFrom('notification_counter')
            .select('count')
            .where('path', '=', '/wall_to_wall')
            .where('user_id', '=', 0)
            .executeTakeFirst()
        )?.count ?? 0,
      );

    it('shorts a line at a location: re-allocated elsewhere as a new line, the location flagged for counting', async () => {
      const s = await pickScene(db);
      const { code, orderId } = await claimedList(s);
      const before = await counter();
      const body = { lineNumber: 0, fromLocation: s.face.code, reason: 'STOCKOUT', idempotencyKey: newPickKey() };
      const answer = ok(await shortCall(picker, code, body));
      expect(answer.json.reallocatedLine).toBe(3);
      const list = answer.json.pickList;
      expect(lineOf(list, 0)).toMatchObject({
        shortQuantity: 3,
        shortReason: 'STOCKOUT',
        openQuantity: 0,
        allocations: [],
      });
      expect(lineOf(list, 3)).toMatchObject({
        item: s.normalItem.code,
        quantity: 3,
        allocations: [expect.objectContaining({ location: s.bulk.code, quantity: 3 })],
        salesOrder: lineOf(list, 0).salesOrder,
      });
      expect(list.lines.at(-1)?.lineNumber).toBe(3);
      const face = await db
        .selectFrom('bin_location')
        .select('requires_counting')
        .where('id', '=', s.face.id)
        .executeTakeFirstOrThrow();
      expect(face.requires_counting).toBe('PARTIAL');
      const listed = await db
        .selectFrom('bin_location_count_item')
        .select('item_id')
        .where('bin_location_id', '=', s.face.id)
        .execute();
      expect(listed).toEqual([{ item_id: s.normalItem.id }]);
      expect(await counter()).toBe(before + 1);
      expect((await releasedOfOrder(db, orderId))[0]).toBe(3000);
      await assertPickInvariants(db);
      // A replay shorts nothing more.
      const again = ok(await shortCall(picker, code, body));
      expect(again.json.reallocatedLine).toBe(3);
      expect((await detailOf(picker, code)).lines).toHaveLength(4);
      await assertPickInvariants(db);
    });

    it('shorts without free stock elsewhere: the rest back to the order; flush asks for the missing reason', async () => {
      const s = await pickScene(db);
      const lone = await makeItem(db);
      await makeStock(db, { item: lone, location: s.face, onHand: 2 });
      const { code, orderId } = await listOf(db, generator, s, [
        { item: lone, quantity: 2 },
        { item: s.normalItem, quantity: 1 },
      ]);
      await claimList(picker, code);
      const answer = ok(await shortCall(picker, code, { lineNumber: 0, fromLocation: s.face.code, reason: null }));
      expect(answer.json.reallocatedLine).toBeNull();
      expect(lineOf(answer.json.pickList, 0)).toMatchObject({ shortQuantity: 2, shortReason: null, openQuantity: 0 });
      expect(await releasedOfOrder(db, orderId)).toEqual([0, 1000]);
      expect(await bucketsAt(db, lone.id, s.face.id)).toEqual({ onHand: 2000, released: 0, pick: 0 });
      await assertPickInvariants(db);
      expect(errorOf(await flushCall(picker, code))).toMatchObject({
        status: 422,
        key: 'shortReasonRequired',
        args: { lines: [0] },
      });
      // Nothing picked: the list is CLOSED, the normal item's allocation released.
      const flushed = ok(await flushCall(picker, code, [{ lineNumber: 0, reason: 'DAMAGED' }]));
      expect(flushed.json.pickList).toMatchObject({ status: 'CLOSED', claimedBy: null });
      expect(lineOf(flushed.json.pickList, 0).shortReason).toBe('DAMAGED');
      expect(lineOf(flushed.json.pickList, 1)).toMatchObject({ shortQuantity: 1, openQuantity: 0, allocations: [] });
      expect(await releasedOfOrder(db, orderId)).toEqual([0, 0]);
      expect(await bucketsAt(db, s.normalItem.id, s.face.id)).toMatchObject({ released: 0 });
      await assertPickInvariants(db);
    });

    it('flushes a partly picked list to PICKED, closing the open rest short', async () => {
      const s = await pickScene(db);
      const { code, orderId } = await claimedList(s);
      ok(
        await pickCall(picker, code, {
          lineNumber: 0,
          fromLocation: s.face.code,
          quantity: 2,
          containerCode: 'TOTE-F1',
        }),
      );
      expect(
        errorOf(await shortCall(picker, code, { lineNumber: 1, fromLocation: s.bulk2.code, reason: 'STOCKOUT' })),
      ).toMatchObject({
        key: 'wrongLocationScanned',
      });
      const flushed = ok(await flushCall(picker, code));
      expect(flushed.json.pickList.status).toBe('PICKED');
      expect(lineOf(flushed.json.pickList, 0)).toMatchObject({ pickedQuantity: 2, shortQuantity: 1 });
      expect(await releasedOfOrder(db, orderId)).toEqual([2000, 0, 0]);
      // Flushed: the claim is gone with it.
      expect(errorOf(await flushCall(picker, code))).toMatchObject({ status: 409, key: 'claimRequired' });
      await assertPickInvariants(db);
    });

    it('skips a line to the end of the walk and flags a location the picker finds not empty', async () => {
      const s = await pickScene(db);
      const { code } = await claimedList(s);
      const skipped = ok(await picker.post(`${pickListAt(code)}/skip`, { lineNumber: 0 }));
      expect(skipped.json.lines.at(-1)).toMatchObject({ lineNumber: 0, skipped: true });
      expect(errorOf(await picker2.post(`${pickListAt(code)}/skip`, { lineNumber: 0 }))).toMatchObject({
        status: 409,
        key: 'claimedByOtherUser',
      });
      const bin = await makeBinLocation(db, { warehouse: s.warehouse });
      ok(
        await picker.post(`${pickListAt(code)}/zeroCheck`, {
          location: bin.code,
          item: s.normalItem.code,
          empty: true,
        }),
      );
      let row = await db
        .selectFrom('bin_location')
        .select('requires_counting')
        .where('id', '=', bin.id)
        .executeTakeFirstOrThrow();
      expect(row.requires_counting).toBe('NO');
      ok(
        await picker.post(`${pickListAt(code)}/zeroCheck`, {
          location: bin.code,
          item: s.normalItem.code,
          empty: false,
        }),
      );
      row = await db
        .selectFrom('bin_location')
        .select('requires_counting')
        .where('id', '=', bin.id)
        .executeTakeFirstOrThrow();
      expect(row.requires_counting).toBe('PARTIAL');
    });

    it('answers zeroCheck true when the pick empties the location of the item', async () => {
      const s = await pickScene(db);
      const { code } = await claimedList(s, [5, 1, 1]);
      const answer = ok(
        await pickCall(picker, code, {
          lineNumber: 0,
          fromLocation: s.face.code,
          quantity: 5,
          containerCode: 'TOTE-Z1',
        }),
      );
      expect(answer.json.zeroCheck).toBe(true);
    });
  });

  describe('shipping containers', () => {
    const containerPath = (container: string) => `${pickListPath}/shippingContainer/${encodeURIComponent(container)}`;

    it('creates, closes, reopens and labels containers with their errors', async () => {
      const s = await pickScene(db);
      const { code } = await claimedList(s);
      const create = (body: Record<string, unknown>) => picker.post(`${pickListAt(code)}/shippingContainer`, body);
      expect(errorOf(await create({ boxType: 'NO-SUCH-BOX' }))).toMatchObject({ status: 422, key: 'unknownBoxType' });
      await db
        .insertInto('shipping_box_type')
        .values({ code: `BX-${code}`, name: 'Small box', type: 'BOX', length_mm: 300, width_mm: 200, height_mm: 100 })
        .execute();
      const box = ok(await create({ boxType: `BX-${code}` })).json;
      expect(box).toMatchObject({
        type: 'BOX',
        boxType: `BX-${code}`,
        status: 'OPEN',
        sscc: false,
        lengthInMm: 300,
        pickList: code,
      });
      expect(box.code).toMatch(/^C\d{8}$/);
      expect(errorOf(await picker.post(`${containerPath(box.code)}/close`, {}))).toMatchObject({
        key: 'containerEmpty',
        args: { container: box.code },
      });
      ok(
        await pickCall(picker, code, {
          lineNumber: 0,
          fromLocation: s.face.code,
          quantity: 1,
          containerCode: box.code,
        }),
      );
      const closed = ok(
        await picker.post(`${containerPath(box.code)}/close`, { weightInMg: 2500, heightInMm: 120 }),
      ).json;
      expect(closed).toMatchObject({ status: 'CLOSED', weightInMg: 2500, heightInMm: 120, lengthInMm: 300 });
      expect(errorOf(await picker.post(`${containerPath(box.code)}/close`, {}))).toMatchObject({
        key: 'containerClosed',
      });
      const pdf = await picker.post(`${containerPath(box.code)}/label`, {});
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toContain('application/pdf');
      expect(ok(await picker.post(`${containerPath(box.code)}/reopen`)).json.status).toBe('OPEN');
      await db.updateTable('shipping_container').set({ status: 'DELIVERED' }).where('code', '=', box.code).execute();
      expect(errorOf(await picker.post(`${containerPath(box.code)}/reopen`))).toMatchObject({
        key: 'alreadyDelivered',
      });
      expect(errorOf(await create({ code: box.code }))).toMatchObject({ key: 'codeAlreadyExists' });
      const other = await listOf(db, generator, s, [{ item: s.normalItem, quantity: 1 }]);
      expect(
        errorOf(await picker.post(`${pickListAt(other.code)}/shippingContainer`, { code: box.code })),
      ).toMatchObject({
        key: 'containerBelongsToOtherPicklist',
        args: { container: box.code, picklist: code },
      });
      const list = ok(await viewer.get(`${pickListAt(code)}/shippingContainer`)).json;
      expect(list.map((c: { code: string }) => c.code)).toEqual([box.code]);
      expect((await outsider.post(`${pickListAt(code)}/shippingContainer`, {})).status).toBe(403);
      const types = ok(await viewer.get(`${pickListPath}/box_types`)).json;
      expect(types).toContainEqual(expect.objectContaining({ code: `BX-${code}`, widthInMm: 200 }));
      await assertPickInvariants(db);
    });

    it('makes SSCC codes when a GS1 company prefix is set', async () => {
      const s = await pickScene(db);
      const { code } = await claimedList(s);
      const { version, settings } = await t.app.ctx.settings.get();
      await t.app.ctx.settings.update(version, { picking: { ...settings.picking, gs1CompanyPrefix: '8712345' } });
      try {
        const container = ok(await picker.post(`${pickListAt(code)}/shippingContainer`, { type: 'PALLET' })).json;
        expect(container).toMatchObject({ sscc: true, type: 'PALLET' });
        expect(container.code).toMatch(/^08712345\d{10}$/);
        expect(isValidSscc(container.code)).toBe(true);
      } finally {
        const current = await t.app.ctx.settings.get();
        await t.app.ctx.settings.update(current.version, { picking: settings.picking });
      }
    });
  });

  describe('next', () => {
    it('takes my list in progress, then mine not started, then the first unclaimed by priority', async () => {
      const s = await pickScene(db);
      const { client } = await pickClient(t, ['picking']);
      const next = async () => (await client.get(`${pickListPath}/next?warehouse=${s.warehouse.code}`)).json.code;
      const low = await listOf(db, generator, s, [{ item: s.normalItem, quantity: 1 }], { priority: 1 });
      const high = await listOf(db, generator, s, [{ item: s.normalItem, quantity: 1 }], { priority: 9 });
      expect(await next()).toBe(high.code);
      await claimList(client, low.code);
      expect(await next()).toBe(low.code);
      const third = await listOf(db, generator, s, [{ item: s.normalItem, quantity: 2 }], { priority: 0 });
      await claimList(client, third.code);
      ok(
        await pickCall(client, third.code, {
          lineNumber: 0,
          fromLocation: s.face.code,
          quantity: 1,
          containerCode: 'TOTE-N1',
        }),
      );
      expect(await next()).toBe(third.code);
      expect((await viewer.get(`${pickListPath}/next`)).status).toBe(403);
    });
  });
});
