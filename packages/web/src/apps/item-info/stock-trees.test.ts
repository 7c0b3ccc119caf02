import type { ItemStockRow } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { stockByItem, stockByLocation, type StockNode } from './stock-trees.js';

function row(
  bin: string,
  onHandQty: number,
  extra: Partial<ItemStockRow> & { restricted?: boolean } = {},
): ItemStockRow {
  const { restricted = false, ...rest } = extra;
  return {
    binLocation: {
      code: bin,
      visualCode: bin,
      warehouseCode: '01',
      locationType: 'BULK',
      physicalLocationType: 'NORMAL',
      stockMovementRestricted: restricted,
    },
    batch: null,
    serialNumber: null,
    onHandQty,
    releasedQty: 0,
    pickQty: 0,
    qcPending: false,
    qcPendingQty: 0,
    freeToMoveQty: onHandQty,
    ...rest,
  };
}

const batch = (code: string) => ({ code, visualCode: code, expirationDate: null });
const serial = (code: string, lotCode: string | null = null) => ({ code, visualCode: code, lotCode });

/** The tree as "label quantity" lines, indented per level. */
function outline(nodes: StockNode[], depth = 0): string[] {
  return nodes.flatMap((node) => [
    `${'  '.repeat(depth)}${node.kind}:${node.label} ${node.onHandQty}`,
    ...outline(node.children, depth + 1),
  ]);
}

const item = { code: 'BATCH-001', visualCode: 'BATCH-001' };

describe('stockByItem', () => {
  it('groups item -> batch -> location with exact sums', () => {
    const rows = [
      row('01-P01-01', 0.1, { batch: batch('B2') }),
      row('01-A01-01', 0.2, { batch: batch('B2') }),
      row('01-QC', 50, { batch: batch('B1'), qcPending: true, qcPendingQty: 50, freeToMoveQty: 0 }),
    ];
    const tree = stockByItem(item, rows);
    expect(outline(tree)).toEqual([
      'item:BATCH-001 50.3',
      '  batch:B1 50',
      '    location:01-QC 50',
      '  batch:B2 0.3',
      '    location:01-A01-01 0.2',
      '    location:01-P01-01 0.1',
    ]);
    expect(tree[0]!.qcPending).toBe(true);
    expect(tree[0]!.children[0]!.qcPendingQty).toBe(50);
    expect(tree[0]!.children[1]!.qcPending).toBe(false);
    expect(tree[0]!.freeToMoveQty).toBe(0.3);
  });

  it('puts serials (with or without a batch) above their location, and plain stock straight under the item', () => {
    const rows = [
      row('01-P01-01', 1, { serialNumber: serial('SN-2') }),
      row('CART-02', 1, { serialNumber: serial('SN-1'), pickQty: 1, freeToMoveQty: 0 }),
      row('01-A01-01', 3),
      row('01-BLOCKED', 1, { batch: batch('B9'), serialNumber: serial('SN-3'), restricted: true }),
    ];
    const tree = stockByItem({ code: 'X', visualCode: 'X' }, rows);
    expect(outline(tree)).toEqual([
      'item:X 6',
      '  location:01-A01-01 3',
      '  batch:B9 1',
      '    serial:SN-3 1',
      '      location:01-BLOCKED 1',
      '  serial:SN-1 1',
      '    location:CART-02 1',
      '  serial:SN-2 1',
      '    location:01-P01-01 1',
    ]);
    expect(tree[0]!.pickQty).toBe(1);
    const blocked = tree[0]!.children[1]!.children[0]!.children[0]!;
    expect(blocked.restricted).toBe(true);
    expect(blocked.id).toBe('/item:X/batch:B9/serial:SN-3/location:01-BLOCKED');
  });

  it('is empty without stock', () => {
    expect(stockByItem(item, [])).toEqual([]);
  });
});

describe('stockByLocation', () => {
  it('groups location -> batch -> serial and marks restricted locations', () => {
    const rows = [
      row('01-P01-01', 200, { batch: batch('B2') }),
      row('01-P01-01', 1, { serialNumber: serial('SN-1') }),
      row('01-BLOCKED', 20, { batch: batch('B1'), restricted: true }),
      row('02-A01-01', 100),
    ];
    const tree = stockByLocation(rows);
    expect(outline(tree)).toEqual([
      'location:01-BLOCKED 20',
      '  batch:B1 20',
      'location:01-P01-01 201',
      '  batch:B2 200',
      '  serial:SN-1 1',
      'location:02-A01-01 100',
    ]);
    expect(tree.map((node) => node.restricted)).toEqual([true, false, false]);
    expect(tree[2]!.children).toEqual([]);
  });
});
