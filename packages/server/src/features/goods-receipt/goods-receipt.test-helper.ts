import type { OverReceiptMode } from '@wms/contract';
import {
  makeBinLocation,
  makeDocument,
  makeItem,
  makeWarehouse,
  type BinLocation,
  type Item,
  type Warehouse,
} from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import type { Db } from '../../db/database.js';
import type { ItemInput } from '../items/item-rows.js';
import { setWarehouseReceiptSettings } from './receipt-settings.service.js';

/** Calls and scenes of the goods receipt tests (the stock invariants are in test/stock-invariants.ts). */

let keyCounter = 0;
export const newKey = (): string => `receipt-${Date.now().toString(36)}-${++keyCounter}`;

export const receiptPath = '/api/v1/goods_receipt';

export const openReceipt = (client: HttpClient, sourceCode: string, sourceType = 'PURCHASE_ORDER') =>
  client.post(`${receiptPath}/open`, { sourceType, sourceCode });

export const getReceipt = (client: HttpClient, receipt: string) =>
  client.get(`${receiptPath}/${encodeURIComponent(receipt)}`);

export const progress = (
  client: HttpClient,
  receipt: string,
  line: number,
  body: Record<string, unknown>,
  key: string | null = newKey(),
  headers: Record<string, string> = {},
) =>
  client.post(
    `${receiptPath}/${encodeURIComponent(receipt)}/line/${line}/progress`,
    body,
    key === null ? headers : { ...headers, 'Idempotency-Key': key },
  );

export const finish = (client: HttpClient, receipt: string, key: string | null = newKey()) =>
  client.post(
    `${receiptPath}/${encodeURIComponent(receipt)}/finish`,
    {},
    key === null ? {} : { 'Idempotency-Key': key },
  );

export interface ReceiptScene {
  warehouse: Warehouse;
  staging: BinLocation;
  qc: BinLocation;
  item: Item;
  po: { code: string; id: number };
}

/**
 * A warehouse with a receipt staging location (RECEIVE) and a QC location, the over-receipt rule,
 * a new item and a purchase order of it due today (one line per quantity).
 */
export async function receiptScene(
  db: Db,
  options: {
    mode?: OverReceiptMode;
    tolerance?: number;
    quantities?: number[];
    item?: Partial<ItemInput> & { managedBy?: Item['managedBy'] };
    sourceType?: 'PURCHASE_ORDER' | 'PLANNED_GOODS_RECEIPT';
    extras?: (Record<string, unknown> | null)[];
  } = {},
): Promise<ReceiptScene> {
  const warehouse = await makeWarehouse(db);
  const staging = await makeBinLocation(db, { warehouse, locationType: 'RECEIVE' });
  const qc = await makeBinLocation(db, { warehouse, locationType: 'QC' });
  await setWarehouseReceiptSettings(db, warehouse.code, {
    receiptStagingLocationCode: staging.code,
    overReceiptMode: options.mode ?? 'CONFIRM',
    overReceiptTolerancePercent: options.tolerance ?? 10,
  });
  const item = await makeItem(db, options.item ?? {});
  const po = await makeDocument(db, {
    type: options.sourceType ?? 'PURCHASE_ORDER',
    warehouse,
    dueDate: new Date().toISOString().slice(0, 10),
    lines: (options.quantities ?? [10]).map((quantity, i) => ({ item, quantity, extras: options.extras?.[i] ?? null })),
  });
  return { warehouse, staging, qc, item, po: { code: po.code, id: po.id } };
}

/** Opens a receipt of the scene's order and answers its code. */
export async function openedReceipt(client: HttpClient, scene: ReceiptScene, sourceType?: string): Promise<string> {
  const answer = await openReceipt(client, scene.po.code, sourceType);
  if (answer.status !== 200) throw new Error(`open: ${answer.status} ${JSON.stringify(answer.json)}`);
  return (answer.json as { receipt: { code: string } }).receipt.code;
}

export const daysFromToday = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
