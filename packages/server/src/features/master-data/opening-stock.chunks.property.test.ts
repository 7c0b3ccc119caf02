import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBinLocation, makeItem, makeSerial, makeStock, makeUser, uniqueCode } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { mappingOf } from '../importers/import-access.js';
import { judgeSessionRows } from '../importers/import-judging.js';
import { findSession } from '../importers/import-sessions.repository.js';
import { upload } from '../importers/importers.test-helper.js';
import type { Importer, ImportRunContext } from '../importers/importer.js';
import { openingStockImporter } from './opening-stock.importer.js';
import { rowsPerGroup } from './opening-stock.rules.js';
import { masterDataRun } from './master-data.test-helper.js';

/**
 * The opening stock is checked a chunk at a time (issue 17's memory target): a chunk's verdicts
 * must be exactly those of a check over the whole file. The rules that look across the file
 * (a serial named twice, the items a file puts on a single-item location) must see rows of other
 * chunks, backwards and forwards. Chunks of rowsPerGroup rows here, so a file of ~1,500 rows has
 * three of them.
 */
describe('opening stock: the chunked check judges as the whole-file check (property)', () => {
  let t: TestApp;
  let db: Db;
  let client: HttpClient;
  let run: ImportRunContext;
  let s: {
    items: Record<'plain' | 'other' | 'batch' | 'serial' | 'inactive', string>;
    locations: Record<'bin' | 'bin2' | 'single' | 'single2' | 'liquid', string>;
    inStockSerial: string;
  };
  const chunked: Importer = {
    ...openingStockImporter,
    chunked: { ...openingStockImporter.chunked!, rows: rowsPerGroup },
  };
  const whole: Importer = { ...openingStockImporter, chunked: undefined };

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    const user = await makeUser(db, { roles: ['masterDataManager'] });
    client = await signIn(t, user.username, user.password);
    run = masterDataRun(t.app.ctx, user);
    const serialItem = await makeItem(db, { managedBy: 'SERIAL_NUMBER' });
    const single2 = await makeBinLocation(db, { physicalLocationType: 'SINGLE_ITEM_LOCATION' });
    const other = await makeItem(db);
    const inStock = await makeSerial(db, { item: serialItem, code: uniqueCode('SN-') });
    await makeStock(db, { item: serialItem, location: await makeBinLocation(db), serial: inStock, onHand: 1 });
    // single2 holds `other` already: a file that puts another item there breaks it.
    await makeStock(db, { item: other, location: single2, onHand: 5000 });
    s = {
      items: {
        plain: (await makeItem(db)).code,
        other: other.code,
        batch: (await makeItem(db, { managedBy: 'BATCH_NUMBER' })).code,
        serial: serialItem.code,
        inactive: (await makeItem(db, { active: false })).code,
      },
      locations: {
        bin: (await makeBinLocation(db)).code,
        bin2: (await makeBinLocation(db)).code,
        single: (await makeBinLocation(db, { physicalLocationType: 'SINGLE_ITEM_LOCATION' })).code,
        single2: single2.code,
        liquid: (await makeBinLocation(db, { physicalLocationType: 'LIQUID_CONTAINER' })).code,
      },
      inStockSerial: inStock.code,
    };
  });
  afterAll(async () => t.close());

  type Cells = [item: string, location: string, quantity: string, batch: string, serial: string];

  /** Both judgings of one uploaded file: the verdicts in file order, without what the commit writes. */
  async function judgedBothWays(rows: readonly Cells[]) {
    const csv = ['Item code;Location;Quantity;Batch;Serial number', ...rows.map((row) => row.join(';'))].join('\n');
    const uploaded = await upload(t, client, csv, { kind: 'opening_stock', name: 'stock.csv' });
    expect(uploaded.status, uploaded.text).toBe(201);
    const sessionId = (uploaded.json as { id: string }).id;
    const mapping = mappingOf((await findSession(db, sessionId))!);
    const judged = async (importer: Importer) => {
      const verdicts: unknown[] = [];
      const chunkSizes: number[] = [];
      await judgeSessionRows(db, importer, sessionId, mapping, { ...run, sessionId }, async (chunk) => {
        chunkSizes.push(chunk.source.length);
        for (const { rowNumber, status, group, messages } of chunk.verdicts) {
          verdicts.push({ rowNumber, status, group, messages });
        }
      });
      return { verdicts, chunkSizes };
    };
    return { chunked: await judged(chunked), whole: await judged(whole) };
  }

  it('sees a serial and a single-item location across chunks, backwards and forwards', async () => {
    const rows: Cells[] = [];
    for (let n = 0; n < 3 * rowsPerGroup; n++) rows.push([s.items.plain, s.locations.bin, '1', '', '']);
    const at = (rowNumber: number, cells: Cells) => (rows[rowNumber - 2] = cells);
    at(3, [s.items.serial, s.locations.bin, '1', '', 'SN-CHUNKS']);
    at(rowsPerGroup + 203, [s.items.serial, s.locations.bin2, '1', '', 'sn-chunks']);
    at(10, [s.items.plain, s.locations.single, '1', '', '']);
    at(2 * rowsPerGroup + 7, [s.items.other, s.locations.single, '1', '', '']);
    const { chunked: byChunk, whole: byFile } = await judgedBothWays(rows);
    expect(byChunk.chunkSizes).toEqual([rowsPerGroup - 2, rowsPerGroup, rowsPerGroup, 2]);
    expect(byFile.chunkSizes).toEqual([rows.length]);
    const errorsOf = (verdicts: unknown[], rowNumber: number) =>
      (verdicts as { rowNumber: number; messages: { key: string; args: unknown }[] }[])
        .find((v) => v.rowNumber === rowNumber)!
        .messages.map((m) => [m.key, m.args]);
    expect(errorsOf(byChunk.verdicts, rowsPerGroup + 203)).toEqual([
      ['duplicateInFile', { value: 'sn-chunks', rows: 3 }],
    ]);
    const tooMany = ['tooManyItemsInSingleItemLocation', { code: s.locations.single, numOfItems: 2 }];
    expect(errorsOf(byChunk.verdicts, 10)).toEqual([tooMany]);
    expect(errorsOf(byChunk.verdicts, 2 * rowsPerGroup + 7)).toEqual([tooMany]);
    expect(byChunk.verdicts).toEqual(byFile.verdicts);
  });

  it('gives every row of a generated file the verdict of the whole-file check', async () => {
    const cellArbitrary = fc.record({
      item: fc.constantFrom('plain', 'other', 'batch', 'serial', 'serial', 'inactive', 'unknown', 'empty'),
      location: fc.constantFrom('bin', 'bin2', 'single', 'single2', 'liquid', 'unknown'),
      quantity: fc.constantFrom('1', '2', '0', 'x'),
      batch: fc.constantFrom('', 'B1', 'B2'),
      serial: fc.constantFrom('', 'S1', 's1', 'S2', 'S3', 'S4', 'S5', 'in-stock'),
    });
    // A few rows of interest strewn over a file of plain rows, so each file spans several chunks.
    const fileArbitrary = fc.record({
      length: fc.integer({ min: rowsPerGroup, max: 3 * rowsPerGroup }),
      special: fc.array(fc.tuple(fc.nat(), cellArbitrary), { minLength: 5, maxLength: 60 }),
    });
    await fc.assert(
      fc.asyncProperty(fileArbitrary, async ({ length, special }) => {
        const rows: Cells[] = Array.from({ length }, () => [s.items.plain, s.locations.bin, '1', '', '']);
        for (const [position, cell] of special) {
          const item = cell.item === 'unknown' ? 'NO-SUCH-ITEM' : cell.item === 'empty' ? '' : s.items[cell.item];
          const location = cell.location === 'unknown' ? 'NOWHERE' : s.locations[cell.location];
          const serial = cell.serial === 'in-stock' ? s.inStockSerial : cell.serial;
          rows[position % length] = [item, location, cell.quantity, cell.batch, serial];
        }
        const { chunked: byChunk, whole: byFile } = await judgedBothWays(rows);
        expect(byChunk.chunkSizes.length).toBeGreaterThan(1);
        expect(byChunk.verdicts).toEqual(byFile.verdicts);
      }),
      { numRuns: 8 },
    );
  });
});
