import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.js';
import { csvRecords, detectDelimiter } from './csv-reader.js';
import { readImportFile, type ReadFile } from './import-file-reader.js';
import type { FileRow } from './import-file-rows.js';
import { cellValueText, numberText } from './xlsx-reader.js';
import { deflatedFill, zipOf } from './importers.test-helper.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'wms-import-read-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
let fileCount = 0;

function writeFile(bytes: Buffer | string): string {
  const file = path.join(folder, `file-${++fileCount}`);
  fs.writeFileSync(file, bytes);
  return file;
}

async function read(
  file: string,
  options: { sheet?: string; maxRows?: number } = {},
): Promise<ReadFile & { rows: FileRow[] }> {
  const handle = fs.openSync(file, 'r');
  const head = Buffer.alloc(16);
  const length = fs.readSync(handle, head, 0, 16, 0);
  fs.closeSync(handle);
  const rows: FileRow[] = [];
  const result = await readImportFile(
    { file, head: head.subarray(0, length) },
    { maxRows: options.maxRows ?? 20_000, chunkSize: 3, sheet: options.sheet },
    async (chunk) => {
      rows.push(...chunk);
    },
  );
  return { ...result, rows };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, key, args } = error as AppError;
  return { status, key, args };
}

async function workbookFile(build: (workbook: ExcelJS.Workbook) => void): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return writeFile(Buffer.from(await workbook.xlsx.writeBuffer()));
}

describe('reading XLSX', () => {
  it('reads the first sheet: header, numbers, dates, booleans, rich text and cached formula results', async () => {
    const file = await workbookFile((workbook) => {
      const sheet = workbook.addWorksheet('Orders');
      sheet.addRow([]);
      sheet.addRow(['  Item code ', 'Quantity', 'Due date', 'Urgent', 'Note', 'Formula', 'Empty formula']);
      sheet.addRow([
        'A-1',
        12.5,
        new Date(Date.UTC(2025, 2, 31)),
        true,
        { richText: [{ text: 'rich ' }, { text: 'text' }] },
      ]);
      sheet.getCell('F3').value = { formula: '1/0', result: 7 };
      sheet.getCell('G3').value = { formula: 'A1*2' };
      sheet.addRow([]);
      sheet.addRow(['B-2', 0.1 + 0.2, 45000, false, 1e-7, 1234567890123]);
      sheet.getCell('C5').numFmt = '0';
      workbook.addWorksheet('Other').addRow(['x']);
    });
    const result = await read(file);
    expect(result).toMatchObject({
      sheets: ['Orders', 'Other'],
      sheet: 'Orders',
      headers: ['Item code', 'Quantity', 'Due date', 'Urgent', 'Note', 'Formula', 'Empty formula'],
      rowCount: 2,
    });
    expect(result.rows).toEqual([
      { rowNumber: 3, cells: ['A-1', '12.5', '2025-03-31', 'true', 'rich text', '7'] },
      { rowNumber: 5, cells: ['B-2', '0.3', '45000', 'false', '0.0000001', '1234567890123'] },
    ]);
  });

  it('reads a chosen sheet, and refuses a sheet the workbook does not have', async () => {
    const file = await workbookFile((workbook) => {
      workbook.addWorksheet('First').addRows([['a'], ['1']]);
      workbook.addWorksheet('Zweite Liste').addRows([['b'], ['2'], ['3']]);
    });
    const second = await read(file, { sheet: 'zweite liste' });
    expect(second).toMatchObject({ sheet: 'Zweite Liste', headers: ['b'], rowCount: 2 });
    expect(await refusal(read(file, { sheet: 'Third' }))).toEqual({
      status: 422,
      key: 'importUnknownSheet',
      args: { sheet: 'Third' },
    });
  });

  it('keeps characters whole that straddle the chunks of a large sheet (shared and inline strings)', async () => {
    const text = 'Zażółć gęślą jaźń – Größe ÄÖÜ 漢字 ';
    const rows = Array.from({ length: 3000 }, (_, n) => [`${text}${n}`, `ł${n}`]);
    const shared = await workbookFile((workbook) => workbook.addWorksheet('S').addRows([['name', 'code'], ...rows]));
    const inlineFile = path.join(folder, 'inline.xlsx');
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: inlineFile, useSharedStrings: false });
    const sheet = writer.addWorksheet('I');
    sheet.addRow(['name', 'code']).commit();
    for (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await writer.commit();
    for (const file of [shared, inlineFile]) {
      const result = await read(file);
      expect(result.rowCount).toBe(3000);
      expect(result.rows.filter((row) => row.cells.join('').includes('\ufffd'))).toEqual([]);
      expect(result.rows[2999]).toEqual({ rowNumber: 3001, cells: [`${text}2999`, 'ł2999'] });
    }
  });

  it('refuses too many rows, a too wide or too long cell, and a file without data rows', async () => {
    const rows = await workbookFile((w) => w.addWorksheet('S').addRows([['h'], ['1'], ['2'], ['3']]));
    expect(await refusal(read(rows, { maxRows: 2 }))).toEqual({
      status: 422,
      key: 'importTooManyRows',
      args: { max: 2 },
    });
    const wide = await workbookFile((w) => {
      const sheet = w.addWorksheet('S');
      sheet.addRow(['h']);
      sheet.getRow(2).getCell(101).value = 'far';
    });
    expect((await refusal(read(wide))).key).toBe('importFileTooComplex');
    const long = await workbookFile((w) => w.addWorksheet('S').addRows([['h'], ['x'.repeat(2001)]]));
    expect((await refusal(read(long))).key).toBe('importFileTooComplex');
    const headerOnly = await workbookFile((w) => w.addWorksheet('S').addRows([['h', 'i']]));
    expect((await refusal(read(headerOnly))).key).toBe('importNoRows');
  });

  it('refuses a password-protected or old .xls file, a broken zip and binary garbage', async () => {
    const compound = writeFile(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]));
    expect(await refusal(read(compound))).toEqual({ status: 422, key: 'importFilePasswordProtected', args: {} });
    const broken = writeFile(Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.from('not a zip at all')]));
    expect((await refusal(read(broken))).key).toBe('importFileUnreadable');
    const valid = fs.readFileSync(await workbookFile((w) => w.addWorksheet('S').addRows([['h'], ['1']])));
    const truncated = writeFile(valid.subarray(0, Math.floor(valid.length / 2)));
    expect((await refusal(read(truncated))).key).toBe('importFileUnreadable');
    const hello = { compressed: zlib.deflateRawSync(Buffer.from('hello')), size: 5 };
    const notAWorkbook = writeFile(zipOf([{ name: 'hello.txt', ...hello }]));
    expect((await refusal(read(notAWorkbook))).key).toBe('importNoRows');
    const png = writeFile(Buffer.from('89504e470d0a1a0a0000000d49484452ffd8ff00', 'hex'));
    expect((await refusal(read(png))).key).toBe('importFileUnreadable');
  });

  it('refuses a zip bomb before reading it: too much in all, an absurd ratio, or a size that lies', async () => {
    const sheet = 'xl/worksheets/sheet1.xml';
    const huge = writeFile(zipOf([{ name: sheet, ...(await deflatedFill(201 * 1024 * 1024, ' ')) }]));
    expect(fs.statSync(huge).size).toBeLessThan(1024 * 1024);
    expect((await refusal(read(huge))).key).toBe('importFileTooComplex');
    const dense = writeFile(zipOf([{ name: sheet, ...(await deflatedFill(20 * 1024 * 1024, ' ')) }]));
    expect((await refusal(read(dense))).key).toBe('importFileTooComplex');
    const lying = writeFile(zipOf([{ name: sheet, ...(await deflatedFill(900_000, ' ')), declaredSize: 1000 }]));
    expect((await refusal(read(lying))).key).toBe('importFileUnreadable');
  });
});

describe('reading CSV', () => {
  it('reads quotes, doubled quotes, line breaks in quotes, CRLF and a byte order mark', async () => {
    const text = '\ufeffcode;name;qty\r\nA;"Semi; colon";"1,5"\r\n\r\nB;"Say ""hi""\nthere";2\r\n';
    const result = await read(writeFile(text));
    expect(result).toMatchObject({ sheets: [], sheet: null, headers: ['code', 'name', 'qty'], rowCount: 2 });
    expect(result.rows).toEqual([
      { rowNumber: 2, cells: ['A', 'Semi; colon', '1,5'] },
      { rowNumber: 4, cells: ['B', 'Say "hi"\nthere', '2'] },
    ]);
  });

  it('detects the delimiter from the header line', () => {
    expect(detectDelimiter('a,b,c\n1;2;3;4;5')).toBe(',');
    expect(detectDelimiter('a;b;"c,d,e"\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
    expect(detectDelimiter('single')).toBe(',');
    expect([...csvRecords('a\tb\n1\t2', '\t')].map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect([...csvRecords('a,b,\n"x"y,\n')].map((r) => r.cells)).toEqual([
      ['a', 'b', ''],
      ['xy', ''],
    ]);
  });

  it('refuses invalid UTF-8 and files with NUL characters', async () => {
    expect((await refusal(read(writeFile(Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0xc3, 0x28]))))).key).toBe(
      'importFileUnreadable',
    );
    expect((await refusal(read(writeFile('a,b\n1,\u00002\n')))).key).toBe('importFileUnreadable');
  });
});

describe('cell texts', () => {
  it('writes numbers as plain decimals with a dot', () => {
    expect(numberText(12.5)).toBe('12.5');
    expect(numberText(0.1 + 0.2)).toBe('0.3');
    expect(numberText(-3)).toBe('-3');
    expect(numberText(1e21)).toBe('1000000000000000000000');
    // Not "1.234", which a Dutch, German or Polish reader takes for 1234.
    expect(numberText(1.234)).toBe('1.2340');
    expect(numberText(-12.345)).toBe('-12.3450');
    expect(numberText(0.125)).toBe('0.125');
    expect(numberText(1234.5)).toBe('1234.5');
    expect(numberText(Number.NaN)).toBe('');
  });

  it('takes a formula result, and nothing for a formula without one or with an error', () => {
    expect(cellValueText({ formula: '1/0', result: 7 })).toBe('7');
    expect(cellValueText({ formula: 'A1', result: 'text' })).toBe('text');
    expect(cellValueText({ formula: 'A1' })).toBe('');
    expect(cellValueText({ sharedFormula: 'A1', result: 45000 }, 'yyyy-mm-dd')).toBe('2023-03-15');
    expect(cellValueText({ formula: 'A1', result: { error: '#DIV/0!' } })).toBe('');
    expect(cellValueText({ error: '#N/A' })).toBe('#N/A');
  });
});
