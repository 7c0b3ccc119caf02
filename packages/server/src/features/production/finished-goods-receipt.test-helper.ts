import { codeKey, toThousandths } from '@wms/contract';
import { makeDocument, uniqueCode, type Item, type Warehouse } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../util/time.js';

/** Calls and records of the finished goods receipt tests. */

let keyCounter = 0;
export const newKey = (): string => `fgr-${Date.now().toString(36)}-${++keyCounter}`;

export const receiptPath = '/api/v1/production/finished_goods_receipt';

export const getOrder = (client: HttpClient, order: string) =>
  client.get(`${receiptPath}/${encodeURIComponent(order)}`);

export const ordersOfItem = (client: HttpClient, item: string) =>
  client.get(`${receiptPath}?item=${encodeURIComponent(item)}`);

export const receive = (
  client: HttpClient,
  order: string,
  body: Record<string, unknown>,
  key: string | null = newKey(),
) =>
  client.post(
    `${receiptPath}/${encodeURIComponent(order)}/receive`,
    body,
    key === null ? {} : { 'Idempotency-Key': key },
  );

export interface WorkOrder {
  id: number;
  code: string;
  /** The production order document (same code), or null. */
  documentId: number | null;
}

/**
 * A work order of the item in the warehouse with `reported` output (completed_qty), as the ERP or
 * a line terminal would have left it, belonging to a production order document of the same code
 * (its product line planned = `planned`) unless withDocument is false.
 */
export async function makeWorkOrder(
  db: Db,
  input: {
    item: Item;
    warehouse: Warehouse | null;
    planned?: number;
    reported: number;
    received?: number;
    withDocument?: boolean;
    code?: string;
  },
): Promise<WorkOrder> {
  const code = input.code ?? uniqueCode('F-WO-');
  const planned = input.planned ?? input.reported;
  const document =
    input.withDocument === false
      ? null
      : await makeDocument(db, {
          type: 'PRODUCTION_ORDER',
          code,
          status: 'RELEASED',
          warehouse: input.warehouse,
          lines: [{ item: input.item, quantity: planned, product: true }],
        });
  const at = nowIso();
  const row = await db
    .insertInto('work_order')
    .values({
      code,
      code_lower: codeKey(code),
      visual_code: code,
      item_id: input.item.id,
      warehouse_id: input.warehouse?.id ?? null,
      status: 'RELEASED',
      planned_qty: toThousandths(planned),
      completed_qty: toThousandths(input.reported),
      received_qty: toThousandths(input.received ?? 0),
      document_id: document?.id ?? null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code, documentId: document?.id ?? null };
}

export async function receivedOf(db: Db, workOrderId: number): Promise<number> {
  const row = await db
    .selectFrom('work_order')
    .select('received_qty')
    .where('id', '=', workOrderId)
    .executeTakeFirstOrThrow();
  return Number(row.received_qty);
}
