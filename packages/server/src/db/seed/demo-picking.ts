import { paddedCodeKey, toThousandths } from '@wms/contract';
import { createDocumentHead, createDocumentLines } from '../../features/documents/document-create.service.js';
import { newBinLocationRow, newItemRow } from '../../features/items/item-rows.js';
import { createPickListsInTransaction } from '../../features/pick-lists/pick-list-create.js';
import type { Tx } from '../database.js';

/**
 * Demo data of picking (decision 0183): in warehouse 01 pick faces and bulk of four items of
 * their own (a batch item with two batches of different expiry, a serial item, an item on several
 * locations, an item short of stock), carts CART-1 and CART-2, box types, and open sales orders of C0001 and C0002. Two of them are made RELEASED pick lists
 * by the create service at seed time; the others wait in the planning area (one of them short).
 * The second picker (picker2) is in demo-users.ts.
 */

const dayFrom = (at: string, days: number) => {
  const date = new Date(at);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export async function seedDemoPicking(tx: Tx, at: string): Promise<void> {
  const warehouse = await tx
    .selectFrom('warehouse')
    .select('id')
    .where('code_lower', '=', '01')
    .executeTakeFirstOrThrow();
  const bins = new Map<string, number>();
  const locations = [
    { code: '01-PK-01', locationType: 'PICK' as const, sortingCode: '010' },
    { code: '01-PK-02', locationType: 'PICK' as const, sortingCode: '020' },
    { code: '01-PK-03', locationType: 'PICK' as const, sortingCode: '030' },
    { code: '01-BK-01', locationType: 'BULK' as const, sortingCode: '110' },
    { code: '01-BK-02', locationType: 'BULK' as const, sortingCode: '120' },
    { code: 'CART-1', locationType: 'MOBILE' as const, sortingCode: null },
    { code: 'CART-2', locationType: 'MOBILE' as const, sortingCode: null },
  ];
  for (const l of locations) {
    const row = await tx
      .insertInto('bin_location')
      .values(
        newBinLocationRow(
          { ...l, warehouseId: warehouse.id, barcode: l.code.replaceAll('-', ''), physicalLocationType: 'NORMAL' },
          at,
        ),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    bins.set(l.code, row.id);
  }
  const bin = (code: string) => bins.get(code) ?? 0;

  const items = new Map<string, number>();
  const itemDefs = [
    { code: 'PICK-BATCH-01', name: 'Yoghurt drink 6-pack', managedBy: 'BATCH_NUMBER' as const, face: '01-PK-01' },
    { code: 'PICK-SERIAL-01', name: 'Handheld scanner', managedBy: 'SERIAL_NUMBER' as const, face: '01-PK-02' },
    { code: 'PICK-MULTI-01', name: 'Packing tape roll', managedBy: 'NORMAL' as const, face: '01-PK-03' },
    { code: 'PICK-SHORT-01', name: 'Label printer ribbon', managedBy: 'NORMAL' as const, face: '01-PK-03' },
  ];
  for (const def of itemDefs) {
    const row = await tx
      .insertInto('item')
      .values(
        newItemRow(
          {
            code: def.code,
            name: def.name,
            managedBy: def.managedBy,
            scanExpirationDate: def.managedBy === 'BATCH_NUMBER',
          },
          at,
        ),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    items.set(def.code, row.id);
    await tx
      .insertInto('default_item_location')
      .values({
        item_id: row.id,
        warehouse_id: warehouse.id,
        bin_location_id: bin(def.face),
        enforced: 0,
        min_stock: null,
        max_stock: null,
        version: 1,
      })
      .execute();
  }
  const item = (code: string) => items.get(code) ?? 0;

  const batchId = async (code: string, expiry: string, admission: string) =>
    (
      await tx
        .insertInto('batch')
        .values({
          item_id: item('PICK-BATCH-01'),
          code,
          code_key: paddedCodeKey(code),
          visual_code: code,
          mnf_batch_code: null,
          admission_date: admission,
          manufacturing_date: null,
          expiration_date: expiry,
          quality_control_approved_or_not_required: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const early = await batchId('YD-2501', dayFrom(at, 20), dayFrom(at, -10));
  const late = await batchId('YD-2502', dayFrom(at, 90), dayFrom(at, -3));
  const serialIds: number[] = [];
  for (const code of ['SC-1001', 'SC-1002', 'SC-1003']) {
    const row = await tx
      .insertInto('serial')
      .values({
        item_id: item('PICK-SERIAL-01'),
        code,
        code_key: paddedCodeKey(code),
        visual_code: code,
        lot_code: null,
        expiration_date: null,
        quality_control_approved_or_not_required: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    serialIds.push(row.id);
  }

  const stock = [
    { itemId: item('PICK-BATCH-01'), binLocationId: bin('01-PK-01'), batchId: late, serialId: null, quantity: 24 },
    { itemId: item('PICK-BATCH-01'), binLocationId: bin('01-BK-01'), batchId: early, serialId: null, quantity: 12 },
    ...serialIds.map((serialId) => ({
      itemId: item('PICK-SERIAL-01'),
      binLocationId: bin('01-PK-02'),
      batchId: null,
      serialId,
      quantity: 1,
    })),
    { itemId: item('PICK-MULTI-01'), binLocationId: bin('01-PK-03'), batchId: null, serialId: null, quantity: 6 },
    { itemId: item('PICK-MULTI-01'), binLocationId: bin('01-BK-01'), batchId: null, serialId: null, quantity: 20 },
    { itemId: item('PICK-MULTI-01'), binLocationId: bin('01-BK-02'), batchId: null, serialId: null, quantity: 30 },
    { itemId: item('PICK-SHORT-01'), binLocationId: bin('01-PK-03'), batchId: null, serialId: null, quantity: 2 },
  ];
  await tx
    .insertInto('stock')
    .values(
      stock.map((r) => ({
        item_id: r.itemId,
        bin_location_id: r.binLocationId,
        batch_id: r.batchId,
        serial_id: r.serialId,
        on_hand_qty: toThousandths(r.quantity),
        released_qty: 0,
        pick_qty: 0,
        qc_pending: 0,
        qc_pending_qty: 0,
        updated_at: at,
      })),
    )
    .execute();
  await tx
    .insertInto('stock_ledger')
    .values(
      stock.map((r) => ({
        transaction_type: 'RECEIPT',
        document_type: null,
        document_code: null,
        at,
        user_id: null,
        username: 'demo',
        item_id: r.itemId,
        batch_id: r.batchId,
        serial_id: r.serialId,
        bin_location_id: r.binLocationId,
        quantity: toThousandths(r.quantity),
        idempotency_key: null,
      })),
    )
    .execute();

  await tx
    .insertInto('shipping_box_type')
    .values([
      { code: 'BOX-S', name: 'Small box', type: 'BOX', length_mm: 300, width_mm: 200, height_mm: 150 },
      { code: 'BOX-L', name: 'Large box', type: 'BOX', length_mm: 600, width_mm: 400, height_mm: 400 },
      { code: 'PALLET', name: 'Euro pallet', type: 'PALLET', length_mm: 1200, width_mm: 800, height_mm: 1500 },
    ])
    .execute();

  const partner = async (code: string) =>
    (
      await tx
        .selectFrom('business_partner')
        .select('id')
        .where('code_key', '=', paddedCodeKey(code))
        .executeTakeFirstOrThrow()
    ).id;
  const orders = [
    {
      code: 'SO-PICK-1',
      customer: 'C0001',
      days: 1,
      lines: [
        ['PICK-BATCH-01', 30],
        ['PICK-MULTI-01', 10],
      ],
    },
    {
      code: 'SO-PICK-2',
      customer: 'C0002',
      days: 1,
      lines: [
        ['PICK-SERIAL-01', 2],
        ['PICK-MULTI-01', 4],
      ],
    },
    {
      code: 'SO-PICK-3',
      customer: 'C0001',
      days: 2,
      lines: [
        ['PICK-SHORT-01', 5],
        ['PICK-MULTI-01', 15],
      ],
    },
    {
      code: 'SO-PICK-4',
      customer: 'C0002',
      days: 3,
      lines: [
        ['PICK-BATCH-01', 4],
        ['PICK-SERIAL-01', 1],
      ],
    },
  ] as const;
  for (const order of orders) {
    const documentId = await createDocumentHead(tx, {
      type: 'SALES_ORDER',
      code: order.code,
      status: 'OPEN',
      warehouseId: warehouse.id,
      partnerId: await partner(order.customer),
      at,
      dueDate: dayFrom(at, order.days),
      shipDate: dayFrom(at, order.days),
    });
    if (documentId === undefined) throw new Error(`demo data: sales order ${order.code} exists already`);
    await createDocumentLines(
      tx,
      documentId,
      'SALES_ORDER',
      order.lines.map(([code, quantity]) => ({
        itemId: item(code),
        quantity: toThousandths(quantity),
        extras: { route: order.days === 1 ? 'NORTH' : 'SOUTH' },
      })),
    );
  }

  // Two RELEASED lists a newcomer sees: SO-PICK-1 (batch FEFO after the face, several locations) and SO-PICK-2 (serials).
  await createPickListsInTransaction(
    tx,
    { username: 'manager' },
    {
      warehouse: '01',
      lines: [0, 1].flatMap((lineNumber) => [
        { salesOrder: 'SO-PICK-1', lineNumber },
        { salesOrder: 'SO-PICK-2', lineNumber },
      ]),
      groupBy: 'ORDER',
    },
    warehouse.id,
    undefined,
  );
}
