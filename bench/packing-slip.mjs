// The packing slip's render time (PROCESSES.md 3.9; goal: a 200-line delivery well under 500 ms).
// Renders a 200-line, 5-container slip with the built server's renderer (run "npm run build"
// first) and prints the time of the first (cold: fonts, barcode) and the median of 10 warm runs.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repositoryDir } from './processes.mjs';

const dist = (file) =>
  pathToFileURL(path.join(repositoryDir, 'packages', 'server', 'dist', 'features', 'packing-slip', file)).href;
const { renderPackingSlip } = await import(dist('packing-slip-pdf.js'));
const texts = (key, args = {}) => `${key}${Object.values(args).join(' ')}`;

const lines = 200;
const containers = Array.from({ length: 5 }, (_, c) => ({
  code: `00387123450000000${c}`,
  sscc: true,
  type: 'BOX',
  boxType: 'BOX-M',
  weightKg: 12.5,
  dimensions: '600 x 400 x 400 mm',
  pickList: 'PL-BENCH',
  lines: Array.from({ length: lines / 5 }, (_, i) => ({
    item: `ITEM-${c}-${i}`,
    name: `Bench item ${c}-${i} with a longer description that is cut off`,
    batch: i % 2 ? `B-${i}` : null,
    bestBefore: i % 2 ? '31-12-2026' : null,
    serial: i % 3 === 0 ? `SN-${c}-${i}` : null,
    quantity: (i % 7) + 1,
    unit: 'pcs',
  })),
}));
const slip = {
  id: 1,
  code: 'DL-BENCH-1',
  status: 'CREATED',
  date: '02-01-2026',
  erpReference: null,
  customer: { code: 'C-1', name: 'Bench customer' },
  shipTo: ['Depot Noord', 'Havenweg 12', '9712 AB Groningen', 'NL'],
  warehouse: { code: 'W1', name: 'Main warehouse' },
  route: 'Route 7',
  pickLists: ['PL-BENCH'],
  salesOrders: ['SO-1', 'SO-2'],
  containers,
  totals: { containers: 5, units: 800, weightKg: 62.5 },
};

const time = async () => {
  const start = process.hrtime.bigint();
  const bytes = await renderPackingSlip(slip, texts);
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, bytes: bytes.length };
};
const cold = await time();
const warm = [];
for (let i = 0; i < 10; i += 1) warm.push((await time()).ms);
warm.sort((a, b) => a - b);
console.log(
  JSON.stringify({ lines, coldMs: Math.round(cold.ms), warmMedianMs: Math.round(warm[5]), pdfBytes: cold.bytes }),
);
