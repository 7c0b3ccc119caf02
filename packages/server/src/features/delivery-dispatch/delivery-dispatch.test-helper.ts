import { codeKey } from '@wms/contract';
import { makeBinLocation, makeDocument, makeWarehouse, uniqueCode, type Warehouse } from '../../../test/factories.js';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../util/time.js';
import { makeCustomer } from '../pick-lists/pick-lists.test-helper.js';

/**
 * Deliveries for the dispatch tests, as features/deliveries leaves them after delivery creation:
 * a CLOSED pick list (with its route), a CREATED DELIVERY document with its delivery row, and its
 * shipping containers DELIVERED (their stock already issued). Built straight in the tables so the
 * dispatch tests do not depend on packing and picking.
 */

let keyCounter = 0;
export const newDispatchKey = (): string => `dispatch-${Date.now().toString(36)}-${++keyCounter}`;

export const dispatchPath = '/api/v1/delivery_dispatch';
export const loadAt = (id: number) => `${dispatchPath}/load/${id}`;

export interface DeliveryFixture {
  id: number;
  code: string;
  route: string | null;
  containers: string[];
  warehouse: Warehouse;
}

export async function makeDispatchableDelivery(
  db: Db,
  input: { containers: number; route?: string | null; warehouse?: Warehouse },
): Promise<DeliveryFixture> {
  const warehouse = input.warehouse ?? (await makeWarehouse(db));
  const customer = await makeCustomer(db);
  const route = input.route === undefined ? 'R1' : input.route;
  const at = nowIso();
  const pickList = await makeDocument(db, {
    type: 'PICK_LIST',
    status: 'CLOSED',
    warehouse,
    businessPartnerId: customer.id,
    lines: [],
  });
  await db
    .insertInto('pick_list')
    .values({ document_id: pickList.id, route, packed: 1, origin: 'SALES_ORDER', created_by: 'test' })
    .execute();
  const delivery = await makeDocument(db, {
    type: 'DELIVERY',
    code: uniqueCode('F-DL-'),
    status: 'CREATED',
    warehouse,
    businessPartnerId: customer.id,
    lines: [],
  });
  await db
    .insertInto('delivery')
    .values({ document_id: delivery.id, pick_list_id: pickList.id, created_by: 'test' })
    .execute();
  const containers: string[] = [];
  for (let index = 0; index < input.containers; index += 1) {
    const code = uniqueCode('F-SC-');
    const bin = await makeBinLocation(db, { warehouse, locationType: 'MOBILE', code });
    await db
      .insertInto('shipping_container')
      .values({
        code,
        code_lower: codeKey(code),
        sscc: 0,
        bin_location_id: bin.id,
        type: 'BOX',
        status: 'DELIVERED',
        pick_list_id: pickList.id,
        delivery_id: delivery.id,
        created_by: 'test',
        created_at: at,
        closed_at: at,
      })
      .execute();
    containers.push(code);
  }
  return { id: delivery.id, code: delivery.code, route, containers, warehouse };
}

/** The shared /delivery_dispatch counter as stored (undefined: never set). */
export async function dispatchCounter(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('notification_counter')
    .select('count')
    .where('path', '=', '/delivery_dispatch')
    .where('user_id', '=', 0)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.count);
}
