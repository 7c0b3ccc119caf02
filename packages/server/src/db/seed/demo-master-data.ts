import { codeKey, documentLineDirection, paddedCodeKey, toThousandths, type DocumentType } from '@wms/contract';
import {
  newBinLocationRow,
  newItemRow,
  type BinLocationInput,
  type ItemInput,
} from '../../features/items/item-rows.js';
import { seedDemoCustomGrids } from '../../features/custom-grids/demo-custom-grids.js';
import type { Tx } from '../database.js';

const day = 24 * 60 * 60 * 1000;
const dateIn = (now: number, days: number) => new Date(now + days * day).toISOString().slice(0, 10);
const momentIn = (now: number, days: number) => new Date(now + days * day).toISOString();

const warehouses = [
  { code: '01', name: 'Main warehouse', active: 1 },
  { code: '02', name: 'Overflow warehouse', active: 1 },
  { code: '99', name: 'Old warehouse (closed)', active: 0 },
];

type DemoBin = Omit<BinLocationInput, 'warehouseId'> & { warehouse: string; attributes?: Record<string, string> };

/** Every work type and physical type, mobile carts, a liquid container, restricted and counting locations. */
const binLocations: DemoBin[] = [
  {
    warehouse: '01',
    code: '01-A01-01',
    barcode: 'LOC0101',
    locationType: 'BULK',
    sortingCode: 'A010',
    attributes: { zone: 'A', temperature: 'ambient' },
  },
  {
    warehouse: '01',
    code: '01-A01-02',
    barcode: 'LOC0102',
    locationType: 'BULK',
    sortingCode: 'A020',
    requiresCounting: 'YES',
  },
  {
    warehouse: '01',
    code: '01-P01-01',
    barcode: 'LOC0111',
    locationType: 'PICK',
    minimalStockLevel: 10,
    maximalStockLevel: 100,
    pickingStrategy: 'FIFO',
    sortingCode: 'P010',
    preferredOrderCode: 'SO-2001',
  },
  {
    warehouse: '01',
    code: '01-P01-02',
    barcode: 'LOC0112',
    locationType: 'PICK',
    minimalStockLevel: 100,
    maximalStockLevel: 2000,
    sortingCode: 'P020',
  },
  { warehouse: '01', code: '01-RECEIVE', barcode: 'LOC01RC', locationType: 'RECEIVE' },
  { warehouse: '01', code: '01-QC', barcode: 'LOC01QC', locationType: 'QC' },
  { warehouse: '01', code: '01-DELIVERY', barcode: 'LOC01DL', locationType: 'DELIVERY' },
  { warehouse: '01', code: '01-PROD', barcode: 'LOC01PR', locationType: 'PRODUCTION' },
  { warehouse: '01', code: '01-UNKNOWN', locationType: 'UNKNOWN' },
  { warehouse: '01', code: 'CART-01', barcode: 'CART01', locationType: 'MOBILE' },
  { warehouse: '01', code: 'CART-02', barcode: 'CART02', locationType: 'MOBILE', readyForProcessing: true },
  {
    warehouse: '01',
    code: '01-KARDEX-01',
    barcode: 'LOC01KX1',
    locationType: 'PICK',
    physicalLocationType: 'KARDEX',
    attributes: { kardexTray: '12' },
  },
  { warehouse: '01', code: '01-DIV-01', barcode: 'LOC01DV1', locationType: 'BULK', physicalLocationType: 'DIV' },
  {
    warehouse: '01',
    code: '01-TANK-01',
    barcode: 'LOC01TK1',
    locationType: 'BULK',
    physicalLocationType: 'LIQUID_CONTAINER',
    attributes: { capacityLitres: '1000' },
  },
  {
    warehouse: '01',
    code: '01-SINGLE-01',
    barcode: 'LOC01SG1',
    locationType: 'PICK',
    physicalLocationType: 'SINGLE_ITEM_LOCATION',
  },
  {
    warehouse: '01',
    code: '01-BLOCKED',
    barcode: 'LOC01BL',
    locationType: 'BULK',
    stockMovementRestricted: true,
    blockStockMovements: true,
    blockStockMovementsReason: 'Damaged rack, awaiting inspection',
  },
  {
    warehouse: '01',
    code: '01-COUNT-01',
    barcode: 'LOC01CT1',
    locationType: 'BULK',
    requiresCounting: 'PARTIAL',
    countingSortingCode: 'C001',
  },
  { warehouse: '02', code: '02-A01-01', barcode: 'LOC0201', locationType: 'BULK' },
  { warehouse: '02', code: '02-P01-01', barcode: 'LOC0211', locationType: 'PICK' },
];

/** Every management type, a liquid with a density, box and carton barcodes. */
const items: ItemInput[] = [
  {
    code: 'ITEM-001',
    name: 'Hex bolt M8x40',
    secondName: 'Zeskantbout M8x40',
    barcodes: ['8712345000011', '8712345000028', '8712345000035'],
    barcodeQuantities: [1, 12, 144],
    units: 'pcs',
    groupName: 'Fasteners',
    avgPrice: '0.12',
    weightInMg: 15_000,
  },
  {
    code: 'ITEM-002',
    name: 'Washer M8',
    barcodes: ['8712345000042', null, null],
    units: 'pcs',
    groupName: 'Fasteners',
    avgPrice: '0.02',
    weightInMg: 2_500,
  },
  {
    code: 'BATCH-001',
    name: 'Paracetamol 500 mg',
    barcodes: ['8712345000059', '8712345000066', null],
    barcodeQuantities: [1, 10],
    units: 'box',
    groupName: 'Pharma',
    managedBy: 'BATCH_NUMBER',
    avgPrice: '1.95',
    weightInMg: 40_000,
    scanExpirationDate: true,
    scanManufacturingBatch: true,
  },
  {
    code: 'SERIAL-001',
    name: 'Barcode scanner XR-5',
    barcodes: ['8712345000073', null, null],
    units: 'pcs',
    groupName: 'Devices',
    managedBy: 'SERIAL_NUMBER',
    avgPrice: '349.00',
    weightInMg: 480_000,
    scanManufacturingSerial: true,
  },
  {
    code: 'SERIAL-002',
    name: 'Cordless drill D18',
    barcodes: ['8712345000080', null, null],
    units: 'pcs',
    groupName: 'Tools',
    managedBy: 'SERIAL_NUMBER',
    serialManagedByDispatch: true,
    avgPrice: '129.50',
    weightInMg: 1_650_000,
  },
  {
    code: 'LIQUID-001',
    name: 'Hydraulic oil HLP 46',
    barcodes: ['8712345000097', '8712345000103', null],
    barcodeQuantities: [1000, 20000],
    units: 'ml',
    groupName: 'Liquids',
    avgPrice: '0.004',
    mlToMg: 870,
  },
  {
    code: 'PROD-001',
    name: 'Bracket kit, assembled',
    units: 'pcs',
    groupName: 'Assemblies',
    isProductionItem: true,
    productionIssueMethod: 'BACKFLUSH',
    productionMaterialToleranceValue: 5,
    productionMaterialToleranceType: 'PERCENTAGE',
    weightInMg: 350_000,
    barcodes: ['8712345000110', null, null],
  },
  {
    code: 'QC-001',
    name: 'Sterile gloves, size M',
    barcodes: ['8712345000127', null, null],
    units: 'box',
    groupName: 'Pharma',
    managedBy: 'BATCH_NUMBER',
    blockForQcType: 'ALWAYS',
    scanExpirationDate: true,
    scanManufacturingDate: true,
  },
  { code: 'KIT-001', name: 'Starter kit (sales BOM)', units: 'pcs', isSalesBomItem: true, isStockItem: false },
  { code: 'OLD-001', name: 'Discontinued bolt', units: 'pcs', active: false },
];

/** Fills master data, stock, open documents and history into an empty database (with the demo users). */
export async function seedDemoMasterData(tx: Tx, at: string): Promise<void> {
  const now = Date.parse(at);
  const warehouseIds = new Map<string, number>();
  for (const w of warehouses) {
    const row = await tx
      .insertInto('warehouse')
      .values({ code: w.code, code_lower: codeKey(w.code), visual_code: w.code, name: w.name, active: w.active })
      .returning('id')
      .executeTakeFirstOrThrow();
    warehouseIds.set(w.code, row.id);
  }
  const idOf = (map: Map<string, number>, code: string) => {
    const id = map.get(code);
    if (id === undefined) throw new Error(`demo data: unknown ${code}`);
    return id;
  };

  const binIds = new Map<string, number>();
  for (const { warehouse, attributes, ...bin } of binLocations) {
    const row = await tx
      .insertInto('bin_location')
      .values(newBinLocationRow({ ...bin, warehouseId: idOf(warehouseIds, warehouse) }, at))
      .returning('id')
      .executeTakeFirstOrThrow();
    binIds.set(bin.code, row.id);
    for (const [name, value] of Object.entries(attributes ?? {})) {
      await tx.insertInto('bin_location_attribute').values({ bin_location_id: row.id, name, value }).execute();
    }
  }

  const itemIds = new Map<string, number>();
  for (const item of items) {
    const row = await tx.insertInto('item').values(newItemRow(item, at)).returning('id').executeTakeFirstOrThrow();
    itemIds.set(item.code, row.id);
  }
  const item = (code: string) => idOf(itemIds, code);
  const bin = (code: string) => idOf(binIds, code);

  await tx
    .insertInto('bin_location_count_item')
    .values([
      { bin_location_id: bin('01-COUNT-01'), item_id: item('ITEM-001') },
      { bin_location_id: bin('01-COUNT-01'), item_id: item('ITEM-002') },
    ])
    .execute();

  const batchIds = new Map<string, number>();
  const batches = [
    {
      item: 'BATCH-001',
      code: 'B2024-001',
      mnf: 'MNF-7781',
      made: dateIn(now, -700),
      expires: dateIn(now, -30),
      qc: 1,
    },
    { item: 'BATCH-001', code: 'B2025-014', mnf: 'MNF-8120', made: dateIn(now, -90), expires: dateIn(now, 640), qc: 1 },
    { item: 'BATCH-001', code: 'B2025-015', mnf: 'MNF-8121', made: dateIn(now, -5), expires: dateIn(now, 720), qc: 0 },
    { item: 'QC-001', code: 'G-0042', mnf: null, made: dateIn(now, -20), expires: dateIn(now, 1000), qc: 0 },
  ];
  for (const b of batches) {
    const row = await tx
      .insertInto('batch')
      .values({
        item_id: item(b.item),
        code: b.code,
        code_key: paddedCodeKey(b.code),
        visual_code: b.code,
        mnf_batch_code: b.mnf,
        admission_date: dateIn(now, -3),
        manufacturing_date: b.made,
        expiration_date: b.expires,
        quality_control_approved_or_not_required: b.qc,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    batchIds.set(b.code, row.id);
  }

  const serialIds = new Map<string, number>();
  const serials = [
    { item: 'SERIAL-001', code: 'SN-0001', lot: 'LOT-A' },
    { item: 'SERIAL-001', code: 'SN-0002', lot: 'LOT-A' },
    { item: 'SERIAL-001', code: 'SN-0003', lot: 'LOT-B' },
  ];
  for (const s of serials) {
    const row = await tx
      .insertInto('serial')
      .values({
        item_id: item(s.item),
        code: s.code,
        code_key: paddedCodeKey(s.code),
        visual_code: s.code,
        lot_code: s.lot,
        mnf_lot_code: `M${s.lot}`,
        mnf_serial_code: `XR5-${s.code.slice(3)}`,
        internal_serial_code: `INT-${s.code.slice(3)}`,
        admission_date: dateIn(now, -10),
        manufacturing_date: dateIn(now, -60),
        expiration_date: null,
        quality_control_approved_or_not_required: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    serialIds.set(s.code, row.id);
  }

  const stock: {
    item: string;
    bin: string;
    onHand: number;
    batch?: string;
    serial?: string;
    released?: number;
    pick?: number;
    qcPending?: boolean;
  }[] = [
    { item: 'ITEM-001', bin: '01-A01-01', onHand: 500 },
    { item: 'ITEM-001', bin: '01-P01-01', onHand: 48, released: 12 },
    { item: 'ITEM-001', bin: 'CART-01', onHand: 6, pick: 6 },
    { item: 'ITEM-001', bin: '01-SINGLE-01', onHand: 30 },
    { item: 'ITEM-001', bin: '02-A01-01', onHand: 100 },
    { item: 'ITEM-002', bin: '01-P01-02', onHand: 1000 },
    { item: 'ITEM-002', bin: '01-KARDEX-01', onHand: 250 },
    { item: 'ITEM-002', bin: '01-COUNT-01', onHand: 75 },
    { item: 'BATCH-001', bin: '01-BLOCKED', onHand: 20, batch: 'B2024-001' },
    { item: 'BATCH-001', bin: '01-P01-01', onHand: 200, batch: 'B2025-014' },
    { item: 'BATCH-001', bin: '01-QC', onHand: 50, batch: 'B2025-015', qcPending: true },
    { item: 'QC-001', bin: '01-QC', onHand: 40, batch: 'G-0042', qcPending: true },
    { item: 'SERIAL-001', bin: '01-P01-01', onHand: 1, serial: 'SN-0001' },
    { item: 'SERIAL-001', bin: '01-A01-02', onHand: 1, serial: 'SN-0002' },
    { item: 'SERIAL-001', bin: 'CART-02', onHand: 1, pick: 1, serial: 'SN-0003' },
    // Serials of an item managed by dispatch are recorded when it ships: its stock has none.
    { item: 'SERIAL-002', bin: '01-A01-01', onHand: 5 },
    { item: 'LIQUID-001', bin: '01-TANK-01', onHand: 750_500.5 },
    { item: 'PROD-001', bin: '01-PROD', onHand: 10 },
    { item: 'ITEM-002', bin: '01-DIV-01', onHand: 120 },
  ];
  await tx
    .insertInto('stock')
    .values(
      stock.map((s) => ({
        item_id: item(s.item),
        bin_location_id: bin(s.bin),
        batch_id: s.batch ? idOf(batchIds, s.batch) : null,
        serial_id: s.serial ? idOf(serialIds, s.serial) : null,
        on_hand_qty: toThousandths(s.onHand),
        released_qty: toThousandths(s.released ?? 0),
        pick_qty: toThousandths(s.pick ?? 0),
        qc_pending: s.qcPending ? 1 : 0,
        qc_pending_qty: s.qcPending ? toThousandths(s.onHand) : 0,
        updated_at: at,
      })),
    )
    .execute();

  const defaults = [
    { item: 'ITEM-001', warehouse: '01', bin: '01-P01-01', enforced: 1, min: 10, max: 100 },
    { item: 'ITEM-001', warehouse: '02', bin: '02-P01-01', enforced: 0, min: null, max: null },
    { item: 'ITEM-001', warehouse: '99', bin: null, enforced: 0, min: null, max: null },
    { item: 'ITEM-002', warehouse: '01', bin: '01-P01-02', enforced: 0, min: 100, max: 2000.5 },
    { item: 'BATCH-001', warehouse: '01', bin: null, enforced: 0, min: 50, max: 500 },
    { item: 'LIQUID-001', warehouse: '01', bin: '01-TANK-01', enforced: 1, min: 100_000, max: 1_000_000 },
  ];
  await tx
    .insertInto('default_item_location')
    .values(
      defaults.map((d) => ({
        item_id: item(d.item),
        warehouse_id: idOf(warehouseIds, d.warehouse),
        bin_location_id: d.bin ? bin(d.bin) : null,
        enforced: d.enforced,
        min_stock: d.min === null ? null : toThousandths(d.min),
        max_stock: d.max === null ? null : toThousandths(d.max),
      })),
    )
    .execute();

  const partnerIds = new Map<string, number>();
  const partners = [
    { code: 'C0001', name: 'Bakker Retail BV', type: 'CUSTOMER' },
    { code: 'C0002', name: 'Müller Werkzeuge GmbH', type: 'CUSTOMER' },
    { code: 'S0001', name: 'Nordic Fasteners AB', type: 'SUPPLIER' },
    { code: 'S0002', name: 'PharmaSupply Sp. z o.o.', type: 'SUPPLIER' },
  ];
  for (const p of partners) {
    const row = await tx
      .insertInto('business_partner')
      .values({ code: p.code, code_key: paddedCodeKey(p.code), visual_code: p.code, name: p.name, type: p.type })
      .returning('id')
      .executeTakeFirstOrThrow();
    partnerIds.set(p.code, row.id);
  }

  const documents: {
    type: DocumentType;
    code: string;
    status: string;
    partner: string | null;
    shipInDays: number;
    lines: { item: string; quantity: number; open: number; product?: boolean; batch?: string }[];
  }[] = [
    {
      type: 'PURCHASE_ORDER',
      code: 'PO-1001',
      status: 'OPEN',
      partner: 'S0001',
      // Due today: the goods receipt list shows it among the expected ones.
      shipInDays: 0,
      lines: [
        { item: 'ITEM-001', quantity: 1000, open: 1000 },
        { item: 'ITEM-002', quantity: 5000, open: 3000 },
      ],
    },
    {
      type: 'PURCHASE_ORDER',
      code: 'PO-1002',
      status: 'OPEN',
      partner: 'S0002',
      shipInDays: 12,
      lines: [
        { item: 'BATCH-001', quantity: 500, open: 500 },
        { item: 'QC-001', quantity: 100, open: 100 },
      ],
    },
    {
      type: 'SALES_ORDER',
      code: 'SO-2001',
      status: 'OPEN',
      partner: 'C0001',
      shipInDays: 2,
      lines: [
        { item: 'ITEM-001', quantity: 120, open: 120 },
        { item: 'SERIAL-001', quantity: 1, open: 1 },
      ],
    },
    {
      type: 'SALES_ORDER',
      code: 'SO-2002',
      status: 'OPEN',
      partner: 'C0002',
      shipInDays: 7,
      lines: [
        { item: 'ITEM-001', quantity: 300, open: 250 },
        { item: 'LIQUID-001', quantity: 20_000, open: 20_000 },
        { item: 'BATCH-001', quantity: 60, open: 60, batch: 'B2025-014' },
      ],
    },
    {
      type: 'SALES_ORDER',
      code: 'SO-1999',
      status: 'CLOSED',
      partner: 'C0001',
      shipInDays: -10,
      lines: [{ item: 'ITEM-001', quantity: 52, open: 0 }],
    },
    {
      type: 'PRODUCTION_ORDER',
      code: 'WO-3001',
      status: 'RELEASED',
      partner: null,
      shipInDays: 4,
      lines: [
        { item: 'PROD-001', quantity: 25, open: 25, product: true },
        { item: 'ITEM-001', quantity: 100, open: 100 },
        { item: 'ITEM-002', quantity: 200, open: 200 },
      ],
    },
  ];
  for (const d of documents) {
    const row = await tx
      .insertInto('document')
      .values({
        type: d.type,
        code: d.code,
        code_lower: codeKey(d.code),
        visual_code: d.code,
        status: d.status,
        warehouse_id: idOf(warehouseIds, '01'),
        business_partner_id: d.partner ? idOf(partnerIds, d.partner) : null,
        document_date: dateIn(now, -3),
        due_date: dateIn(now, d.shipInDays),
        ship_date: dateIn(now, d.shipInDays),
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
          direction: documentLineDirection(d.type, l.product ?? false),
          quantity: toThousandths(l.quantity),
          open_quantity: toThousandths(l.open),
          batch_id: l.batch ? idOf(batchIds, l.batch) : null,
        })),
      )
      .execute();
  }

  const users = await tx.selectFrom('app_user').select(['id', 'username']).execute();
  const userId = (name: string) => users.find((u) => u.username === name)?.id ?? null;
  const ledger = [
    {
      type: 'RECEIPT',
      doc: ['GOODS_RECEIPT', 'GR-0990'],
      days: -20,
      user: 'operator',
      item: 'ITEM-001',
      bin: '01-A01-01',
      qty: 700,
    },
    { type: 'TRANSFER', doc: null, days: -15, user: 'operator', item: 'ITEM-001', bin: '01-A01-01', qty: -100 },
    { type: 'TRANSFER', doc: null, days: -15, user: 'operator', item: 'ITEM-001', bin: '01-P01-01', qty: 100 },
    {
      type: 'PICK',
      doc: ['PICK_LIST', 'PL-0501'],
      days: -11,
      user: 'operator',
      item: 'ITEM-001',
      bin: '01-P01-01',
      qty: -52,
    },
    {
      type: 'DELIVERY',
      doc: ['DELIVERY', 'DL-0301'],
      days: -10,
      user: 'operator',
      item: 'ITEM-001',
      bin: '01-DELIVERY',
      qty: -52,
    },
    {
      type: 'COUNT_ADJUSTMENT',
      doc: ['COUNTING_LIST', 'CL-0007'],
      days: -4,
      user: 'manager',
      item: 'ITEM-001',
      bin: '01-A01-01',
      qty: -0.5,
    },
    {
      type: 'RECEIPT',
      doc: ['GOODS_RECEIPT', 'GR-0991'],
      days: -3,
      user: 'operator',
      item: 'BATCH-001',
      bin: '01-QC',
      qty: 50,
      batch: 'B2025-015',
    },
    {
      type: 'RECEIPT',
      doc: ['GOODS_RECEIPT', 'GR-0992'],
      days: -2,
      user: 'operator',
      item: 'SERIAL-001',
      bin: '01-RECEIVE',
      qty: 1,
      serial: 'SN-0003',
    },
    {
      type: 'TRANSFER',
      doc: null,
      days: -1,
      user: 'operator',
      item: 'SERIAL-001',
      bin: '01-RECEIVE',
      qty: -1,
      serial: 'SN-0003',
    },
    {
      type: 'PICK',
      doc: ['PICK_LIST', 'PL-0502'],
      days: -1,
      user: 'operator',
      item: 'SERIAL-001',
      bin: 'CART-02',
      qty: 1,
      serial: 'SN-0003',
    },
  ];
  await tx
    .insertInto('stock_ledger')
    .values(
      ledger.map((l, i) => ({
        transaction_type: l.type,
        document_type: l.doc?.[0] ?? null,
        document_code: l.doc?.[1] ?? null,
        // A second apart, so rows of one moment keep their order.
        at: momentIn(now, l.days + i / 86_400),
        user_id: userId(l.user),
        username: l.user,
        item_id: item(l.item),
        batch_id: l.batch ? idOf(batchIds, l.batch) : null,
        serial_id: l.serial ? idOf(serialIds, l.serial) : null,
        bin_location_id: bin(l.bin),
        quantity: toThousandths(l.qty),
      })),
    )
    .execute();

  await seedDemoCustomGrids(tx, at);
}
