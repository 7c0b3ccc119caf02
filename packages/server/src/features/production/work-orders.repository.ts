import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';

export function listActiveWorkCenters(db: DbOrTx) {
  return db
    .selectFrom('work_center')
    .select(['code', 'visual_code', 'name'])
    .where('active', '=', 1)
    .orderBy('code_lower')
    .execute();
}

export function findWorkCenterByCodeLower(db: DbOrTx, codeLower: string) {
  return db
    .selectFrom('work_center')
    .select(['id', 'code', 'active'])
    .where('code_lower', '=', codeLower)
    .executeTakeFirst();
}

function workOrders(db: DbOrTx) {
  return db
    .selectFrom('work_order as o')
    .innerJoin('item as i', 'i.id', 'o.item_id')
    .leftJoin('warehouse as w', 'w.id', 'o.warehouse_id')
    .select([
      'o.id',
      'o.code',
      'o.visual_code',
      'o.status',
      'o.planned_qty',
      'o.completed_qty',
      'o.scrap_qty',
      'i.code as item_code',
      'i.visual_code as item_visual_code',
      'i.name as item_name',
      'w.code as warehouse_code',
    ]);
}
export type WorkOrderRow = Awaited<ReturnType<ReturnType<typeof workOrders>['execute']>>[number];

export function findWorkOrderByCodeLower(db: DbOrTx, codeLower: string): Promise<WorkOrderRow | undefined> {
  return workOrders(db).where('o.code_lower', '=', codeLower).executeTakeFirst();
}

export function findWorkOrdersByCodeLowers(db: DbOrTx, codeLowers: readonly string[]): Promise<WorkOrderRow[]> {
  return workOrders(db).where('o.code_lower', 'in', codeLowers).execute();
}

/**
 * Work orders that are not closed whose code, visual code or produced item code contains the
 * text (lower-cased), code-prefix matches first.
 */
export function autocompleteWorkOrders(db: DbOrTx, text: string, limit: number): Promise<WorkOrderRow[]> {
  const contains = `%${escapeLike(text)}%`;
  const prefix = `${escapeLike(text)}%`;
  return workOrders(db)
    .where('o.status', '<>', 'CLOSED')
    .where((eb) =>
      eb.or([
        sql<boolean>`o.code_lower like ${contains} escape '\\'`,
        sql<boolean>`lower(o.visual_code) like ${contains} escape '\\'`,
        sql<boolean>`i.code_lower like ${contains} escape '\\'`,
      ]),
    )
    .orderBy(sql`case when o.code_lower like ${prefix} escape '\\' then 0 else 1 end`)
    .orderBy('o.code_lower')
    .limit(limit)
    .execute();
}

/** The steps of the work orders, in step order, with their planned work center's code. */
export function stepsOfWorkOrders(db: DbOrTx, workOrderIds: readonly number[]) {
  return db
    .selectFrom('work_order_step as s')
    .leftJoin('work_center as c', 'c.id', 's.planned_work_center_id')
    .select([
      's.id',
      's.work_order_id',
      's.step_code',
      's.step_number',
      's.description',
      's.planned_work_center_id',
      'c.code as work_center_code',
    ])
    .where('s.work_order_id', 'in', workOrderIds)
    .orderBy('s.work_order_id')
    .orderBy('s.step_number')
    .orderBy('s.step_code')
    .execute();
}

export function findStep(db: DbOrTx, workOrderId: number, stepCodeLower: string) {
  return db
    .selectFrom('work_order_step')
    .select(['id', 'step_code', 'planned_work_center_id'])
    .where('work_order_id', '=', workOrderId)
    .where('step_code_lower', '=', stepCodeLower)
    .executeTakeFirst();
}

/** Adds booked quantities to the work order (atomic increments); no row updated when a total would drop below zero. */
export function addCompletedQuantities(db: DbOrTx, workOrderId: number, produced: number, scrap: number, at: string) {
  return db
    .updateTable('work_order')
    .set((eb) => ({
      completed_qty: eb('completed_qty', '+', produced),
      scrap_qty: eb('scrap_qty', '+', scrap),
      version: eb('version', '+', 1),
      updated_at: at,
    }))
    .where('id', '=', workOrderId)
    .where(sql<boolean>`completed_qty + ${produced} >= 0`)
    .where(sql<boolean>`scrap_qty + ${scrap} >= 0`)
    .executeTakeFirst();
}

export function activePlansOfItem(db: DbOrTx, itemId: number) {
  return db
    .selectFrom('work_order_plan')
    .select(['id', 'code', 'visual_code', 'name'])
    .where('item_id', '=', itemId)
    .where('active', '=', 1)
    .orderBy('code_lower')
    .execute();
}

export function findPlanByCodeLower(db: DbOrTx, codeLower: string) {
  return db
    .selectFrom('work_order_plan')
    .select(['id', 'code', 'visual_code', 'name', 'item_id', 'active'])
    .where('code_lower', '=', codeLower)
    .executeTakeFirst();
}

export function stepsOfPlans(db: DbOrTx, planIds: readonly number[]) {
  return db
    .selectFrom('work_order_plan_step as s')
    .leftJoin('work_center as c', 'c.id', 's.planned_work_center_id')
    .select([
      's.plan_id',
      's.step_code',
      's.step_number',
      's.description',
      's.planned_work_center_id',
      'c.code as work_center_code',
    ])
    .where('s.plan_id', 'in', planIds)
    .orderBy('s.plan_id')
    .orderBy('s.step_number')
    .orderBy('s.step_code')
    .execute();
}
