import { paddedCodeKey, toThousandths } from '@wms/contract';
import { createDocumentHead, createDocumentLines } from '../../features/documents/document-create.service.js';
import { newItemRow } from '../../features/items/item-rows.js';
import {
  addToLineProgress,
  changeReleasedQuantity,
  insertContainer,
  insertPickEntries,
  insertPickList,
} from '../../features/pick-lists/pick-list-delivery.service.js';
import { applyStockMovement } from '../../features/stock/stock.service.js';
import { isSqlite } from '../compiled-query.js';
import type { Tx } from '../database.js';

/**
 * Demo data of multi-address delivery (decision 0188): the item PUTWALL-DEMO-01 (store display
 * kit) in 01-BK-02 and SO-MULTI-1 of C0001, one order whose three lines ship to three stores
 * (2, 3 and 1 units), picked into the cart PUTWALL-CART-1 under a PICKED list: scan the cart in
 * /multi_address_delivery and the put wall opens with slots A, B and C. The pick goes through the
 * stock service, so ledger and balances agree.
 */
const store = (number: number, street: string, postcode: string, city: string) => ({
  name: `Store ${number}`,
  street,
  postcode,
  city,
  countryCode: 'NL',
});
const lines = [
  { quantity: 2, shipTo: store(12, 'Oudegracht 12', '3511 AB', 'Utrecht') },
  { quantity: 3, shipTo: store(14, 'Grote Markt 14', '9711 LV', 'Groningen') },
  { quantity: 1, shipTo: store(17, 'Stratumseind 17', '5611 ET', 'Eindhoven') },
] as const;

export async function seedDemoMultiAddress(tx: Tx, at: string): Promise<void> {
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
  const partner = await tx
    .selectFrom('business_partner')
    .select('id')
    .where('code_key', '=', paddedCodeKey('C0001'))
    .executeTakeFirstOrThrow();
  const item = await tx
    .insertInto('item')
    .values(newItemRow({ code: 'PUTWALL-DEMO-01', name: 'Store display kit', managedBy: 'NORMAL' }, at))
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = { userId: admin.id, username: admin.username };
  await applyStockMovement(tx, deps, {
    type: 'RECEIPT',
    user,
    lines: [{ itemId: item.id, batchId: null, serialId: null, binLocationId: bulk.id, onHandDelta: toThousandths(20) }],
  });

  const orderId = await createDocumentHead(tx, {
    type: 'SALES_ORDER',
    code: 'SO-MULTI-1',
    status: 'OPEN',
    warehouseId: warehouse.id,
    partnerId: partner.id,
    at,
    dueDate: at.slice(0, 10),
    shipDate: at.slice(0, 10),
  });
  if (orderId === undefined) throw new Error('demo data: sales order SO-MULTI-1 exists already');
  await createDocumentLines(
    tx,
    orderId,
    'SALES_ORDER',
    lines.map((line) => ({ itemId: item.id, quantity: toThousandths(line.quantity), extras: { shipTo: line.shipTo } })),
  );
  const orderLines = await tx
    .selectFrom('document_line')
    .select('id')
    .where('document_id', '=', orderId)
    .orderBy('line_number')
    .execute();
  const list = await insertPickList(tx, {
    warehouseId: warehouse.id,
    partnerId: partner.id,
    shipDate: at.slice(0, 10),
    shipToAddress: JSON.stringify(lines[0].shipTo),
    priority: 0,
    route: null,
    origin: 'SALES_ORDER',
    createdBy: 'manager',
    at,
    status: 'PICKED',
    lines: lines.map((line, index) => ({
      itemId: item.id,
      quantity: toThousandths(line.quantity),
      sourceLineId: orderLines[index]?.id ?? null,
    })),
  });
  const cart = await insertContainer(tx, {
    code: 'PUTWALL-CART-1',
    sscc: false,
    warehouseId: warehouse.id,
    type: 'TOTE',
    boxType: null,
    pickListId: list.id,
    lengthMm: null,
    widthMm: null,
    heightMm: null,
    username: 'picker',
    at,
  });
  const total = toThousandths(lines.reduce((sum, line) => sum + line.quantity, 0));
  await applyStockMovement(tx, deps, {
    type: 'PICK',
    documentRef: { type: 'PICK_LIST', code: list.code },
    user,
    lines: [
      { itemId: item.id, batchId: null, serialId: null, binLocationId: bulk.id, onHandDelta: -total },
      {
        itemId: item.id,
        batchId: null,
        serialId: null,
        binLocationId: cart.binLocationId,
        onHandDelta: total,
        pickDelta: total,
      },
    ],
  });
  for (const [index, line] of list.lines.entries()) {
    const quantity = toThousandths(lines[index]?.quantity ?? 0);
    const orderLine = orderLines[index];
    if (!orderLine || !(await changeReleasedQuantity(tx, orderLine.id, quantity))) {
      throw new Error('demo data: released quantity');
    }
    await insertPickEntries(tx, [
      {
        documentLineId: line.id,
        documentId: list.id,
        itemId: item.id,
        batchId: null,
        serialId: null,
        binLocationId: bulk.id,
        containerId: cart.id,
        quantity,
        userId: admin.id,
        username: 'picker',
        at,
        idempotencyKey: `demo-putwall-${index}`,
      },
    ]);
    await addToLineProgress(tx, line.id, { picked: quantity, short: 0 });
  }
}
