import { describe, expect, it } from 'vitest';
import { parsePdf } from '../labels/pdf.test-helper.js';
import type { PackingSlipData } from './packing-slip-data.js';
import { renderPackingSlip } from './packing-slip-pdf.js';

const texts = (key: string) => key;

function slipWith(line: { item: string; batch: string; serial: string }): PackingSlipData {
  return {
    id: 1,
    code: 'DL-1',
    status: 'CREATED',
    date: '02-01-2026',
    erpReference: null,
    customer: { code: 'C-1', name: 'Customer' },
    shipTo: ['Depot', 'NL'],
    warehouse: null,
    route: null,
    pickLists: ['PL-1'],
    salesOrders: [],
    containers: [
      {
        code: 'BOX-1',
        sscc: false,
        type: 'BOX',
        boxType: null,
        weightKg: null,
        dimensions: null,
        pickList: 'PL-1',
        lines: [{ ...line, name: 'An item', bestBefore: '31-12-2026', quantity: 1, unit: 'pcs' }],
      },
    ],
    totals: { containers: 1, units: 1, weightKg: 0 },
  };
}

describe('the packing slip PDF', () => {
  it('prints long item, batch and serial codes whole (shrunk to fit, never cut)', async () => {
    const line = { item: 'PDMWXY4D7U90W-BATCH', batch: 'LOT-2026-11-26-0001', serial: 'SN-00000000012345678' };
    const { text } = await parsePdf(await renderPackingSlip(slipWith(line), texts));
    for (const code of Object.values(line)) expect(text).toContain(code);
  });
});
