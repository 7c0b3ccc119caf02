import { codeKey, documentLineDirection } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';

export function findWarehouseByCodeLower(db: DbOrTx, codeLower: string) {
  return db
    .selectFrom('warehouse')
    .select(['id', 'code', 'active'])
    .where('code_lower', '=', codeLower)
    .executeTakeFirst();
}

export function findSalesOrderByCodeLower(db: DbOrTx, codeLower: string) {
  return db
    .selectFrom('document')
    .select(['id', 'code', 'status'])
    .where('type', '=', 'SALES_ORDER')
    .where('code_lower', '=', codeLower)
    .executeTakeFirst();
}

/** The highest work order id (0 when none): the start of the next generated code. */
export async function maxWorkOrderId(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('work_order')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** Whether a production order document or a work order already has the code. */
export async function productionCodeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const key = codeKey(code);
  const [document, workOrder] = await Promise.all([
    db
      .selectFrom('document')
      .select('id')
      .where('type', '=', 'PRODUCTION_ORDER')
      .where('code_lower', '=', key)
      .executeTakeFirst(),
    db.selectFrom('work_order').select('id').where('code_lower', '=', key).executeTakeFirst(),
  ]);
  return Boolean(document ?? workOrder);
}

export interface NewProductionOrder {
  code: string;
  status: string;
  itemId: number;
  warehouseId: number;
  quantity: number;
  salesOrderId: number | null;
  planId: number | null;
  dueDate: string | null;
  steps: { stepCode: string; stepNumber: number; description: string | null; workCenterId: number | null }[];
}

/**
 * Writes a production order: the document (type PRODUCTION_ORDER) with its product line (IN,
 * open quantity = quantity), the work order linked to it, and the work order's steps.
 * Answers the work order id.
 */
export async function insertProductionOrder(db: DbOrTx, order: NewProductionOrder, at: string): Promise<number> {
  const document = await db
    .insertInto('document')
    .values({
      type: 'PRODUCTION_ORDER',
      code: order.code,
      code_lower: codeKey(order.code),
      visual_code: order.code,
      status: order.status,
      warehouse_id: order.warehouseId,
      business_partner_id: null,
      document_date: at.slice(0, 10),
      due_date: order.dueDate,
      ship_date: order.dueDate,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('document_line')
    .values({
      document_id: document.id,
      line_number: 0,
      item_id: order.itemId,
      direction: documentLineDirection('PRODUCTION_ORDER', true),
      quantity: order.quantity,
      open_quantity: order.quantity,
    })
    .execute();
  const workOrder = await db
    .insertInto('work_order')
    .values({
      code: order.code,
      code_lower: codeKey(order.code),
      visual_code: order.code,
      item_id: order.itemId,
      warehouse_id: order.warehouseId,
      status: order.status,
      planned_qty: order.quantity,
      document_id: document.id,
      sales_order_id: order.salesOrderId,
      work_order_plan_id: order.planId,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (order.steps.length > 0) {
    await db
      .insertInto('work_order_step')
      .values(
        order.steps.map((step) => ({
          work_order_id: workOrder.id,
          step_code: step.stepCode,
          step_code_lower: step.stepCode.toLowerCase(),
          step_number: step.stepNumber,
          description: step.description,
          planned_work_center_id: step.workCenterId,
        })),
      )
      .execute();
  }
  return workOrder.id;
}
