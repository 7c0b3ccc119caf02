import type { PickList, PickListLine } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { withPick } from './pick-state.js';

const line = (lineNumber: number, fields: Partial<PickListLine> = {}): PickListLine => ({
  lineNumber,
  item: `ITEM-${lineNumber}`,
  itemName: 'Item',
  managedBy: 'NORMAL',
  quantity: 2,
  pickedQuantity: 0,
  shortQuantity: 0,
  shortReason: null,
  openQuantity: 2,
  walkOrder: lineNumber,
  skipped: false,
  allocations: [
    { location: 'A-01', locationSortingCode: null, batch: null, serial: null, expirationDate: null, quantity: 2 },
  ],
  picks: [],
  salesOrder: 'SO-1',
  salesOrderLine: lineNumber,
  ...fields,
});

const list: PickList = {
  code: 'PL-1',
  status: 'PARTLY_PICKED',
  version: 2,
  priority: 0,
  warehouse: '01',
  customer: null,
  shipDate: null,
  route: null,
  linesTotal: 3,
  linesPicked: 1,
  claimedBy: 'picker',
  packed: false,
  containers: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  shipTo: null,
  salesOrders: ['SO-1'],
  lines: [line(1, { pickedQuantity: 2, openQuantity: 0, allocations: [] }), line(2), line(3)],
  shippingContainers: [],
};

const picked = line(2, {
  pickedQuantity: 2,
  openQuantity: 0,
  allocations: [],
  picks: [{ container: 'T-1', location: 'A-01', batch: null, serial: null, quantity: 2 }],
});

describe('withPick', () => {
  it('replaces the picked line and takes the status, version and counts; the rest stays as loaded', () => {
    const merged = withPick(list, {
      code: 'PL-1',
      status: 'PARTLY_PICKED',
      version: 2,
      linesTotal: 3,
      linesPicked: 2,
      line: picked,
    });
    expect(merged.lines).toEqual([list.lines[0], picked, list.lines[2]]);
    expect(merged).toMatchObject({ linesPicked: 2, linesTotal: 3, containers: 0, claimedBy: 'picker' });
    expect(merged.shippingContainers).toBe(list.shippingContainers);
  });

  it('follows a status change and leaves the list it came from as it was', () => {
    const merged = withPick(list, {
      code: 'PL-1',
      status: 'PICKED',
      version: 3,
      linesTotal: 3,
      linesPicked: 3,
      line: picked,
    });
    expect(merged).toMatchObject({ status: 'PICKED', version: 3, linesPicked: 3 });
    expect(list).toMatchObject({ status: 'PARTLY_PICKED', version: 2, linesPicked: 1 });
    expect(list.lines[1]?.pickedQuantity).toBe(0);
  });
});
