import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeBinLocation,
  makeDefaultLocation,
  makeItem,
  makeStock,
  makeUser,
  makeWarehouse,
  type BinLocation,
  type Item,
  type User,
  type Warehouse,
} from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { ledgerOf, onHandPerBin } from '../stock/stock.test-helper.js';
import { wholeState } from '../stock-transfer/stock-transfer.test-helper.js';
import { expectStockInvariants } from '../../../test/stock-invariants.js';
import { move, newKey, staging, suggest } from './goods-sorting.test-helper.js';

/** Every test makes its own warehouse, locations, items, stock and managers (test/factories.ts). */
describe('goods sorting routes', () => {
  let t: TestApp;
  let db: Db;
  let sorter: HttpClient;
  let sorterUser: User;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true', SIGNIN_MAX_FAILURES: '3' });
    db = t.app.ctx.db;
    sorterUser = await makeUser(db, { roles: ['goodsSorting'] });
    sorter = await signIn(t, sorterUser.username, sorterUser.password);
  });
  afterAll(async () => t.close());

  const makeManager = () => makeUser(db, { roles: ['goodsSorting', 'defaultItemBinLocationEdit'] });
  let ipCounter = 0;
  /** A fresh caller address per approval, so failures counted in one test never block another. */
  const freshIp = () => ({ 'x-forwarded-for': `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

  interface Scene {
    warehouse: Warehouse;
    dock: BinLocation;
    item: Item;
    shelf: (extra?: Parameters<typeof makeBinLocation>[1]) => Promise<BinLocation>;
  }
  /** A warehouse with a receipt staging location (work type RECEIVE) holding 10 of a new item. */
  async function scene(onHand = 10, qcPending = 0): Promise<Scene> {
    const warehouse = await makeWarehouse(db);
    const dock = await makeBinLocation(db, { warehouse, locationType: 'RECEIVE' });
    const item = await makeItem(db);
    await makeStock(db, { item, location: dock, onHand, qcPending });
    return { warehouse, dock, item, shelf: (extra = {}) => makeBinLocation(db, { warehouse, ...extra }) };
  }
  const body = (s: Scene, to: BinLocation, extra: Record<string, unknown> = {}) => ({
    from: s.dock.code,
    to: to.code,
    item: s.item.code,
    quantity: 4,
    ...extra,
  });

  describe('POST suggest', () => {
    it('proposes the default location, then the last receipt location', async () => {
      const s = await scene();
      const [fixed, earlier] = [await s.shelf(), await s.shelf()];
      await makeDefaultLocation(db, { item: s.item, location: fixed });
      await makeStock(db, { item: s.item, location: earlier, onHand: 1 });
      const answer = await suggest(sorter, { location: s.dock.code, item: s.item.code });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        suggestions: [
          { location: fixed.code, reason: 'DEFAULT_LOCATION' },
          { location: earlier.code, reason: 'LAST_RECEIPT_LOCATION' },
        ],
        qcPending: false,
        quantity: 10,
      });
    });

    it('proposes an enforced default first, and the newest receipt location outside staging and carts', async () => {
      const s = await scene();
      const [enforced, older, newer] = [await s.shelf(), await s.shelf(), await s.shelf()];
      const cart = await s.shelf({ locationType: 'MOBILE' });
      await makeDefaultLocation(db, { item: s.item, location: enforced, enforced: true });
      await makeStock(db, { item: s.item, location: older, onHand: 1 });
      await makeStock(db, { item: s.item, location: newer, onHand: 1 });
      await makeStock(db, { item: s.item, location: cart, onHand: 1 });
      // Another warehouse's receipt is no proposal here.
      await makeStock(db, { item: s.item, location: await makeBinLocation(db), onHand: 1 });
      const answer = await suggest(sorter, { location: s.dock.code, item: s.item.code.toLowerCase() });
      expect(answer.json.suggestions).toEqual([
        { location: enforced.code, reason: 'ENFORCED_DEFAULT_LOCATION' },
        { location: newer.code, reason: 'LAST_RECEIPT_LOCATION' },
      ]);
    });

    it('proposes the first empty QC location for QC-pending stock, with the QC-pending quantity', async () => {
      const s = await scene(4, 4);
      const enforced = await s.shelf();
      await makeDefaultLocation(db, { item: s.item, location: enforced, enforced: true });
      const occupiedQc = await s.shelf({ code: `A-${s.dock.code}`, locationType: 'QC' });
      await makeStock(db, { item: await makeItem(db), location: occupiedQc, onHand: 1 });
      const qc = await s.shelf({ code: `B-${s.dock.code}`, locationType: 'QC' });
      const answer = await suggest(sorter, { location: s.dock.code, item: s.item.code });
      expect(answer.json).toEqual({
        suggestions: [
          { location: qc.code, reason: 'QC_LOCATION' },
          { location: enforced.code, reason: 'ENFORCED_DEFAULT_LOCATION' },
        ],
        qcPending: true,
        quantity: 4,
      });
    });

    it('proposes nothing without a default or an earlier receipt, and 404s unknown codes', async () => {
      const s = await scene();
      expect((await suggest(sorter, { location: s.dock.code, item: s.item.code })).json.suggestions).toEqual([]);
      const unknown = await suggest(sorter, { location: 'NO-SUCH-BIN', item: s.item.code });
      expect(errorOf(unknown)).toEqual({ status: 404, key: 'unknownLocation', args: { code: 'NO-SUCH-BIN' } });
    });
  });

  it('GET staging lists the content oldest receipt first (else by its last change)', async () => {
    const s = await scene();
    const [late, noReceipt] = [await makeItem(db), await makeItem(db)];
    await makeStock(db, { item: late, location: s.dock, onHand: 2 });
    await makeStock(db, { item: noReceipt, location: s.dock, onHand: 3, released: 1, ledger: false });
    const setReceipt = (itemId: number, at: string) =>
      db.updateTable('stock_ledger').set({ at }).where('item_id', '=', itemId).execute();
    await setReceipt(s.item.id, '2024-01-01T08:00:00.000Z');
    await setReceipt(late.id, '2024-03-01T08:00:00.000Z');
    await db
      .updateTable('stock')
      .set({ updated_at: '2024-02-01T08:00:00.000Z' })
      .where('item_id', '=', noReceipt.id)
      .execute();
    const answer = await staging(sorter, s.dock.code.toLowerCase());
    expect(answer.status).toBe(200);
    expect(answer.json.location).toBe(s.dock.code);
    expect(answer.json.lines.map((l: { item: string }) => l.item)).toEqual([s.item.code, noReceipt.code, late.code]);
    expect(answer.json.lines[1]).toEqual({
      item: noReceipt.code,
      itemName: noReceipt.name,
      batch: null,
      serial: null,
      onHandQty: 3,
      freeToMoveQty: 2,
      releasedQty: 1,
      pickQty: 0,
      qcPendingQty: 0,
      receivedAt: '2024-02-01T08:00:00.000Z',
    });
  });

  describe('POST move', () => {
    it('moves to the proposed location as a GOODS_SORTING transfer', async () => {
      const s = await scene();
      const fixed = await s.shelf();
      await makeDefaultLocation(db, { item: s.item, location: fixed });
      const key = newKey();
      const answer = await move(sorter, body(s, fixed), key);
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ proposed: fixed.code, approvedBy: null });
      expect(answer.json.sortingId).toMatch(/^GS-/);
      expect(answer.json.lines).toEqual([
        expect.objectContaining({ item: s.item.code, fromLocation: s.dock.code, toLocation: fixed.code, quantity: 4 }),
      ]);
      expect(await onHandPerBin(db, s.item.code)).toEqual({ [s.dock.code]: 6000, [fixed.code]: 4000 });
      const moved = (await ledgerOf(db, s.item.code)).filter((r) => r.type === 'TRANSFER');
      expect(moved).toEqual([
        expect.objectContaining({ bin: s.dock.code, quantity: -4000, documentType: 'GOODS_SORTING' }),
        expect.objectContaining({ bin: fixed.code, quantity: 4000, documentCode: answer.json.sortingId }),
      ]);
      expect(moved.every((r) => r.idempotencyKey === key && r.username === sorterUser.username)).toBe(true);
      await expectStockInvariants(db, [s.item.id], 10000);
    });

    it('refuses another location than the proposed one without the rescan, and moves with it', async () => {
      const s = await scene();
      const [fixed, other] = [await s.shelf(), await s.shelf()];
      await makeDefaultLocation(db, { item: s.item, location: fixed });
      const before = await wholeState(db);
      const refused = await move(sorter, body(s, other));
      expect(errorOf(refused)).toEqual({
        status: 422,
        key: 'destinationNeedsConfirmation',
        args: { proposed: fixed.code },
      });
      expect(await wholeState(db)).toEqual(before);
      const confirmed = await move(sorter, body(s, other, { confirmed: true }));
      expect(confirmed.status).toBe(200);
      expect(await onHandPerBin(db, s.item.code)).toEqual({ [s.dock.code]: 6000, [other.code]: 4000 });
      await expectStockInvariants(db, [s.item.id], 10000);
    });

    it('refuses a kardex box while the kardex integration fills them through /kardex/storage', async () => {
      const s = await scene();
      const kardex = await s.shelf({ physicalLocationType: 'KARDEX' });
      const settings = t.app.ctx.settings;
      const { version, settings: current } = await settings.get();
      await settings.update(version, { enabledExtensions: [...current.enabledExtensions, 'kardexIntegration'] });
      try {
        const refused = await move(sorter, body(s, kardex, { confirmed: true }));
        expect(errorOf(refused)).toEqual({
          status: 422,
          key: 'kardexFilledThroughStorageApp',
          args: { location: kardex.code },
        });
      } finally {
        const latest = await settings.get();
        await settings.update(latest.version, { enabledExtensions: current.enabledExtensions });
      }
      expect((await move(sorter, body(s, kardex, { confirmed: true }))).status).toBe(200);
    });

    it('takes any destination without a proposal', async () => {
      const s = await scene();
      const anywhere = await s.shelf();
      const answer = await move(sorter, body(s, anywhere));
      expect(answer.status).toBe(200);
      expect(answer.json.proposed).toBeNull();
      await expectStockInvariants(db, [s.item.id], 10000);
    });

    it('keeps an enforced default location: refused without a valid approval, moved with one and recorded', async () => {
      const s = await scene();
      const [enforced, other] = [await s.shelf(), await s.shelf()];
      await makeDefaultLocation(db, { item: s.item, location: enforced, enforced: true });
      const manager = await makeManager();
      const before = await wholeState(db);
      const refusal = { status: 422, key: 'enforcedDefaultLocation', args: { location: enforced.code } };
      expect(errorOf(await move(sorter, body(s, other)))).toEqual(refusal);
      // The rescan does not replace the manager.
      expect(errorOf(await move(sorter, body(s, other, { confirmed: true })))).toEqual(refusal);
      const wrongPassword = await move(
        sorter,
        body(s, other, { managerApproval: { username: manager.username, password: 'wrong' } }),
        newKey(),
        freshIp(),
      );
      expect(errorOf(wrongPassword)).toEqual({ status: 422, key: 'invalidLoginDetails', args: {} });
      const withoutRole = await move(
        sorter,
        body(s, other, { managerApproval: { username: sorterUser.username, password: sorterUser.password } }),
        newKey(),
        freshIp(),
      );
      expect(errorOf(withoutRole)).toEqual({
        status: 422,
        key: 'insufficientRoles',
        args: { missingRoles: ['defaultItemBinLocationEdit'] },
      });
      const empty = await move(sorter, body(s, other, { managerApproval: { username: '', password: '' } }));
      expect(errorOf(empty).key).toBe('noManagerLoggedIn');
      expect(await wholeState(db)).toEqual(before);
      // The caller stays signed in through every refused approval.
      expect((await sorter.get('/api/v1/auth/me')).status).toBe(200);

      const approved = await move(
        sorter,
        body(s, other, { managerApproval: { username: manager.username, password: manager.password } }),
        newKey(),
        freshIp(),
      );
      expect(approved.status).toBe(200);
      expect(approved.json.approvedBy).toEqual({ userId: manager.id, username: manager.username });
      expect(await onHandPerBin(db, s.item.code)).toEqual({ [s.dock.code]: 6000, [other.code]: 4000 });
      const records = await db
        .selectFrom('manager_approval')
        .selectAll()
        .where('document_code', '=', approved.json.sortingId)
        .execute();
      expect(records).toEqual([
        expect.objectContaining({
          action: 'goodsSorting.enforcedDefaultLocation',
          document_type: 'GOODS_SORTING',
          approver_user_id: manager.id,
          approver_username: manager.username,
          requested_by_user_id: sorterUser.id,
        }),
      ]);
      await expectStockInvariants(db, [s.item.id], 10000);
    });

    it('lets QC-pending stock go to a QC location past an enforced default, without approval', async () => {
      const s = await scene(4, 4);
      const enforced = await s.shelf();
      await makeDefaultLocation(db, { item: s.item, location: enforced, enforced: true });
      const qc = await s.shelf({ locationType: 'QC' });
      const answer = await move(sorter, body(s, qc));
      expect(answer.status).toBe(200);
      expect(answer.json.lines[0]).toMatchObject({ toLocation: qc.code, qcPending: true });
      await expectStockInvariants(db, [s.item.id], 4000);
    });

    it('counts approvals like sign-ins: the address is blocked after too many wrong passwords', async () => {
      const s = await scene();
      const [enforced, other] = [await s.shelf(), await s.shelf()];
      await makeDefaultLocation(db, { item: s.item, location: enforced, enforced: true });
      const manager = await makeManager();
      const ip = freshIp();
      for (let i = 0; i < 3; i++) {
        const wrong = await move(
          sorter,
          body(s, other, { managerApproval: { username: manager.username, password: 'wrong' } }),
          newKey(),
          ip,
        );
        expect(wrong.json.key).toBe('invalidLoginDetails');
      }
      const blocked = await move(
        sorter,
        body(s, other, { managerApproval: { username: manager.username, password: manager.password } }),
        newKey(),
        ip,
      );
      expect(errorOf(blocked)).toMatchObject({ status: 403, key: 'ipAddressBlocked' });
      expect(await onHandPerBin(db, s.item.code)).toEqual({ [s.dock.code]: 10000 });
    });

    it('moves once for a replayed key and answers the first answer', async () => {
      const s = await scene();
      const [enforced, other] = [await s.shelf(), await s.shelf()];
      await makeDefaultLocation(db, { item: s.item, location: enforced, enforced: true });
      const manager = await makeManager();
      const request = body(s, other, { managerApproval: { username: manager.username, password: manager.password } });
      const key = newKey();
      const first = await move(sorter, request, key, freshIp());
      expect(first.status).toBe(200);
      const again = await move(sorter, request, key, freshIp());
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.json).toEqual(first.json);
      expect((await ledgerOf(db, s.item.code)).filter((r) => r.type === 'TRANSFER')).toHaveLength(2);
      const records = await db
        .selectFrom('manager_approval')
        .select('id')
        .where('document_code', '=', first.json.sortingId)
        .execute();
      expect(records).toHaveLength(1);
      // The same key with another body is refused.
      const other2 = await move(sorter, { ...request, quantity: 1 }, key, freshIp());
      expect(errorOf(other2).key).toBe('idempotencyKeyConflict');
      await expectStockInvariants(db, [s.item.id], 10000);
    });

    it('needs an Idempotency-Key, and the stock service rules apply (a single-item location)', async () => {
      const s = await scene();
      const single = await s.shelf({ physicalLocationType: 'SINGLE_ITEM_LOCATION' });
      await makeStock(db, { item: await makeItem(db), location: single, onHand: 1 });
      expect(errorOf(await move(sorter, body(s, single), null)).key).toBe('idempotencyKeyRequired');
      const refused = await move(sorter, body(s, single));
      expect(errorOf(refused)).toMatchObject({ status: 422, key: 'tooManyItemsInSingleItemLocation' });
      await expectStockInvariants(db, [s.item.id], 10000);
    });
  });

  it('answers 403 without the goodsSorting role', async () => {
    const s = await scene();
    const user = await makeUser(db, { roles: ['stockTransfer'] });
    const other = await signIn(t, user.username, user.password);
    expect((await staging(other, s.dock.code)).status).toBe(403);
    expect((await suggest(other, { location: s.dock.code, item: s.item.code })).status).toBe(403);
    expect((await move(other, body(s, await s.shelf()))).status).toBe(403);
    await expectStockInvariants(db, [s.item.id], 10000);
  });
});
