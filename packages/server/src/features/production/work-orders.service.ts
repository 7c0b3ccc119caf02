import {
  codeKey,
  fromThousandths,
  workOrderAutocompleteLimit,
  type WorkCenter,
  type WorkOrder,
  type WorkOrderPlan,
  type WorkOrderStatus,
  type WorkOrderStep,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { findItemRowOrThrow } from '../items/items.service.js';
import * as repository from './work-orders.repository.js';
import type { WorkOrderRow } from './work-orders.repository.js';

export function toWorkOrder(row: WorkOrderRow): WorkOrder {
  return {
    code: row.code,
    visualCode: row.visual_code,
    status: row.status as WorkOrderStatus,
    producedItem: { code: row.item_code, visualCode: row.item_visual_code, name: row.item_name },
    warehouseCode: row.warehouse_code,
    plannedQuantity: fromThousandths(row.planned_qty),
    completedQuantity: fromThousandths(row.completed_qty),
    scrapQuantity: fromThousandths(row.scrap_qty),
  };
}

const toStep = (row: {
  step_code: string;
  step_number: number;
  description: string | null;
  work_center_code: string | null;
}): WorkOrderStep => ({
  stepCode: row.step_code,
  stepNumber: row.step_number,
  description: row.description,
  plannedWorkCenterCode: row.work_center_code,
});

/** getResources: the active work centers. */
export async function listWorkCenters(ctx: AppContext): Promise<WorkCenter[]> {
  return (await repository.listActiveWorkCenters(ctx.db)).map((row) => ({
    code: row.code,
    visualCode: row.visual_code,
    name: row.name,
  }));
}

/** getWorkOrders: orders that are not closed, case-insensitive contains on code, visual code or item; at most 10. */
export async function autocompleteWorkOrders(ctx: AppContext, text: string): Promise<WorkOrder[]> {
  const rows = await repository.autocompleteWorkOrders(ctx.db, text.trim().toLowerCase(), workOrderAutocompleteLimit);
  return rows.map(toWorkOrder);
}

/** getWorkOrderStepsForMultipleAsMap: steps per work order code as stored; unknown codes are left out. */
export async function stepsOfWorkOrders(ctx: AppContext, codes: readonly string[]) {
  const orders = await repository.findWorkOrdersByCodeLowers(ctx.db, [...new Set(codes.map(codeKey))]);
  const answer: Record<string, WorkOrderStep[]> = {};
  if (orders.length === 0) return answer;
  const steps = await repository.stepsOfWorkOrders(
    ctx.db,
    orders.map((order) => order.id),
  );
  for (const order of orders) {
    answer[order.code] = steps.filter((step) => step.work_order_id === order.id).map(toStep);
  }
  return answer;
}

/** The active plans of an item with their steps (no item: 404 unknownItemForCode). */
export async function plansOfItem(ctx: AppContext, itemCode: string): Promise<WorkOrderPlan[]> {
  const item = await findItemRowOrThrow(ctx, itemCode);
  const plans = await repository.activePlansOfItem(ctx.db, item.id);
  const steps = await planSteps(
    ctx.db,
    plans.map((plan) => plan.id),
  );
  return plans.map((plan) => ({
    code: plan.code,
    visualCode: plan.visual_code,
    name: plan.name,
    itemCode: item.code,
    steps: (steps.get(plan.id) ?? []).map(toStep),
  }));
}

/** The steps of the plans by plan id, in step order. */
export async function planSteps(db: DbOrTx, planIds: readonly number[]) {
  const byPlan = new Map<number, Awaited<ReturnType<typeof repository.stepsOfPlans>>>();
  if (planIds.length === 0) return byPlan;
  for (const step of await repository.stepsOfPlans(db, planIds)) {
    byPlan.set(step.plan_id, [...(byPlan.get(step.plan_id) ?? []), step]);
  }
  return byPlan;
}
