import { codeKey, toThousandths, type CountLine } from '@wms/contract';
import type { DbOrTx, Dialect } from '../../db/database.js';
import { badRequest, notFound, unprocessable } from '../../http/app-error.js';
import { admissionKey, knownBatches, knownSerials } from '../items/batch-serial-admission.service.js';
import { itemsByCodeKept } from '../items/item-codes-cache.js';
import type { CountedUnit } from './count-plan.js';

/**
 * The lines of a count request, resolved to stock keys and checked, in request order (the first
 * bad line refuses the whole save, nothing changed):
 * - 404 unknownItemForCode {code}; PARTIAL: an item not requested is 422 itemNotInCountRequest
 *   {item, location};
 * - a batch item needs its batch (batchRequired {item}), a serial item its serial
 *   (serialRequired {item}); a batch or serial on an item not managed so is
 *   batchOrSerialNotForItem {item}; unknown ones are unknownBatch / unknownSerial {code};
 * - a serial line counts 1 (another quantity is qtyTooLarge {quantity, max: 1}); other lines
 *   need a quantity (400 otherwise).
 * Batches and serials are not created by a count (decision 0189).
 */
export async function resolveCountLines(
  app: { db: object; dialect: Dialect },
  db: DbOrTx,
  lines: readonly CountLine[],
  scope: { location: string; itemIds: ReadonlySet<number> | null },
): Promise<CountedUnit[]> {
  return (await resolveCountLinesWithCodes(app, db, lines, scope)).units;
}

/** resolveCountLines, with the code of every item counted (by id), read with them (kept in memory: item-codes-cache.ts). */
export async function resolveCountLinesWithCodes(
  app: { db: object; dialect: Dialect },
  db: DbOrTx,
  lines: readonly CountLine[],
  scope: { location: string; itemIds: ReadonlySet<number> | null },
): Promise<{ units: CountedUnit[]; codes: Map<number, string> }> {
  const items = new Map(
    (
      await itemsByCodeKept(
        app,
        db,
        lines.map((l) => l.item),
      )
    ).map((i) => [i.code_lower, i]),
  );
  // The batches and serials named, each kind in one read (not one per line).
  const coded = (kind: 'batch' | 'serial', managedBy: string) =>
    lines.flatMap((line) => {
      const item = items.get(codeKey(line.item));
      const code = line[kind];
      return item?.managed_by === managedBy && code !== undefined ? [{ itemId: item.id, code }] : [];
    });
  const batches = await knownBatches(db, coded('batch', 'BATCH_NUMBER'));
  const serials = await knownSerials(db, coded('serial', 'SERIAL_NUMBER'));
  const units: CountedUnit[] = [];
  for (const [index, line] of lines.entries()) {
    const item = items.get(codeKey(line.item));
    if (!item) throw notFound('unknownItemForCode', { code: line.item });
    if (scope.itemIds !== null && !scope.itemIds.has(item.id)) {
      throw unprocessable('itemNotInCountRequest', { item: item.code, location: scope.location });
    }
    const managedBy = item.managed_by;
    if (managedBy === 'SERIAL_NUMBER') {
      if (line.serial === undefined) throw unprocessable('serialRequired', { item: item.code });
      if (line.batch !== undefined) throw unprocessable('batchOrSerialNotForItem', { item: item.code });
      if (line.quantity !== undefined && line.quantity !== 1) {
        throw unprocessable('qtyTooLarge', { quantity: line.quantity, max: 1 });
      }
      const serial = serials.get(admissionKey(item.id, line.serial));
      if (!serial) throw unprocessable('unknownSerial', { code: line.serial });
      // The batch of a serial's stock row is the row's own: taken from the stock (wall-to-wall-save.ts).
      units.push({ itemId: item.id, batchId: null, serialId: serial.id, counted: toThousandths(1) });
      continue;
    }
    if (line.serial !== undefined) throw unprocessable('batchOrSerialNotForItem', { item: item.code });
    if (line.quantity === undefined) {
      throw badRequest('invalidInput', { fields: [{ field: `body.lines.${index}.quantity`, message: 'required' }] });
    }
    let batchId: number | null = null;
    if (managedBy === 'BATCH_NUMBER') {
      if (line.batch === undefined) throw unprocessable('batchRequired', { item: item.code });
      const batch = batches.get(admissionKey(item.id, line.batch));
      if (!batch) throw unprocessable('unknownBatch', { code: line.batch });
      batchId = batch.id;
    } else if (line.batch !== undefined) {
      throw unprocessable('batchOrSerialNotForItem', { item: item.code });
    }
    units.push({ itemId: item.id, batchId, serialId: null, counted: toThousandths(line.quantity) });
  }
  return { units, codes: new Map([...items.values()].map((i) => [i.id, i.code])) };
}
