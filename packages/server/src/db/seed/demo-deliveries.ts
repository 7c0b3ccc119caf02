import { paddedCodeKey, toThousandths } from '@wms/contract';
import { createDeliveryInTransaction } from '../../features/deliveries/delivery-create.js';
import { createDocumentHead, createDocumentLines } from '../../features/documents/document-create.service.js';
import { newItemRow } from '../../features/items/item-rows.js';
import {
  addToLineProgress,
  changeReleasedQuantity,
  findPickListByCode,
  insertContainer,
  insertPickEntries,
  insertPickList,
  setPacked,
  updateContainerStatus,
} from '../../features/pick-lists/pick-list-delivery.service.js';
import { applyStockMovement } from '../../features/stock/stock.service.js';
import { isSqlite } from '../compiled-query.js';
import type { Tx } from '../database.js';

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
  const deps = { dialect: isSqlite(tx) ? ('sqlite' as const) : ('postgres' as const) };
  const warehouse = await tx
    .selectFrom('warehouse')
    .select('id')
    .where('code_lower', '=', '01')
    .executeTakeFirstOrThrow();
  const bulk = await tx
    .selectFrom('bin_location')
    .select('id')
    .where('code_lower', '=', '01-bk-02')
    .executeTakeFirstOrThrow();
  const admin = await tx
    .selectFrom('app_user')
    .select(['id', 'username'])
    .where('username_lower', '=', 'admin')
    .executeTakeFirstOrThrow();
  const item = await tx
    .insertInto('item')
    .values(newItemRow({ code: 'PACK-DEMO-01', name: 'Shipping carton set', managedBy: 'NORMAL' }, at))
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = { userId: admin.id, username: admin.username };
  await applyStockMovement(tx, deps, {
    type: 'RECEIPT',
    user,
    lines: [{ itemId: item.id, batchId: null, serialId: null, binLocationId: bulk.id, onHandDelta: toThousandths(40) }],
  });

  for (const order of orders) {
    const partner = await tx
      .selectFrom('business_partner')
      .select('id')
      .where('code_key', '=', paddedCodeKey(order.customer))
      .executeTakeFirstOrThrow();
    const quantity = toThousandths(order.quantity);
    const orderId = await createDocumentHead(tx, {
      type: 'SALES_ORDER',
      code: order.code,
      status: 'OPEN',
      warehouseId: warehouse.id,
      partnerId: partner.id,
      at,
      dueDate: at.slice(0, 10),
      shipDate: at.slice(0, 10),
    });
    if (orderId === undefined) throw new Error(`demo data: sales order ${order.code} exists already`);
    await createDocumentLines(tx, orderId, 'SALES_ORDER', [{ itemId: item.id, quantity, extras: { route: 'NORTH' } }]);
    const orderLine = await tx
      .selectFrom('document_line')
      .select('id')
      .where('document_id', '=', orderId)
      .executeTakeFirstOrThrow();

    const list = await insertPickList(tx, {
      warehouseId: warehouse.id,
      partnerId: partner.id,
      shipDate: at.slice(0, 10),
      shipToAddress: null,
      priority: 0,
      route: 'NORTH',
      origin: 'SALES_ORDER',
      createdBy: 'manager',
      at,
      status: 'PICKED',
      lines: [{ itemId: item.id, quantity, sourceLineId: orderLine.id }],
    });
    if (!(await changeReleasedQuantity(tx, orderLine.id, quantity))) throw new Error('demo data: released quantity');
    const container = await insertContainer(tx, {
      code: order.container,
      sscc: false,
      warehouseId: warehouse.id,
      type: 'BOX',
      boxType: 'BOX-S',
      pickListId: list.id,
      lengthMm: 300,
      widthMm: 200,
      heightMm: 150,
      username: 'picker',
      at,
    });
    await applyStockMovement(tx, deps, {
      type: 'PICK',
      documentRef: { type: 'PICK_LIST', code: list.code },
      user,
      lines: [
        { itemId: item.id, batchId: null, serialId: null, binLocationId: bulk.id, onHandDelta: -quantity },
        {
          itemId: item.id,
          batchId: null,
          serialId: null,
          binLocationId: container.binLocationId,
          onHandDelta: quantity,
          pickDelta: quantity,
        },
      ],
    });
    const [line] = list.lines;
    if (!line) throw new Error('demo data: pick list line');
    await insertPickEntries(tx, [
      {
        documentLineId: line.id,
        documentId: list.id,
        itemId: item.id,
        batchId: null,
        serialId: null,
        binLocationId: bulk.id,
        containerId: container.id,
        quantity,
        userId: admin.id,
        username: 'picker',
        at,
        idempotencyKey: `demo-pack-${order.code}`,
      },
    ]);
    await addToLineProgress(tx, line.id, { picked: quantity, short: 0 });
    await updateContainerStatus(tx, container.id, 'OPEN', {
      status: 'CLOSED',
      closedAt: at,
      weightMg: 1_500_000 * order.quantity,
    });
    if (order.packed) await setPacked(tx, list.id, true);
    if (order.deliver) {
      const head = await findPickListByCode(tx, list.code);
      if (!head) throw new Error('demo data: pick list');
      await createDeliveryInTransaction(tx, deps, user, head, `demo-delivery-${order.code}`);
    }
  }
}
