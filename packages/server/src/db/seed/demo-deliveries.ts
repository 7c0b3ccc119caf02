import { toThousandths } from '@wms/contract';
import { createDeliveryInTransaction } from '../../features/deliveries/delivery-create.js';
import {
  findPickListByCode,
  insertContainer,
  insertPickList,
  setPacked,
  updateContainerStatus,
} from '../../features/pick-lists/pick-list-delivery.service.js';
import type { Tx } from '../database.js';
import { demoItemInBulk, demoPickContext, demoSalesOrder, pickDemoLines } from './demo-picked-lists.js';

/**
 * Demo data of packing and delivery (decision 0185), after demo-picking: the item PACK-DEMO-01
 * (shipping carton set) in 01-BK-02, and three orders picked into closed containers on route
 * NORTH: SO-PACK-1 a PICKED list not packed (for /pack or /pack_and_delivery), SO-PACK-2 a PICKED
 * packed list (for /delivery), SO-PACK-3 delivered (a DELIVERY document, for the dispatch app
 * and the packing slip). Picks go through the stock service (PICK), the delivery through the
 * delivery service, so ledger and balances agree. There is no carrier concept: the route is on
 * the lists.
 */
const orders = [
  { code: 'SO-PACK-1', customer: 'C0001', quantity: 4, container: 'PACK-DEMO-C1', packed: false, deliver: false },
  { code: 'SO-PACK-2', customer: 'C0002', quantity: 6, container: 'PACK-DEMO-C2', packed: true, deliver: false },
  { code: 'SO-PACK-3', customer: 'C0001', quantity: 5, container: 'PACK-DEMO-C3', packed: true, deliver: true },
] as const;

export async function seedDemoDeliveries(tx: Tx, at: string): Promise<void> {
  const ctx = await demoPickContext(tx);
  const itemId = await demoItemInBulk(tx, ctx, { code: 'PACK-DEMO-01', name: 'Shipping carton set', quantity: 40 }, at);

  for (const order of orders) {
    const quantity = toThousandths(order.quantity);
    const { partnerId, lineIds } = await demoSalesOrder(
      tx,
      ctx,
      { code: order.code, customer: order.customer, lines: [{ itemId, quantity, extras: { route: 'NORTH' } }] },
      at,
    );
    const [orderLineId] = lineIds;
    if (orderLineId === undefined) throw new Error('demo data: sales order line');
    const list = await insertPickList(tx, {
      warehouseId: ctx.warehouseId,
      partnerId,
      shipDate: at.slice(0, 10),
      shipToAddress: null,
      priority: 0,
      route: 'NORTH',
      origin: 'SALES_ORDER',
      createdBy: 'manager',
      at,
      status: 'PICKED',
      lines: [{ itemId, quantity, sourceLineId: orderLineId }],
    });
    const container = await insertContainer(tx, {
      code: order.container,
      sscc: false,
      warehouseId: ctx.warehouseId,
      type: 'BOX',
      boxType: 'BOX-S',
      pickListId: list.id,
      lengthMm: 300,
      widthMm: 200,
      heightMm: 150,
      username: 'picker',
      at,
    });
    const [line] = list.lines;
    if (!line) throw new Error('demo data: pick list line');
    await pickDemoLines(
      tx,
      ctx,
      {
        list,
        container,
        itemId,
        lines: [{ lineId: line.id, orderLineId, quantity, idempotencyKey: `demo-pack-${order.code}` }],
      },
      at,
    );
    await updateContainerStatus(tx, container.id, 'OPEN', {
      status: 'CLOSED',
      closedAt: at,
      weightMg: 1_500_000 * order.quantity,
    });
    if (order.packed) await setPacked(tx, list.id, true);
    if (order.deliver) {
      const head = await findPickListByCode(tx, list.code);
      if (!head) throw new Error('demo data: pick list');
      await createDeliveryInTransaction(tx, ctx.deps, ctx.user, head, `demo-delivery-${order.code}`);
    }
  }
}
