import { paddedCodeKey } from '@wms/contract';
import {
  makeBatch,
  makeBinLocation,
  makeDocument,
  makeItem,
  makeSerial,
  makeWarehouse,
  uniqueCode,
  type Batch,
  type BinLocation,
  type Item,
  type Serial,
  type Warehouse,
} from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import type { Db } from '../../db/database.js';

/** Calls and data of the goods returns tests. */

let keyCounter = 0;
export const newKey = (): string => `returns-${Date.now().toString(36)}-${++keyCounter}`;

export const returnsPath = '/api/v1/sales/returns';
const at = (code: string) => `${returnsPath}/${encodeURIComponent(code)}`;

export const openReturns = (client: HttpClient) => client.get(`${returnsPath}/open`);
export const detail = (client: HttpClient, code: string) => client.get(at(code));
export const createReturn = (client: HttpClient, salesOrder: string) =>
  client.post(`${returnsPath}/create`, { salesOrder });
export const claim = (client: HttpClient, code: string) => client.post(`${at(code)}/claim`);
export const cancel = (client: HttpClient, code: string) => client.post(`${at(code)}/cancel`);
export const undo = (client: HttpClient, code: string, entryId: number) =>
  client.request('DELETE', `${at(code)}/entries/${entryId}`);
export const progress = (
  client: HttpClient,
  code: string,
  body: Record<string, unknown>,
  key: string | null = newKey(),
) => client.post(`${at(code)}/update_progress_line`, body, key === null ? {} : { 'Idempotency-Key': key });
export const flush = (client: HttpClient, code: string, key: string | null = newKey()) =>
  client.post(`${at(code)}/flush`, undefined, key === null ? {} : { 'Idempotency-Key': key });

export async function makeCustomer(db: Db): Promise<{ id: number; code: string }> {
  const code = uniqueCode('F-C-');
  const row = await db
    .insertInto('business_partner')
    .values({ code, code_key: paddedCodeKey(code), visual_code: code, name: `Customer ${code}`, type: 'CUSTOMER' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code };
}

export interface ReturnScene {
  warehouse: Warehouse;
  customer: { id: number; code: string };
  returns: BinLocation;
  qc: BinLocation;
  reject: BinLocation;
  serialItem: Item;
  batchItem: Item;
  normalItem: Item;
  /** Delivered to the customer. */
  serials: [Serial, Serial];
  /** 10 delivered to the customer. */
  batch: Batch;
  /** A serial of the item delivered to another customer. */
  foreignSerial: Serial;
  salesOrder: string;
  /** Lines: 0 serial item (2), 1 batch item (10), 2 normal item (5). */
  code: string;
  /** The return document's id. */
  id: number;
}

/**
 * A warehouse with its returns locations set, a customer to whom a CLOSED sales order delivered
 * two serials, 10 of a batch and 5 of a normal item, another customer who got a third serial, and
 * an OPEN return of the customer for all of it.
 */
export async function returnScene(db: Db, options: { normalBlockForQc?: string } = {}): Promise<ReturnScene> {
  const warehouse = await makeWarehouse(db);
  const returns = await makeBinLocation(db, { warehouse, locationType: 'RECEIVE' });
  const qc = await makeBinLocation(db, { warehouse, locationType: 'QC' });
  const reject = await makeBinLocation(db, { warehouse });
  await db
    .updateTable('warehouse')
    .set({ return_location_id: returns.id, return_qc_location_id: qc.id, return_reject_location_id: reject.id })
    .where('id', '=', warehouse.id)
    .execute();
  const customer = await makeCustomer(db);
  const other = await makeCustomer(db);
  const serialItem = await makeItem(db, { managedBy: 'SERIAL_NUMBER' });
  const batchItem = await makeItem(db, { managedBy: 'BATCH_NUMBER' });
  const normalItem = await makeItem(db, { blockForQcType: options.normalBlockForQc ?? null });
  const serials: [Serial, Serial] = [
    await makeSerial(db, { item: serialItem }),
    await makeSerial(db, { item: serialItem }),
  ];
  const foreignSerial = await makeSerial(db, { item: serialItem });
  const batch = await makeBatch(db, { item: batchItem });
  const order = await makeDocument(db, {
    type: 'SALES_ORDER',
    status: 'CLOSED',
    warehouse,
    businessPartnerId: customer.id,
    lines: [
      ...serials.map((serial) => ({ item: serialItem, quantity: 1, open: 0, serial })),
      { item: batchItem, quantity: 10, open: 0, batch },
      { item: normalItem, quantity: 8, open: 3 },
    ],
  });
  await makeDocument(db, {
    type: 'SALES_ORDER',
    status: 'CLOSED',
    warehouse,
    businessPartnerId: other.id,
    lines: [{ item: serialItem, quantity: 1, open: 0, serial: foreignSerial }],
  });
  const document = await makeDocument(db, {
    type: 'SALES_RETURN',
    warehouse,
    businessPartnerId: customer.id,
    lines: [
      { item: serialItem, quantity: 2 },
      { item: batchItem, quantity: 10 },
      { item: normalItem, quantity: 5 },
    ],
  });
  return {
    warehouse,
    customer,
    returns,
    qc,
    reject,
    serialItem,
    batchItem,
    normalItem,
    serials,
    batch,
    foreignSerial,
    salesOrder: order.code,
    code: document.code,
    id: document.id,
  };
}
