import type { Role } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser, uniqueCode } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import {
  importRows,
  orderScene,
  rowsOf,
  storedDocument,
  type OrderScene,
} from '../order-importers/order-importers.test-helper.js';
import { salesOrderImporter } from '../order-importers/sales-orders.importer.js';
import { insertPickList } from '../pick-lists/pick-lists.repository.js';
import { assertAddressDeliverable } from './address-gate.js';
import { countInvalid } from './address-validation.repository.js';

const path = '/api/v1/address';

describe('address validation', () => {
  let t: TestApp;
  let db: Db;
  let s: OrderScene;
  let clerk: HttpClient;
  let clerkName: string;
  let outsider: HttpClient;

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    s = await orderScene(db);
    const client = async (roles: Role[]) => {
      const user = await makeUser(db, { roles });
      return { user, client: await signIn(t, user.username, user.password) };
    };
    const c = await client(['addressValidation']);
    clerk = c.client;
    clerkName = c.user.username;
    outsider = (await client(['picklistGenerator'])).client;
  });
  afterAll(async () => t.close());

  /** Imports a one-line sales order shipping to the address; answers its code and id. */
  async function importOrder(postcode: string, country = 'NL') {
    const reference = uniqueCode('SO-AV-');
    await importRows(
      t,
      salesOrderImporter,
      rowsOf([
        {
          customerCode: s.customer.code,
          warehouseCode: s.warehouse.code,
          itemCode: s.item.code,
          quantity: '1',
          orderReference: reference,
          shipToName: 'Bakker Retail BV',
          shipToStreet: 'Havenweg 12',
          shipToPostcode: postcode,
          shipToCity: 'Rotterdam',
          shipToCountry: country,
        },
      ]),
    );
    const order = (await storedDocument(db, 'SALES_ORDER', reference))!;
    return { code: reference, id: order.id };
  }

  /** A RELEASED pick list made of the order's lines (as creation makes it). */
  async function pickListOf(orderId: number) {
    const lines = await db
      .selectFrom('document_line')
      .select(['id', 'item_id'])
      .where('document_id', '=', orderId)
      .execute();
    const order = await db
      .selectFrom('document')
      .select('ship_to_address')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return db.transaction().execute((tx) =>
      insertPickList(tx, {
        warehouseId: s.warehouse.id,
        partnerId: s.customer.id,
        shipDate: null,
        shipToAddress: order.ship_to_address,
        priority: 0,
        route: null,
        origin: 'SALES_ORDER',
        createdBy: 'test',
        at: nowIso(),
        lines: lines.map((l) => ({ itemId: l.item_id, quantity: 1000, sourceLineId: l.id })),
      }),
    );
  }

  async function recordOf(orderCode: string) {
    const page = await clerk.get(`${path}/all?status=INVALID&search=${encodeURIComponent(orderCode)}`);
    expect(page.status, page.text).toBe(200);
    return page.json.rows[0] as { id: number; version: number; status: string; reasons: unknown[] } | undefined;
  }

  const gateError = async (pickListId: number) => {
    try {
      await assertAddressDeliverable(db, pickListId);
      return undefined;
    } catch (error) {
      if (error instanceof AppError) return { status: error.status, key: error.key, args: error.args };
      throw error;
    }
  };

  it('lists the demo order SO-ADDR-1 (postcode ABCDE) as INVALID to the demo admin', async () => {
    const admin = await signIn(t, 'admin');
    const page = await admin.get(`${path}/all?search=SO-ADDR-1`);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({
      total: 1,
      rows: [
        { documentCode: 'SO-ADDR-1', customer: 'C0001', status: 'INVALID', reasons: [{ key: 'postcodeInvalid' }] },
      ],
    });
  });

  it('validates an imported order: an invalid postcode is INVALID with its reason, and the gate refuses it', async () => {
    const order = await importOrder('ABCDE');
    const record = await recordOf(order.code);
    expect(record).toMatchObject({
      status: 'INVALID',
      reasons: [{ key: 'postcodeInvalid', args: { postcode: 'ABCDE', country: 'NL' } }],
      version: 1,
    });
    const list = await pickListOf(order.id);
    expect(await gateError(list.id)).toMatchObject({
      status: 422,
      key: 'addressNotValidated',
      args: { reasons: [{ key: 'postcodeInvalid' }] },
    });
  });

  it('a valid imported address is VALID and passes the gate; an address never validated is checked on the spot', async () => {
    const order = await importOrder('3011 AB');
    const stored = await db
      .selectFrom('address_validation')
      .select('status')
      .where('document_id', '=', order.id)
      .execute();
    expect(stored).toEqual([{ status: 'VALID' }]);
    expect(await gateError((await pickListOf(order.id)).id)).toBeUndefined();

    await db.deleteFrom('address_validation').where('document_id', '=', order.id).execute();
    await db.updateTable('document_line').set({ extras: null }).where('document_id', '=', order.id).execute();
    await db
      .updateTable('document')
      .set({ ship_to_address: JSON.stringify({ name: 'X', street: 'Y', postcode: '1', city: 'Z', countryCode: 'DE' }) })
      .where('id', '=', order.id)
      .execute();
    expect(await gateError((await pickListOf(order.id)).id)).toMatchObject({ key: 'addressNotValidated' });
  });

  it('edit plus revalidate makes it VALID, writes the address back to the order and its open pick list, and the gate passes', async () => {
    const order = await importOrder('ABCDE');
    const list = await pickListOf(order.id);
    const record = (await recordOf(order.code))!;
    const address = {
      name: 'Bakker Retail BV',
      street: 'Havenweg 12',
      postcode: '3011AB',
      city: 'Rotterdam',
      countryCode: 'nl',
    };

    const edited = await clerk.post(`${path}/${record.id}/edit`, { version: record.version, address });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      status: 'VALID',
      version: 2,
      original: { postcode: 'ABCDE' },
      address: { postcode: '3011AB', countryCode: 'NL' },
    });
    expect(edited.json.history.map((h: { action: string }) => h.action)).toEqual(['VALIDATE', 'EDIT']);
    expect(edited.json.history[1]).toMatchObject({
      username: clerkName,
      before: { postcode: 'ABCDE' },
      after: { postcode: '3011AB' },
    });

    const revalidated = await clerk.post(`${path}/${record.id}/revalidate`, { version: 2 });
    expect(revalidated.json).toMatchObject({ status: 'VALID', version: 3, reasons: [] });

    for (const id of [order.id, list.id]) {
      const head = await db
        .selectFrom('document')
        .select('ship_to_address')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(head.ship_to_address!)).toMatchObject({ postcode: '3011AB', countryCode: 'NL' });
    }
    expect(await gateError(list.id)).toBeUndefined();
  });

  it('approve sets VALID only when the rules pass; override needs a comment, is logged with the user and passes the gate', async () => {
    const order = await importOrder('ABCDE');
    const list = await pickListOf(order.id);
    const record = (await recordOf(order.code))!;

    const approve = await clerk.post(`${path}/${record.id}/approve`, { version: record.version });
    expect(approve.status).toBe(422);
    expect(approve.json).toMatchObject({ key: 'addressStillInvalid', args: { reasons: [{ key: 'postcodeInvalid' }] } });

    for (const comment of [undefined, '', '   ', 'x'.repeat(501)]) {
      const refused = await clerk.post(`${path}/${record.id}/override`, { version: record.version, comment });
      expect(refused.status).toBe(400);
    }
    const overridden = await clerk.post(`${path}/${record.id}/override`, {
      version: record.version,
      comment: 'Customer confirmed by phone',
    });
    expect(overridden.status).toBe(200);
    expect(overridden.json).toMatchObject({ status: 'OVERRIDDEN', version: 2 });
    expect(overridden.json.history[1]).toMatchObject({
      action: 'OVERRIDE',
      username: clerkName,
      comment: 'Customer confirmed by phone',
      status: 'OVERRIDDEN',
    });
    expect(await gateError(list.id)).toBeUndefined();

    const listed = await clerk.get(`${path}/all?status=OVERRIDDEN&search=${encodeURIComponent(order.code)}`);
    expect(listed.json).toMatchObject({ total: 1, rows: [{ id: record.id }] });
  });

  it('answers 412 on a stale version, 404 on an unknown record, 400 on bad input', async () => {
    const order = await importOrder('ABCDE');
    const record = (await recordOf(order.code))!;
    expect((await clerk.post(`${path}/${record.id}/revalidate`, { version: record.version })).status).toBe(200);
    for (const [action, body] of [
      ['revalidate', { version: record.version }],
      ['approve', { version: record.version }],
      ['override', { version: record.version, comment: 'ok' }],
      [
        'edit',
        {
          version: record.version,
          address: { name: 'a', street: 'b', postcode: '1000', city: 'c', countryCode: 'BE' },
        },
      ],
    ] as const) {
      const stale = await clerk.post(`${path}/${record.id}/${action}`, body);
      expect(stale.status, action).toBe(412);
      expect(stale.json.key).toBe('optimisticLockConflict');
    }
    const missing = await clerk.get(`${path}/999999`);
    expect(missing.status).toBe(404);
    expect(missing.json.key).toBe('unknownAddressValidation');
    const tooLong = await clerk.post(`${path}/${record.id}/edit`, {
      version: 2,
      address: { name: 'n'.repeat(201), street: 'b', postcode: '1000', city: 'c', countryCode: 'BE' },
    });
    expect(tooLong.status).toBe(400);
    expect((await clerk.get(`${path}/all?limit=501`)).status).toBe(400);
  });

  it('refuses every route to a user without addressValidation (403)', async () => {
    const order = await importOrder('ABCDE');
    const record = (await recordOf(order.code))!;
    const calls = [
      outsider.get(`${path}/all`),
      outsider.get(`${path}/${record.id}`),
      outsider.post(`${path}/${record.id}/edit`, {
        version: 1,
        address: { name: 'a', street: 'b', postcode: 'c', city: 'd', countryCode: 'NL' },
      }),
      outsider.post(`${path}/${record.id}/revalidate`, { version: 1 }),
      outsider.post(`${path}/${record.id}/approve`, { version: 1 }),
      outsider.post(`${path}/${record.id}/override`, { version: 1, comment: 'no' }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(403);
    expect(
      await db.selectFrom('address_validation').select('version').where('id', '=', record.id).executeTakeFirst(),
    ).toEqual({
      version: 1,
    });
  });

  it('sets the /address_validation counter to the INVALID addresses after each change', async () => {
    const setCounter = vi.spyOn(t.app.ctx.live, 'setCounter');
    const order = await importOrder('ABCDE');
    const before = await countInvalid(db);
    expect(setCounter).toHaveBeenLastCalledWith('/address_validation', null, before);
    const record = (await recordOf(order.code))!;
    await clerk.post(`${path}/${record.id}/override`, { version: record.version, comment: 'ok' });
    expect(await countInvalid(db)).toBe(before - 1);
    expect(setCounter).toHaveBeenLastCalledWith('/address_validation', null, before - 1);
    setCounter.mockRestore();
  });
});
