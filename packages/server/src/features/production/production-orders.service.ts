import {
  codeKey,
  fromThousandths,
  toThousandths,
  type ProductionOrderCreateRequest,
  type ProductionOrderCreated,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { badRequest, notFound, unprocessable } from '../../http/app-error.js';
import { runIdempotent, type IdempotentResult } from '../../http/idempotency.js';
import { nowIso } from '../../util/time.js';
import { publishItemsChanged } from '../items/item-live.js';
import { findItemRowOrThrow } from '../items/items.service.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import * as repository from './production-orders.repository.js';
import * as workOrders from './work-orders.repository.js';
import { planSteps } from './work-orders.service.js';

/** Codes of created production orders (and their work orders): PRD- and six digits or more. */
export const productionOrderCodePrefix = 'PRD-';
const codeAttempts = 3;

/** The next free code: from the highest work order id up, skipping codes already used. */
async function nextProductionOrderCode(db: DbOrTx): Promise<string> {
  let number = (await repository.maxWorkOrderId(db)) + 1;
  for (;;) {
    const code = `${productionOrderCodePrefix}${String(number).padStart(6, '0')}`;
    if (!(await repository.productionCodeTaken(db, code))) return code;
    number += 1;
  }
}

/**
 * Resolves the codes of a createOrder request: the item (404
 * unknownItemForCode), the warehouse (404 unknownWarehouse; inactive: 422 warehouseInactive),
 * an active plan of that item (404 unknownWorkOrderPlan {code, itemCode}) and the optional
 * sales order (404 unknownOrder {code}). The quantity must stay above zero in thousandths.
 */
async function resolveRequest(ctx: AppContext, input: ProductionOrderCreateRequest) {
  const quantity = toThousandths(input.targetQuantity);
  if (quantity <= 0) {
    throw badRequest('invalidInput', { fields: [{ field: 'body.targetQuantity', message: 'must be at least 0.001' }] });
  }
  const item = await findItemRowOrThrow(ctx, input.itemCode);
  const warehouse = await repository.findWarehouseByCodeLower(ctx.db, codeKey(input.warehouseCode));
  if (!warehouse) throw notFound('unknownWarehouse', { code: input.warehouseCode });
  if (warehouse.active !== 1) throw unprocessable('warehouseInactive', { code: warehouse.code });
  const plan = await workOrders.findPlanByCodeLower(ctx.db, codeKey(input.workOrderPlanCode));
  if (!plan || plan.item_id !== item.id || plan.active !== 1) {
    throw notFound('unknownWorkOrderPlan', { code: input.workOrderPlanCode, itemCode: item.code });
  }
  let salesOrder: { id: number; code: string } | null = null;
  if (input.salesOrderCode) {
    salesOrder = (await repository.findSalesOrderByCodeLower(ctx.db, codeKey(input.salesOrderCode))) ?? null;
    if (!salesOrder) throw notFound('unknownOrder', { code: input.salesOrderCode });
  }
  const steps = (await planSteps(ctx.db, [plan.id])).get(plan.id) ?? [];
  return { quantity, item, warehouse, plan, salesOrder, steps };
}

/**
 * createOrder: a production order document (PLANNED, or RELEASED with releaseAfterCreate) with
 * an IN line for the item (open quantity = target), and its work order with the plan's steps,
 * in one transaction. The Idempotency-Key makes a retried create answer the first order. After
 * the commit ITEM_CHANGED for the item (its open documents changed).
 */
export async function createProductionOrder(
  ctx: AppContext,
  principal: Principal,
  input: ProductionOrderCreateRequest,
  idempotencyKey: string,
): Promise<IdempotentResult<ProductionOrderCreated>> {
  const { quantity, item, warehouse, plan, salesOrder, steps } = await resolveRequest(ctx, input);
  const status = input.releaseAfterCreate ? 'RELEASED' : 'PLANNED';
  const create = () =>
    runIdempotent(
      ctx.db,
      { scope: 'production.createOrder', key: idempotencyKey, userId: principal.userId, request: input, status: 201 },
      async (tx): Promise<ProductionOrderCreated> => {
        const code = await nextProductionOrderCode(tx);
        await repository.insertProductionOrder(
          tx,
          {
            code,
            status,
            itemId: item.id,
            warehouseId: warehouse.id,
            quantity,
            salesOrderId: salesOrder?.id ?? null,
            planId: plan.id,
            dueDate: null,
            steps: steps.map((step) => ({
              stepCode: step.step_code,
              stepNumber: step.step_number,
              description: step.description,
              workCenterId: step.planned_work_center_id,
            })),
          },
          nowIso(),
        );
        return {
          code,
          visualCode: code,
          status,
          itemCode: item.code,
          warehouseCode: warehouse.code,
          workOrderPlanCode: plan.code,
          targetQuantity: fromThousandths(quantity),
          salesOrderCode: salesOrder?.code ?? null,
          steps: steps.map((step) => ({
            stepCode: step.step_code,
            stepNumber: step.step_number,
            description: step.description,
            plannedWorkCenterCode: step.work_center_code,
          })),
        };
      },
    );
  // Two concurrent creates may pick the same code; the loser's unique violation rolls back and retries.
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await create();
      if (!result.replayed) publishItemsChanged(ctx, [item.code]);
      return result;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= codeAttempts) throw error;
    }
  }
}
