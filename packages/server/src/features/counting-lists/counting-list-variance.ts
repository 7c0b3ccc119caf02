import { fromThousandths, type CountingListVarianceAnswer } from '@wms/contract';
import ExcelJS from 'exceljs';
import type { AppContext } from '../../context.js';
import { findListOrThrow } from './counting-list-access.js';
import { unitsOf } from './counting-list-rounds.js';
import * as repository from './counting-lists.repository.js';

/**
 * The variance report of a counting list (issue 20 item 6; decision 0192): per item the counted
 * and the system quantity, the difference and its value (difference x the item's average price;
 * null without one). A FLUSHED list reports what was posted (its count history: onHand at flush);
 * an open one its agreed counts against the stock now (locations not agreed are left out).
 */
export async function countingListVariance(ctx: AppContext, code: string): Promise<CountingListVarianceAnswer> {
  const list = await findListOrThrow(ctx.db, code);
  const posted = list.status === 'FLUSHED';
  const sums = new Map<number, { counted: number; system: number }>();
  const add = (itemId: number, counted: number, system: number) => {
    const sum = sums.get(itemId) ?? { counted: 0, system: 0 };
    sums.set(itemId, { counted: sum.counted + counted, system: sum.system + system });
  };
  if (posted) {
    for (const line of await repository.postedCountLines(ctx.db, list.code)) {
      add(line.item_id, Number(line.counted), Number(line.on_hand));
    }
  } else {
    const agreed = (await repository.listLocations(ctx.db, list.id)).filter((l) => l.agreed !== null);
    for (const location of agreed) {
      for (const unit of unitsOf(location.agreed as string)) add(unit.itemId, unit.counted, 0);
    }
    for (const row of await repository.onHandAt(
      ctx.db,
      agreed.map((l) => l.bin_location_id),
    )) {
      add(row.item_id, 0, Number(row.on_hand_qty));
    }
  }
  const items = new Map((await repository.itemsOf(ctx.db, [...sums.keys()])).map((i) => [i.id, i]));
  const rows = [...sums.entries()]
    .map(([itemId, sum]) => {
      const item = items.get(itemId);
      const difference = fromThousandths(sum.counted - sum.system);
      const price = item?.avg_price == null ? null : Number(item.avg_price);
      return {
        item: item?.code ?? String(itemId),
        name: item?.name ?? '',
        counted: fromThousandths(sum.counted),
        system: fromThousandths(sum.system),
        difference,
        value: price === null || !Number.isFinite(price) ? null : Math.round(difference * price * 100) / 100,
      };
    })
    .sort((a, b) => (a.item < b.item ? -1 : a.item > b.item ? 1 : 0));
  const totalValue = Math.round(rows.reduce((sum, r) => sum + (r.value ?? 0), 0) * 100) / 100;
  return {
    list: list.code,
    status: list.status as CountingListVarianceAnswer['status'],
    posted,
    rows,
    totalValue,
  };
}

/** The variance report as an XLSX workbook (one sheet, a header row, the total last). */
export async function countingListVarianceXlsx(
  ctx: AppContext,
  code: string,
): Promise<{ code: string; bytes: Buffer }> {
  const report = await countingListVariance(ctx, code);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(report.list);
  sheet.addRow(['item', 'name', 'counted', 'system', 'difference', 'value']);
  for (const row of report.rows) sheet.addRow([row.item, row.name, row.counted, row.system, row.difference, row.value]);
  sheet.addRow(['total', '', null, null, null, report.totalValue]);
  return { code: report.list, bytes: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
