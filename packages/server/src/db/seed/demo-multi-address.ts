import { toThousandths } from '@wms/contract';
import { insertContainer, insertPickList } from '../../features/pick-lists/pick-list-delivery.service.js';
import type { Tx } from '../database.js';
import { demoItemInBulk, demoPickContext, demoSalesOrder, pickDemoLines } from './demo-picked-lists.js';

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
  const ctx = await demoPickContext(tx);
  const itemId = await demoItemInBulk(
    tx,
    ctx,
    { code: 'PUTWALL-DEMO-01', name: 'Store display kit', quantity: 20 },
    at,
  );
  const { partnerId, lineIds } = await demoSalesOrder(
    tx,
    ctx,
    {
      code: 'SO-MULTI-1',
      customer: 'C0001',
      lines: lines.map((line) => ({ itemId, quantity: toThousandths(line.quantity), extras: { shipTo: line.shipTo } })),
    },
    at,
  );
  const list = await insertPickList(tx, {
    warehouseId: ctx.warehouseId,
    partnerId,
    shipDate: at.slice(0, 10),
    shipToAddress: JSON.stringify(lines[0].shipTo),
    priority: 0,
    route: null,
    origin: 'SALES_ORDER',
    createdBy: 'manager',
    at,
    status: 'PICKED',
    lines: lines.map((line, index) => ({
      itemId,
      quantity: toThousandths(line.quantity),
      sourceLineId: lineIds[index] ?? null,
    })),
  });
  const cart = await insertContainer(tx, {
    code: 'PUTWALL-CART-1',
    sscc: false,
    warehouseId: ctx.warehouseId,
    type: 'TOTE',
    boxType: null,
    pickListId: list.id,
    lengthMm: null,
    widthMm: null,
    heightMm: null,
    username: 'picker',
    at,
  });
  const picked = list.lines.map((line, index) => {
    const orderLineId = lineIds[index];
    if (orderLineId === undefined) throw new Error('demo data: sales order line');
    const quantity = toThousandths(lines[index]?.quantity ?? 0);
    return { lineId: line.id, orderLineId, quantity, idempotencyKey: `demo-putwall-${index}` };
  });
  await pickDemoLines(tx, ctx, { list, container: cart, itemId, lines: picked }, at);
}
