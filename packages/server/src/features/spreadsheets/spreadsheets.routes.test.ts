import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import type { HttpClient } from '../../../test/http-client.js';

const readPath = '/api/v1/spreadsheets/read';
const libraryPath = '/api/v1/spreadsheets/library';

/** A workbook of three sheets: text, numbers, a date, a formula with its cached result, an empty sheet. */
async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const stock = book.addWorksheet('Stock');
  stock.addRow(['Item', 'Qty', 'Counted on']);
  stock.addRow(['A-100', 12.5, new Date(Date.UTC(2024, 2, 1))]);
  stock.getCell('C2').numFmt = 'yyyy-mm-dd';
  stock.addRow(['Łódź żółć', { formula: 'B2*2', result: 25 }]);
  stock.addRow([]);
  stock.addRow(['B-200', { formula: 'NOW()' }]);
  const prices = book.addWorksheet('Prices');
  prices.addRow(['Item', 'Price']);
  prices.addRow(['A-100', 0.1 + 0.2]);
  book.addWorksheet('Empty');
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A zip of one deflated part, written by hand (for shapes exceljs never writes). */
function zipOf(name: string, data: Buffer): Buffer {
  const compressed = zlib.deflateRawSync(data);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const directory = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(30 + fileName.length + compressed.length, 16);
  return Buffer.concat([local, fileName, compressed, directory, end]);
}

describe('the spreadsheet viewer under /api/v1/spreadsheets/', () => {
  let t: TestApp;
  let manager: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    // manager holds reporting; operator does not.
    [manager, operator] = await Promise.all([signIn(t, 'manager'), signIn(t, 'operator')]);
  });
  afterAll(async () => t.close());

  const upload = async (bytes: Buffer | string, name: string, client: HttpClient = manager) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const response = await fetch(t.baseUrl + readPath, {
      method: 'POST',
      headers: { ...client.headers, cookie: client.cookieHeader },
      body: form,
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  };

  it('reads every sheet of a workbook as text, formulas as their cached values', async () => {
    const bytes = await workbook();
    // Read again and again: exceljs parks worksheets in temporary files, and a worksheet left
    // unread was once opened after its removal (an uncaught error that fails this file).
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(bytes, 'stock.xlsx')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const answer = answers[0]!;
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ fileName: 'stock.xlsx', format: 'XLSX', truncated: false });
    expect(answer.json.sheets.map((sheet: { name: string }) => sheet.name)).toEqual(['Stock', 'Prices', 'Empty']);
    const [stock, prices, empty] = answer.json.sheets;
    expect(stock).toEqual({
      name: 'Stock',
      columns: 3,
      truncated: false,
      rows: [
        { number: 1, cells: ['Item', 'Qty', 'Counted on'] },
        { number: 2, cells: ['A-100', '12.5', '2024-03-01'] },
        { number: 3, cells: ['Łódź żółć', '25'] },
        // A formula without a cached result is empty: nothing is evaluated.
        { number: 5, cells: ['B-200'] },
      ],
    });
    expect(prices.rows[1]).toEqual({ number: 2, cells: ['A-100', '0.3'] });
    expect(empty).toEqual({ name: 'Empty', columns: 0, rows: [], truncated: false });
  });

  it('reads a CSV with quotes and semicolons as one sheet named after the file', async () => {
    const answer = await upload('\ufeffcode;name\r\nA;"Semi; colon"\r\nB;"Say ""hi"""\r\n', 'list.csv');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ format: 'CSV', truncated: false });
    expect(answer.json.sheets).toEqual([
      {
        name: 'list',
        columns: 2,
        truncated: false,
        rows: [
          { number: 1, cells: ['code', 'name'] },
          { number: 2, cells: ['A', 'Semi; colon'] },
          { number: 3, cells: ['B', 'Say "hi"'] },
        ],
      },
    ]);
  });

  it('leaves columns over the limit out and says so', async () => {
    const wide = Array.from({ length: 201 }, (_, i) => `c${i + 1}`).join(';');
    const answer = await upload(`${wide}\nx\n`, 'wide.csv');
    expect(answer.status).toBe(200);
    expect(answer.json.truncated).toBe(true);
    const [sheet] = answer.json.sheets;
    expect(sheet.columns).toBe(200);
    expect(sheet.rows[0].cells.at(-1)).toBe('c200');
    expect(sheet.rows[1]).toEqual({ number: 2, cells: ['x'] });
  });

  it('leaves rows over the limit out and says so', async () => {
    const lines = Array.from({ length: 50_001 }, (_, i) => `row ${i + 1};x`).join('\n');
    const answer = await upload(lines, 'long.csv');
    expect(answer.status).toBe(200);
    expect(answer.json.truncated).toBe(true);
    const [sheet] = answer.json.sheets;
    expect(sheet.truncated).toBe(true);
    expect(sheet.rows).toHaveLength(50_000);
    expect(sheet.rows.at(-1)).toEqual({ number: 50_000, cells: ['row 50000', 'x'] });
  });

  it('refuses files over 10 MB, unreadable and protected files, too many columns and zip bombs', async () => {
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), 'big.csv');
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ key: 'fileTooLarge', args: { maxMb: 10 } });
    expect((await upload(Buffer.from([0x61, 0x0a, 0xc3, 0x28]), 'bad.csv')).json.key).toBe('importFileUnreadable');
    const compound = Buffer.from('d0cf11e0a1b11ae1000000000000000000', 'hex');
    expect((await upload(compound, 'old.xls')).json).toMatchObject({ key: 'importFilePasswordProtected' });
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(20 * 1024 * 1024, ' '));
    expect(bomb.length).toBeLessThan(100_000);
    expect((await upload(bomb, 'bomb.xlsx')).json).toMatchObject({ status: 422, key: 'importFileTooComplex' });
  });

  it('opens a file of the file manager library, and only a file of it', async () => {
    const album = path.join(t.config.dataDir, 'userdata', 'temp', 'albums', 'reports');
    fs.mkdirSync(album, { recursive: true });
    fs.writeFileSync(path.join(album, 'stock.xlsx'), await workbook());
    const opened = await manager.get(`${libraryPath}?path=${encodeURIComponent('temp/albums/reports/stock.xlsx')}`);
    expect(opened.status).toBe(200);
    expect(opened.json).toMatchObject({ fileName: 'stock.xlsx', format: 'XLSX' });
    expect(opened.json.sheets).toHaveLength(3);

    const missing = await manager.get(`${libraryPath}?path=${encodeURIComponent('temp/albums/reports/none.csv')}`);
    expect(missing.status).toBe(404);
    expect((await manager.get(`${libraryPath}?path=${encodeURIComponent('temp/albums/reports')}`)).status).toBe(400);
    const outside = await manager.get(`${libraryPath}?path=${encodeURIComponent('temp/albums/../../secret.csv')}`);
    expect(outside.json).toMatchObject({ status: 400, key: 'invalidPath' });
  });

  it('refuses users without reporting', async () => {
    expect((await upload('a;b\n', 'x.csv', operator)).status).toBe(403);
    const path = `${libraryPath}?path=${encodeURIComponent('temp/albums/reports/stock.xlsx')}`;
    expect((await operator.get(path)).status).toBe(403);
  });
});
