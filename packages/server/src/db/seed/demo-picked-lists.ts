import { paddedCodeKey, toThousandths } from '@wms/contract';
import {
  createDocumentHead,
  createDocumentLines,
  type NewDocumentLine,
} from '../../features/documents/document-create.service.js';
import { newItemRow } from '../../features/items/item-rows.js';
import {
  addToLineProgress,
  changeReleasedQuantity,
  insertPickEntries,
} from '../../features/pick-lists/pick-list-delivery.service.js';
import { applyStockMovement } from '../../features/stock/stock.service.js';
import { isSqlite } from '../compiled-query.js';
import type { Tx } from '../database.js';

/**
 * What the demo data of packing and delivery (demo-deliveries.ts) and of the put wall
 * (demo-multi-address.ts) share: warehouse 01, the bulk location 01-BK-02 and the admin as the
 * user of the movements; an item received there; a sales order with its lines; and lines of a
 * PICKED list picked into a container through the stock service (PICK), with the order lines'
 * released quantity, the pick entries and the lines' progress, so ledger and balances agree.
 */
export interface DemoPickContext {
  deps: { dialect: 'sqlite' | 'postgres' };
  warehouseId: number;
  bulkId: number;
  admin: { id: number; username: string };
  user: { userId: number; username: string };
}

export async function demoPickContext(tx: Tx): Promise<DemoPickContext> {
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
  return {
    deps: { dialect: isSqlite(tx) ? 'sqlite' : 'postgres' },
    warehouseId: warehouse.id,
    bulkId: bulk.id,
    admin,
    user: { userId: admin.id, username: admin.username },
  };
}

/** A NORMAL item with `quantity` units received in 01-BK-02; answers its id. */
export async function demoItemInBulk(
  tx: Tx,
  ctx: DemoPickContext,
  item: { code: string; name: string; quantity: number },
  at: string,
): Promise<number> {
  const { id } = await tx
    .insertInto('item')
    .values(newItemRow({ code: item.code, name: item.name, managedBy: 'NORMAL' }, at))
    .returning('id')
    .executeTakeFirstOrThrow();
  await applyStockMovement(tx, ctx.deps, {
    type: 'RECEIPT',
    user: ctx.user,
    lines: [
      {
        itemId: id,
        batchId: null,
        serialId: null,
        binLocationId: ctx.bulkId,
        onHandDelta: toThousandths(item.quantity),
      },
    ],
  });
  return id;
}

/** An OPEN sales order of warehouse 01 due and shipping on `at`'s day; answers the partner and the line ids. */
export async function demoSalesOrder(
  tx: Tx,
  ctx: DemoPickContext,
  order: { code: string; customer: string; lines: readonly NewDocumentLine[] },
  at: string,
): Promise<{ partnerId: number; lineIds: number[] }> {
  const partner = await tx
    .selectFrom('business_partner')
    .select('id')
    .where('code_key', '=', paddedCodeKey(order.customer))
    .executeTakeFirstOrThrow();
  const orderId = await createDocumentHead(tx, {
    type: 'SALES_ORDER',
    code: order.code,
    status: 'OPEN',
    warehouseId: ctx.warehouseId,
    partnerId: partner.id,
    at,
    dueDate: at.slice(0, 10),
    shipDate: at.slice(0, 10),
  });
  if (orderId === undefined) throw new Error(`demo data: sales order ${order.code} exists already`);
  await createDocumentLines(tx, orderId, 'SALES_ORDER', order.lines);
  const lines = await tx
    .selectFrom('document_line')
    .select('id')
    .where('document_id', '=', orderId)
    .orderBy('line_number')
    .execute();
  return { partnerId: partner.id, lineIds: lines.map((line) => line.id) };
}

export interface DemoPickedLine {
  /** The pick list line. */
  lineId: number;
  /** The sales order line it picks for. */
  orderLineId: number;
  /** Thousandths. */
  quantity: number;
  idempotencyKey: string;
}

/**
 * Picks the lines of `list` (one item) from 01-BK-02 into the container: ONE PICK movement of
 * the total, then per line the order line's released quantity, a pick entry and the progress.
 */
export async function pickDemoLines(
  tx: Tx,
  ctx: DemoPickContext,
  pick: {
    list: { id: number; code: string };
    container: { id: number; binLocationId: number };
    itemId: number;
    lines: readonly DemoPickedLine[];
  },
  at: string,
): Promise<void> {
  const { list, container, itemId } = pick;
  const total = pick.lines.reduce((sum, line) => sum + line.quantity, 0);
  const unit = { itemId, batchId: null, serialId: null };
  await applyStockMovement(tx, ctx.deps, {
    type: 'PICK',
    documentRef: { type: 'PICK_LIST', code: list.code },
    user: ctx.user,
    lines: [
      { ...unit, binLocationId: ctx.bulkId, onHandDelta: -total },
      { ...unit, binLocationId: container.binLocationId, onHandDelta: total, pickDelta: total },
    ],
  });
  for (const line of pick.lines) {
    if (!(await changeReleasedQuantity(tx, line.orderLineId, line.quantity))) {
      throw new Error('demo data: released quantity');
    }
    await insertPickEntries(tx, [
      {
        documentLineId: line.lineId,
        documentId: list.id,
        ...unit,
        binLocationId: ctx.bulkId,
        containerId: container.id,
        quantity: line.quantity,
        userId: ctx.admin.id,
        username: 'picker',
        at,
        idempotencyKey: line.idempotencyKey,
      },
    ]);
    await addToLineProgress(tx, line.lineId, { picked: line.quantity, short: 0 });
  }
}
