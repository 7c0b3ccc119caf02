import { expandRoles, type Role } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { countUnclaimedPickLists } from './pick-list-live.js';
import { pick } from './pick-list-pick.service.js';
import { loadPickListView } from './pick-list-view.js';
import {
  assertPickInvariants,
  makeCustomer,
  makeSalesOrder,
  newPickKey,
  pickClient,
  pickClients,
  pickListAt,
  pickListPath,
  pickScene,
  releasedOfOrder,
  type PickScene,
} from './pick-lists.test-helper.js';

/** The overview, its list actions and counters (pick-list-overview.routes.ts), on both databases. */
describe('pick list overview routes', () => {
  let t: TestApp;
  let db: Db;
  let clients: Awaited<ReturnType<typeof pickClients>>;
  let manager: { user: User; client: HttpClient };
  beforeAll(async () => {
    // Without demo data: the invariants look at every stock row, and demo stock has no ledger.
    t = await buildTestApp({ DEMO_DATA: 'false' });
    db = t.app.ctx.db;
    clients = await pickClients(t);
    manager = await pickClient(t, ['picklistGenerator', 'pickingAuthManageClaims']);
  });
  afterAll(async () => t.close());

  const generator = () => clients.generator.client;
  const ok = <T extends { status: number; text: string }>(answer: T): T => {
    expect(answer.status, answer.text).toBe(200);
    return answer;
  };
  const first = <T>(values: readonly T[]): T => {
    expect(values.length).toBeGreaterThan(0);
    return values[0] as T;
  };
  const principalOf = (user: User, roles: readonly Role[]): Principal => ({
    userId: user.id,
    username: user.username,
    expandedRoles: new Set(expandRoles(roles)),
    sessionId: null,
    apiKeyId: null,
  });

  /** One list per order: a list of `quantity` of the scene's normal item (face 5 first, then bulk). */
  async function listOf(scene: PickScene, quantity: number, options: { customerId?: number } = {}) {
    const order = await makeSalesOrder(db, scene, [{ item: scene.normalItem, quantity }], options);
    const created = ok(
      await generator().post(`${pickListPath}/create`, {
        warehouse: scene.warehouse.code,
        lines: [{ salesOrder: order.code, lineNumber: 0 }],
      }),
    );
    const [code] = created.json.created as string[];
    return { order, code: code as string };
  }
  // The list as GET {code} answers it (read directly: the detail route is the pick helper's).
  const view = (code: string) => loadPickListView(db, code);
  const claim = (client: HttpClient, code: string, body: Record<string, unknown> = {}) =>
    client.post(`${pickListAt(code)}/claim`, body);
  /** The picker claims the list and picks `quantity` of line 0 from the location into a new tote. */
  async function picked(code: string, location: string, quantity: number) {
    ok(await claim(clients.picker.client, code));
    await pick(t.app.ctx, principalOf(clients.picker.user, ['picking']), code, {
      idempotencyKey: newPickKey(),
      lineNumber: 0,
      fromLocation: location,
      batch: null,
      serials: [],
      quantity,
      containerCode: `T-${newPickKey()}`,
      containerType: 'TOTE',
    });
    return view(code);
  }
  /** Released and on-hand stock of an item per location code (thousandths). */
  async function stockOf(itemId: number) {
    const rows = await db
      .selectFrom('stock as s')
      .innerJoin('bin_location as b', 'b.id', 's.bin_location_id')
      .select(['b.code', 's.on_hand_qty', 's.released_qty', 's.pick_qty'])
      .where('s.item_id', '=', itemId)
      .orderBy('b.code')
      .execute();
    return rows.map((r) => ({
      location: r.code,
      onHand: Number(r.on_hand_qty),
      released: Number(r.released_qty),
      pick: Number(r.pick_qty),
    }));
  }

  it('pages the lists with filters, highest priority first, and expands a row into its lines', async () => {
    const scene = await pickScene(db);
    const low = await listOf(scene, 2);
    const high = await listOf(scene, 3);
    await db.updateTable('document').set({ priority: 7 }).where('code', '=', high.code).execute();
    const page = ok(await clients.viewer.client.get(`${pickListPath}/all?warehouse=${scene.warehouse.code}`)).json;
    expect(page.total).toBe(2);
    expect(page.rows.map((r: { code: string }) => r.code)).toEqual([high.code, low.code]);
    expect(page.rows[0]).toMatchObject({
      status: 'RELEASED',
      priority: 7,
      warehouse: scene.warehouse.code,
      customer: { code: scene.customer.code },
      linesTotal: 1,
      linesPicked: 0,
      claimedBy: null,
      packed: false,
      containers: 0,
    });
    const second = ok(
      await clients.viewer.client.get(`${pickListPath}/all?warehouse=${scene.warehouse.code}&offset=1&limit=1`),
    ).json;
    expect(second).toMatchObject({ total: 2, rows: [{ code: low.code }] });
    const bySearch = ok(await clients.viewer.client.get(`${pickListPath}/all?search=${encodeURIComponent(high.code)}`));
    expect(bySearch.json.rows.map((r: { code: string }) => r.code)).toEqual([high.code]);
    const none = ok(
      await clients.viewer.client.get(`${pickListPath}/all?warehouse=${scene.warehouse.code}&status=PICKED`),
    );
    expect(none.json).toEqual({ rows: [], total: 0 });

    const rows = ok(await clients.viewer.client.get(`${pickListPath}/rows?code=${encodeURIComponent(high.code)}`)).json;
    expect(rows).toMatchObject([{ lineNumber: 0, item: scene.normalItem.code, quantity: 3, openQuantity: 3 }]);
    const missing = `NOPE-${Date.now()}`;
    expect(errorOf(await clients.viewer.client.get(`${pickListPath}/rows?code=${missing}`))).toEqual({
      status: 404,
      key: 'unknownDocument',
      args: { type: 'PICK_LIST', code: missing },
    });
  });

  it('counts released, unclaimed lists on /stock_picking and /pick_and_collect after each commit', async () => {
    const scene = await pickScene(db);
    const counter = async (path: string) =>
      Number(
        (
          await db
            .selectFrom('notification_counter')
            .select('count')
            .where('path', '=', path)
            .where('user_id', '=', 0)
            .executeTakeFirst()
        )?.count ?? -1,
      );
    const { code } = await listOf(scene, 1);
    const before = await countUnclaimedPickLists(db);
    expect(await counter('/stock_picking')).toBe(before);
    expect(await counter('/pick_and_collect')).toBe(before);
    ok(await claim(clients.picker.client, code));
    expect(await counter('/stock_picking')).toBe(before - 1);
    expect(await counter('/pick_and_collect')).toBe(before - 1);
    ok(await clients.picker.client.post(`${pickListAt(code)}/removeClaim`));
    expect(await counter('/stock_picking')).toBe(before);
    await assertPickInvariants(db);
  });

  it('merges unclaimed RELEASED lists of one warehouse into the first, and refuses the others', async () => {
    const scene = await pickScene(db);
    const other = await pickScene(db);
    const a = await listOf(scene, 2);
    const b = await listOf(scene, 3);
    const claimed = await listOf(scene, 1);
    const elsewhere = await listOf(other, 1);
    const foreignCustomer = await makeCustomer(db);
    const differentShipTo = await listOf(scene, 1, { customerId: foreignCustomer.id });
    const merge = (codes: string[], confirmDifferentShipTo = false) =>
      generator().post(`${pickListPath}/merge`, { codes, confirmDifferentShipTo });

    ok(await claim(clients.picker.client, claimed.code));
    expect(errorOf(await merge([a.code, claimed.code]))).toEqual({
      status: 422,
      key: 'cannotMergeStartedPicklist',
      args: { code: claimed.code },
    });
    expect(errorOf(await merge([a.code, elsewhere.code]))).toMatchObject({
      status: 422,
      key: 'cannotMergeDifferentWarehouses',
    });
    expect(errorOf(await merge([a.code, differentShipTo.code]))).toMatchObject({
      status: 422,
      key: 'mergeNeedsConfirmationDifferentShipTo',
    });
    await assertPickInvariants(db);
    const allocated = await stockOf(scene.normalItem.id);

    const merged = ok(await merge([a.code, b.code, differentShipTo.code], true)).json;
    expect(merged.code).toBe(a.code);
    expect(merged.lines.map((l: { lineNumber: number; quantity: number }) => [l.lineNumber, l.quantity])).toEqual([
      [0, 2],
      [1, 3],
      [2, 1],
    ]);
    expect(merged.salesOrders.sort()).toEqual([a.order.code, b.order.code, differentShipTo.order.code].sort());
    expect((await view(b.code)).status).toBe('CLOSED');
    expect((await view(differentShipTo.code)).lines).toEqual([]);
    expect(await stockOf(scene.normalItem.id)).toEqual(allocated);
    const origin = await db
      .selectFrom('pick_list as p')
      .innerJoin('document as d', 'd.id', 'p.document_id')
      .select('p.origin')
      .where('d.code', '=', a.code)
      .executeTakeFirstOrThrow();
    expect(origin.origin).toBe('MERGE');
    expect(errorOf(await merge([a.code, b.code]))).toEqual({
      status: 422,
      key: 'cannotMergeStartedPicklist',
      args: { code: b.code },
    });
    await assertPickInvariants(db);
  });

  it('copies the unpicked rest into a new RELEASED list; both add up and the original is PICKED', async () => {
    const scene = await pickScene(db);
    const { order, code } = await listOf(scene, 8);
    const started = await picked(code, scene.face.code, 2);
    expect(started.status).toBe('PARTLY_PICKED');
    const allocated = await stockOf(scene.normalItem.id);
    const copy = (version: number) => generator().post(`${pickListPath}/copy`, { code, version });
    expect(errorOf(await copy(started.version - 1))).toMatchObject({ status: 412 });

    const answer = ok(await copy(started.version)).json;
    expect(answer.original).toBe(code);
    const original = await view(code);
    const made = await view(answer.copy);
    expect(original).toMatchObject({ status: 'PICKED', claimedBy: clients.picker.user.username });
    expect(original.lines).toMatchObject([{ quantity: 2, pickedQuantity: 2, openQuantity: 0, allocations: [] }]);
    expect(made).toMatchObject({ status: 'RELEASED', claimedBy: null, warehouse: scene.warehouse.code });
    expect(made.lines).toMatchObject([{ quantity: 6, pickedQuantity: 0, openQuantity: 6, salesOrder: order.code }]);
    const sum = (lines: { quantity: number }[]) => lines.reduce((s, l) => s + l.quantity, 0);
    expect(sum(first(made.lines).allocations)).toBe(6);
    expect(first(original.lines).quantity + first(made.lines).quantity).toBe(8);
    expect(await stockOf(scene.normalItem.id)).toEqual(allocated);
    expect(await releasedOfOrder(db, order.id)).toEqual([8000]);
    expect(errorOf(await copy(original.version))).toEqual({
      status: 422,
      key: 'picklistNotInStatus',
      args: { status: 'PICKED' },
    });
    await assertPickInvariants(db);
  });

  it('edits priority, ship date and line quantity down, never below picked, with the version check', async () => {
    const scene = await pickScene(db);
    const { order, code } = await listOf(scene, 8);
    const started = await picked(code, scene.face.code, 3);
    const edit = (body: Record<string, unknown>) => generator().post(`${pickListPath}/edit`, { code, ...body });
    expect(errorOf(await edit({ version: started.version, lines: [{ lineNumber: 0, quantity: 2 }] }))).toEqual({
      status: 422,
      key: 'quantityBelowPicked',
      args: { line: 0, picked: 3 },
    });
    expect(errorOf(await edit({ version: started.version, lines: [{ lineNumber: 0, quantity: 9 }] }))).toMatchObject({
      status: 422,
      key: 'qtyTooLarge',
    });
    expect(errorOf(await edit({ version: started.version, lines: [{ lineNumber: 5, quantity: 1 }] }))).toEqual({
      status: 422,
      key: 'unknownLine',
      args: { line: 5 },
    });
    expect(errorOf(await edit({ version: started.version - 1, priority: 9 }))).toMatchObject({ status: 412 });
    const unchanged = await view(code);
    expect(unchanged).toMatchObject({ version: started.version, priority: started.priority });
    const releasedBefore = (await stockOf(scene.normalItem.id)).reduce((s, r) => s + r.released, 0);

    const edited = ok(
      await edit({
        version: started.version,
        priority: 9,
        shipDate: '2031-01-02',
        lines: [{ lineNumber: 0, quantity: 5 }],
      }),
    ).json;
    expect(edited).toMatchObject({ priority: 9, shipDate: '2031-01-02', status: 'PARTLY_PICKED' });
    expect(edited.lines).toMatchObject([{ quantity: 5, pickedQuantity: 3, openQuantity: 2 }]);
    const releasedAfter = (await stockOf(scene.normalItem.id)).reduce((s, r) => s + r.released, 0);
    expect(releasedBefore - releasedAfter).toBe(3000);
    expect(await releasedOfOrder(db, order.id)).toEqual([5000]);
    await assertPickInvariants(db);

    const done = ok(await edit({ version: edited.version, lines: [{ lineNumber: 0, quantity: 3 }] })).json;
    expect(done).toMatchObject({ status: 'PICKED' });
    expect(done.lines[0].allocations).toEqual([]);
    await assertPickInvariants(db);
  });

  it('clears a started list: allocations released exactly, order lines freed, picked goods named by a storage request', async () => {
    const scene = await pickScene(db);
    const before = await stockOf(scene.normalItem.id);
    const { order, code } = await listOf(scene, 8);
    const started = await picked(code, scene.face.code, 4);
    const tote = first(started.shippingContainers).code;
    const clear = (version: number) => generator().post(`${pickListPath}/clearPicklist`, { code, version });
    expect(errorOf(await clear(started.version + 1))).toMatchObject({ status: 412 });

    const answer = ok(await clear(started.version)).json;
    expect(answer.code).toBe(code);
    expect(answer.storageRequest).toEqual(expect.any(String));
    expect((await view(code)).status).toBe('CLOSED');
    expect(await releasedOfOrder(db, order.id)).toEqual([0]);
    // Nothing released any more; the 4 picked lie in the tote (onHand and pickQty), the face lost them.
    const after = await stockOf(scene.normalItem.id);
    expect(after.every((r) => r.released === 0)).toBe(true);
    expect(after.find((r) => r.location === tote)).toMatchObject({ onHand: 4000, pick: 4000 });
    const face = (rows: typeof before) => rows.find((r) => r.location === scene.face.code);
    expect(face(after)?.onHand).toBe((face(before)?.onHand ?? 0) - 4000);
    expect(after.filter((r) => r.location !== tote && r.location !== scene.face.code)).toEqual(
      before.filter((r) => r.location !== scene.face.code),
    );

    const request = await db
      .selectFrom('document as d')
      .innerJoin('document_line as l', 'l.document_id', 'd.id')
      .innerJoin('bin_location as b', 'b.id', 'l.from_bin_location_id')
      .select([
        'd.type',
        'd.status',
        'd.warehouse_id',
        'l.item_id',
        'l.quantity',
        'l.batch_id',
        'l.serial_id',
        'b.code',
      ])
      .where('d.code', '=', answer.storageRequest as string)
      .execute();
    expect(request).toEqual([
      {
        type: 'STORAGE_REQUEST',
        status: 'OPEN',
        warehouse_id: scene.warehouse.id,
        item_id: scene.normalItem.id,
        quantity: 4000,
        batch_id: null,
        serial_id: null,
        code: tote,
      },
    ]);
    expect(errorOf(await clear((await view(code)).version))).toEqual({
      status: 422,
      key: 'picklistNotInStatus',
      args: { status: 'CLOSED' },
    });
    await assertPickInvariants(db);
  });

  it('clears an unstarted list without a storage request, and free stock is back as before', async () => {
    const scene = await pickScene(db);
    const before = await stockOf(scene.normalItem.id);
    const { code } = await listOf(scene, 30);
    expect((await stockOf(scene.normalItem.id)).reduce((s, r) => s + r.released, 0)).toBe(30000);
    const { version } = await view(code);
    const answer = ok(await generator().post(`${pickListPath}/clearPicklist`, { code, version })).json;
    expect(answer).toEqual({ code, storageRequest: null });
    expect(await stockOf(scene.normalItem.id)).toEqual(before);
    await assertPickInvariants(db);
  });

  it('lets one of two concurrent claims win; a claim for another user needs a claim manager', async () => {
    const scene = await pickScene(db);
    const { code } = await listOf(scene, 1);
    const second = await pickClient(t, ['picking']);
    const answers = await Promise.all([claim(clients.picker.client, code), claim(second.client, code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409);
    const winner = answers[0]?.status === 200 ? clients.picker.user : second.user;
    expect(errorOf(lost as (typeof answers)[number])).toMatchObject({
      key: 'claimedByOtherUser',
      args: { username: winner.username },
    });
    expect((await view(code)).claimedBy).toBe(winner.username);

    const free = await listOf(scene, 1);
    expect(errorOf(await claim(clients.picker.client, free.code, { forUser: second.user.username }))).toMatchObject({
      status: 403,
    });
    const handed = ok(await claim(manager.client, free.code, { forUser: second.user.username })).json;
    expect(handed.claimedBy).toBe(second.user.username);
    expect(errorOf(await claim(manager.client, free.code, { forUser: 'nobody-there' }))).toMatchObject({
      status: 404,
      key: 'unknownUser',
    });
    await assertPickInvariants(db);
  });

  it('removes and detaches claims: the claimant itself, a manager, never another picker', async () => {
    const scene = await pickScene(db);
    const { code } = await listOf(scene, 1);
    ok(await claim(clients.picker.client, code));
    const colleague = await pickClient(t, ['picking']);
    expect(errorOf(await colleague.client.post(`${pickListAt(code)}/removeClaim`))).toMatchObject({ status: 403 });
    expect((await view(code)).claimedBy).toBe(clients.picker.user.username);
    expect(ok(await manager.client.post(`${pickListAt(code)}/detachClaim`)).json.claimedBy).toBeNull();
    ok(await claim(colleague.client, code));
    expect(ok(await colleague.client.post(`${pickListAt(code)}/removeClaim`)).json.claimedBy).toBeNull();
    expect(ok(await colleague.client.post(`${pickListAt(code)}/removeClaim`)).json.claimedBy).toBeNull();
  });

  it('promotes a list to the top of its warehouse', async () => {
    const scene = await pickScene(db);
    const first = await listOf(scene, 1);
    const second = await listOf(scene, 1);
    await db.updateTable('document').set({ priority: 4 }).where('code', '=', first.code).execute();
    const order = async () =>
      ok(await clients.viewer.client.get(`${pickListPath}/all?warehouse=${scene.warehouse.code}`)).json.rows.map(
        (r: { code: string }) => r.code,
      );
    expect(await order()).toEqual([first.code, second.code]);
    const promoted = ok(await manager.client.post(`${pickListAt(second.code)}/promote`)).json;
    expect(promoted.priority).toBe(5);
    expect(await order()).toEqual([second.code, first.code]);
    expect(ok(await manager.client.post(`${pickListAt(second.code)}/promote`)).json.priority).toBe(5);
  });

  it('marks a PICKED list packed and unpacked, never before picked nor after delivery', async () => {
    const scene = await pickScene(db);
    const { code } = await listOf(scene, 2);
    expect(errorOf(await generator().post(`${pickListAt(code)}/markPacked`))).toEqual({
      status: 422,
      key: 'picklistNotInStatus',
      args: { status: 'RELEASED' },
    });
    const done = await picked(code, scene.face.code, 2);
    expect(done.status).toBe('PICKED');
    expect(ok(await clients.picker.client.post(`${pickListAt(code)}/markPacked`)).json.packed).toBe(true);
    expect(ok(await generator().post(`${pickListAt(code)}/markUnpacked`)).json.packed).toBe(false);
    ok(await generator().post(`${pickListAt(code)}/markPacked`));
    await db
      .updateTable('shipping_container')
      .set({ status: 'DELIVERED' })
      .where('code', '=', first(done.shippingContainers).code)
      .execute();
    expect(errorOf(await generator().post(`${pickListAt(code)}/markUnpacked`))).toMatchObject({
      status: 422,
      key: 'alreadyDelivered',
    });
    expect((await view(code)).packed).toBe(true);
    await assertPickInvariants(db);
  });

  it('refuses every route without its role (403) and changes nothing', async () => {
    const scene = await pickScene(db);
    const { code } = await listOf(scene, 1);
    const outsider = clients.outsider.client;
    const version = (await view(code)).version;
    const calls = [
      () => outsider.get(`${pickListPath}/all`),
      () => outsider.get(`${pickListPath}/rows?code=${code}`),
      () => outsider.post(`${pickListPath}/merge`, { codes: [code, code] }),
      () => outsider.post(`${pickListPath}/copy`, { code, version }),
      () => outsider.post(`${pickListPath}/edit`, { code, version, priority: 1 }),
      () => outsider.post(`${pickListPath}/clearPicklist`, { code, version }),
      () => outsider.post(`${pickListAt(code)}/claim`, {}),
      () => outsider.post(`${pickListAt(code)}/removeClaim`),
      () => outsider.post(`${pickListAt(code)}/detachClaim`),
      () => outsider.post(`${pickListAt(code)}/promote`),
      () => outsider.post(`${pickListAt(code)}/markPacked`),
      () => outsider.post(`${pickListAt(code)}/markUnpacked`),
      // Pickers may not act as generators or managers.
      () => clients.picker.client.post(`${pickListPath}/edit`, { code, version, priority: 1 }),
      () => clients.picker.client.post(`${pickListAt(code)}/promote`),
      () => clients.viewer.client.post(`${pickListAt(code)}/claim`, {}),
    ];
    for (const call of calls) expect((await call()).status).toBe(403);
    expect(await view(code)).toMatchObject({ version, status: 'RELEASED', claimedBy: null });
    await assertPickInvariants(db);
  });
});
