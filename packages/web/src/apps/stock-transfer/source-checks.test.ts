import type { LocationContentRow } from '@wms/contract';
import { describe, expect, it } from 'vitest';
import { makeItem } from '../../handheld/engine/testing/fakes.js';
import type { ItemIdentification } from '../../handheld/engine/types.js';
import { hasFreeStock } from './location-transfer-workflow.js';
import { movableOnSource } from './source-checks.js';

const identification: ItemIdentification = {
  item: makeItem({ code: 'ITEM-001' }),
  matchedBy: 'CODE',
  scanQuantity: 1000,
  batch: null,
  lot: null,
  serial: null,
  expirationDate: null,
  scannedCode: 'ITEM-001',
};

const row = (quantities: Pick<LocationContentRow, 'onHandQty' | 'freeToMoveQty' | 'releasedQty' | 'pickQty'>) =>
  ({
    item: { code: 'ITEM-001', visualCode: 'ITEM-001', name: 'Item', units: 'pcs' },
    qcPendingQty: quantities.onHandQty === null ? null : 0,
    ...quantities,
    batches: [],
  }) satisfies LocationContentRow;

describe('source checks with the quantities left out (blind counting in batching mode)', () => {
  it('counts what can move from the contents when the server sends quantities', () => {
    const contents = [row({ onHandQty: 5, freeToMoveQty: 3, releasedQty: 2, pickQty: 0 })];
    expect(movableOnSource(contents, identification)).toBe(3000);
    expect(hasFreeStock(contents)).toBe(true);
    expect(hasFreeStock([row({ onHandQty: 2, freeToMoveQty: 0, releasedQty: 2, pickQty: 0 })])).toBe(false);
  });

  it('leaves the quantity check to the server when the quantities are null', () => {
    const contents = [row({ onHandQty: null, freeToMoveQty: null, releasedQty: null, pickQty: null })];
    expect(movableOnSource(contents, identification)).toBe(Number.POSITIVE_INFINITY);
    expect(hasFreeStock(contents)).toBe(true);
  });
});
