import { describe, expect, it } from 'vitest';
import type { LocationContentRow } from '@wms/contract';
import { contentTree } from './content-tree.js';
import { contentsVisible } from './contents-visible.js';

const zero = { onHandQty: 0, freeToMoveQty: 0, releasedQty: 0, pickQty: 0, qcPendingQty: 0 };

describe('location contents tree', () => {
  it('nests batches under items and serials under batches; serials without a batch sit under the item', () => {
    const rows: LocationContentRow[] = [
      {
        item: { code: 'I1', visualCode: 'I1', name: 'Item one', units: null },
        ...zero,
        onHandQty: 3,
        batches: [
          {
            code: 'B1',
            visualCode: 'B1',
            expirationDate: '2030-01-31',
            ...zero,
            onHandQty: 2,
            serials: [{ code: 'S1', visualCode: 'S1', lotCode: null, expirationDate: null, ...zero, onHandQty: 1 }],
          },
          {
            code: null,
            visualCode: null,
            expirationDate: null,
            ...zero,
            serials: [{ code: 'S2', visualCode: 'S2', lotCode: null, expirationDate: null, ...zero, onHandQty: 1 }],
          },
        ],
      },
    ];
    const [item] = contentTree(rows);
    expect(item).toMatchObject({ id: 'item:I1', kind: 'item', description: 'Item one', onHandQty: 3 });
    expect(item!.children.map((child) => child.id)).toEqual(['batch:I1/B1', 'serial:I1//S2']);
    expect(item!.children[0]).toMatchObject({ kind: 'batch', description: '31-01-2030', itemCode: 'I1' });
    expect(item!.children[0]!.children).toEqual([expect.objectContaining({ id: 'serial:I1/B1/S1', kind: 'serial' })]);
  });

  it('keeps the rows of a blind answer (batching mode, not admin) with their quantities null', () => {
    const blind = { onHandQty: null, freeToMoveQty: null, releasedQty: null, pickQty: null, qcPendingQty: null };
    const [item] = contentTree([
      {
        item: { code: 'I1', visualCode: 'I1', name: 'Item one', units: null },
        ...blind,
        batches: [{ code: 'B1', visualCode: 'B1', expirationDate: null, ...blind, serials: [] }],
      },
    ]);
    expect(item).toMatchObject({ id: 'item:I1', onHandQty: null, freeToMoveQty: null });
    expect(item!.children[0]).toMatchObject({ id: 'batch:I1/B1', onHandQty: null });
  });

  it('hides contents in wall-to-wall batching mode from everyone but admin', () => {
    expect(contentsVisible('NORMAL', false)).toBe(true);
    expect(contentsVisible('WALL_TO_WALL_BATCHING_MODE', false)).toBe(false);
    expect(contentsVisible('WALL_TO_WALL_BATCHING_MODE', true)).toBe(true);
  });
});
