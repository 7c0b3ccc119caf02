import { codeKey, documentLineDirection, paddedCodeKey, toThousandths, type DocumentType } from '@wms/contract';
import { setWarehouseReceiptSettings } from '../../features/goods-receipt/receipt-settings.service.js';
import { newBinLocationRow, newItemRow, type ItemInput } from '../../features/items/item-rows.js';
import type { Tx } from '../database.js';

/**
 * Inbound demo data for the goods receipt (PROCESSES.md 1.1; docs/decisions/0172-goods-receipt.md):
 * receipt staging and QC locations in warehouse 02, each warehouse's receipt settings, two items
 * with their own over-receipt rule, purchase orders that each show one receipt case, and a
 * planned goods receipt (an ASN) whose lines announce batches that do not exist yet.
 * Runs after seedDemoMasterData, in the same transaction.
 */

const day = 24 * 60 * 60 * 1000;
const dateIn = (now: number, days: number) => new Date(now + days * day).toISOString().slice(0, 10);

const locations = [
  { warehouse: '02', code: '02-RECEIVE', barcode: 'LOC02RC', locationType: 'RECEIVE' },
  { warehouse: '02', code: '02-QC', barcode: 'LOC02QC', locationType: 'QC' },
];

/** Warehouse receipt settings; a tolerance is a percent, as on the wire. */
const warehouseSettings = [
  { warehouse: '01', staging: '01-RECEIVE', mode: 'CONFIRM', tolerancePercent: 5 },
  { warehouse: '02', staging: '02-RECEIVE', mode: 'BLOCK', tolerancePercent: 0 },
] as const;

/** Items with their own over-receipt rule (over the warehouse's). */
const items: (ItemInput & { overReceiptMode: 'BLOCK' | 'CONFIRM' | 'MANAGER'; tolerancePercent: number })[] = [
  {
    code: 'ITEM-003',
    name: 'Cable tie 200 mm',
    barcodes: ['8712345000134', null, null],
    units: 'pcs',
    groupName: 'Fasteners',
    avgPrice: '0.03',
    weightInMg: 1_000,
    overReceiptMode: 'CONFIRM',
    tolerancePercent: 10,
  },
  {
    code: 'ITEM-004',
    name: 'Safety helmet',
    barcodes: ['8712345000141', null, null],
    units: 'pcs',
    groupName: 'Safety',
    avgPrice: '14.50',
    weightInMg: 380_000,
    overReceiptMode: 'MANAGER',
    tolerancePercent: 5,
  },
];

interface DemoInboundDocument {
  type: DocumentType;
  code: string;
  partner: string;
  warehouse: string;
  dueInDays: number;
  lines: { item: string; quantity: number; extras?: Record<string, string> }[];
}

/** Dates of the planned batches are relative to today, so they never expire in the demo. */
function documents(now: number): DemoInboundDocument[] {
  return [
    // A serial item: serials are scanned one by one.
    {
      type: 'PURCHASE_ORDER',
      code: 'PO-1003',
      partner: 'S0001',
      warehouse: '01',
      dueInDays: 0,
      lines: [{ item: 'SERIAL-001', quantity: 3 }],
    },
    // Over-receipt: ITEM-003 CONFIRM within 10%, ITEM-004 MANAGER above 5%.
    {
      type: 'PURCHASE_ORDER',
      code: 'PO-1004',
      partner: 'S0001',
      warehouse: '01',
      dueInDays: 0,
      lines: [
        { item: 'ITEM-003', quantity: 10 },
        { item: 'ITEM-004', quantity: 20 },
      ],
    },
    // A QC-blocked batch item: the receipt goes to a QC location and makes a QC request.
    {
      type: 'PURCHASE_ORDER',
      code: 'PO-1005',
      partner: 'S0002',
      warehouse: '01',
      dueInDays: 0,
      lines: [{ item: 'QC-001', quantity: 20 }],
    },
    // A batch item with an expiry date, due tomorrow.
    {
      type: 'PURCHASE_ORDER',
      code: 'PO-1006',
      partner: 'S0002',
      warehouse: '01',
      dueInDays: 1,
      lines: [{ item: 'BATCH-001', quantity: 100 }],
    },
    // Warehouse 02: over-receipt BLOCK, staging 02-RECEIVE.
    {
      type: 'PURCHASE_ORDER',
      code: 'PO-1007',
      partner: 'S0001',
      warehouse: '02',
      dueInDays: 3,
      lines: [{ item: 'ITEM-001', quantity: 50 }],
    },
    // An ASN announcing two new batches of BATCH-001 (created at receipt) and a plain line.
    {
      type: 'PLANNED_GOODS_RECEIPT',
      code: 'PGR-5001',
      partner: 'S0002',
      warehouse: '01',
      dueInDays: 0,
      lines: [
        {
          item: 'BATCH-001',
          quantity: 40,
          extras: { batch: 'B2026-101', expirationDate: dateIn(now, 400), manufacturingDate: dateIn(now, -10) },
        },
        { item: 'BATCH-001', quantity: 60, extras: { batch: 'B2026-102', expirationDate: dateIn(now, 500) } },
        { item: 'ITEM-002', quantity: 200 },
      ],
    },
  ];
}

async function idsByCode(
  tx: Tx,
  table: 'warehouse' | 'bin_location' | 'item',
  codes: readonly string[],
): Promise<(code: string) => number> {
  const rows = await tx
    .selectFrom(table)
    .select(['id', 'code'])
    .where(
      'code_lower',
      'in',
      codes.map((c) => codeKey(c)),
    )
    .execute();
  const ids = new Map(rows.map((r) => [r.code, r.id]));
  return (code) => {
    const id = ids.get(code);
    if (id === undefined) throw new Error(`demo data: unknown ${table} ${code}`);
    return id;
  };
}

/** Adds the inbound demo data; needs the master data (warehouses, items, suppliers) in place. */
export async function seedDemoInbound(tx: Tx, at: string): Promise<void> {
  const now = Date.parse(at);
  const docs = documents(now);
  const warehouse = await idsByCode(tx, 'warehouse', ['01', '02']);

  for (const { warehouse: code, ...location } of locations) {
    await tx
      .insertInto('bin_location')
      .values(newBinLocationRow({ ...location, warehouseId: warehouse(code) }, at))
      .execute();
  }
  for (const s of warehouseSettings) {
    await setWarehouseReceiptSettings(tx, s.warehouse, {
      receiptStagingLocationCode: s.staging,
      overReceiptMode: s.mode,
      overReceiptTolerancePercent: s.tolerancePercent,
    });
  }

  for (const { overReceiptMode, tolerancePercent, ...item } of items) {
    await tx
      .insertInto('item')
      .values({
        ...newItemRow(item, at),
        over_receipt_mode: overReceiptMode,
        // Thousandths of a percent, like the receipt settings service stores it (10% is 10000).
        over_receipt_tolerance_percent: toThousandths(tolerancePercent),
      })
      .execute();
  }

  const item = await idsByCode(
    tx,
    'item',
    docs.flatMap((d) => d.lines.map((l) => l.item)),
  );
  const partners = await tx
    .selectFrom('business_partner')
    .select(['id', 'code'])
    .where(
      'code_key',
      'in',
      docs.map((d) => paddedCodeKey(d.partner)),
    )
    .execute();
  const partner = (code: string) => {
    const id = partners.find((p) => p.code === code)?.id;
    if (id === undefined) throw new Error(`demo data: unknown business partner ${code}`);
    return id;
  };

  for (const d of docs) {
    const row = await tx
      .insertInto('document')
      .values({
        type: d.type,
        code: d.code,
        code_lower: codeKey(d.code),
        visual_code: d.code,
        status: 'OPEN',
        warehouse_id: warehouse(d.warehouse),
        business_partner_id: partner(d.partner),
        document_date: dateIn(now, -1),
        due_date: dateIn(now, d.dueInDays),
        ship_date: dateIn(now, d.dueInDays),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('document_line')
      .values(
        d.lines.map((l, i) => ({
          document_id: row.id,
          line_number: i,
          item_id: item(l.item),
          direction: documentLineDirection(d.type),
          quantity: toThousandths(l.quantity),
          open_quantity: toThousandths(l.quantity),
          extras: l.extras ? JSON.stringify(l.extras) : null,
        })),
      )
      .execute();
  }
}
