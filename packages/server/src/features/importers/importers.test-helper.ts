import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import type { ImportKind } from '@wms/contract';
import type { HttpClient } from '../../../test/http-client.js';
import type { TestApp } from '../../../test/test-app.js';
import { unprocessable } from '../../http/app-error.js';
import { parseDateCell, parseNumberCell } from './import-cells.js';
import { registerImporter } from './import-registry.js';
import { letOthersRun, rowError, rowWarning, type CheckedRow, type ImportCreated, type Importer } from './importer.js';

/**
 * A small importer for the framework's tests: each row is a business partner (code, name), with
 * an optional quantity and due date (checked in the caller's locale) and an order reference that
 * groups rows. A code starting with BAD is unknown (unknownItemForCode {code}); a code that exists
 * already, or twice in the file, is an ERROR; a negative quantity a WARNING. Its commit inserts
 * the partners, so what it wrote is in the database (a row named failOnCommit makes it throw after).
 */
export interface TestImporterLog {
  commits: number;
  afterCommits: ImportCreated[][];
}

/** A row named so makes the test importer's commit throw 422 nothingToMove after it wrote its group. */
export const failOnCommit = 'FAIL ON COMMIT';

interface Prepared {
  code: string;
  name: string;
}

export function registerTestImporter(kind: ImportKind = 'purchase_orders'): TestImporterLog {
  const log: TestImporterLog = { commits: 0, afterCommits: [] };
  const importer: Importer<Prepared> = {
    kind,
    columns: [
      {
        name: 'partnerCode',
        required: true,
        type: 'text',
        aliases: ['Partner code', 'Relatiecode', 'Partnernummer', 'Kod partnera'],
      },
      { name: 'name', required: true, type: 'text', aliases: ['Name', 'Naam', 'Bezeichnung', 'Nazwa'] },
      { name: 'quantity', required: false, type: 'number', aliases: ['Quantity', 'Aantal', 'Menge', 'Ilość'] },
      {
        name: 'dueDate',
        required: false,
        type: 'date',
        aliases: ['Due date', 'Leverdatum', 'Liefertermin', 'Termin dostawy'],
      },
      {
        name: 'orderReference',
        required: false,
        type: 'text',
        aliases: ['Order reference', 'Orderreferentie', 'Bestellreferenz', 'Numer zamówienia'],
      },
    ],
    async check(db, rows, run) {
      const codes = [...new Set(rows.map((row) => row.values.partnerCode!.toLowerCase()))];
      const existing = new Set<string>();
      for (let at = 0; at < codes.length; at += 500) {
        const found = await db
          .selectFrom('business_partner')
          .select('code_key')
          .where('code_key', 'in', codes.slice(at, at + 500))
          .execute();
        for (const row of found) existing.add(row.code_key);
        await letOthersRun();
      }
      const seen = new Set<string>();
      return rows.map((row): CheckedRow<Prepared> => {
        const { partnerCode = '', name = '', quantity = '', dueDate = '', orderReference = '' } = row.values;
        const messages = [];
        const key = partnerCode.toLowerCase();
        if (partnerCode.startsWith('BAD'))
          messages.push(rowError('partnerCode', 'unknownItemForCode', { code: partnerCode }));
        else if (existing.has(key)) messages.push(rowError('partnerCode', 'testPartnerExists', { code: partnerCode }));
        else if (seen.has(key)) messages.push(rowError('partnerCode', 'testDuplicateInFile', { code: partnerCode }));
        seen.add(key);
        if (name === '') messages.push(rowError('name', 'testValueRequired'));
        if (quantity !== '') {
          const number = parseNumberCell(quantity, run.language);
          if (number === null) messages.push(rowError('quantity', 'notANumber', { value: quantity }));
          else if (number < 0) messages.push(rowWarning('quantity', 'quantityLooksWrong', { quantity: number }));
        }
        if (dueDate !== '' && parseDateCell(dueDate) === null) messages.push(rowError('dueDate', 'testWrongDate', {}));
        const passes = !messages.some((message) => message.severity === 'ERROR');
        return {
          rowNumber: row.rowNumber,
          messages,
          group: orderReference === '' ? null : orderReference,
          ...(passes ? { prepared: { code: partnerCode, name } } : {}),
        };
      });
    },
    async commit(tx, rows) {
      log.commits++;
      await tx
        .insertInto('business_partner')
        .values(
          rows.map((row) => ({
            code: row.prepared!.code,
            code_key: row.prepared!.code.toLowerCase(),
            visual_code: row.prepared!.code,
            name: row.prepared!.name,
            type: 'SUPPLIER',
          })),
        )
        .execute();
      // A refusal the check did not foresee, after writing: the group's writes must be undone.
      if (rows.some((row) => row.prepared!.name === failOnCommit)) throw unprocessable('nothingToMove');
      return rows.map((row) => ({ type: 'BUSINESS_PARTNER', code: row.prepared!.code }));
    },
    async afterCommit(_ctx, created) {
      log.afterCommits.push([...created]);
    },
  };
  registerImporter(importer);
  return log;
}

export const importBase = (kind: ImportKind = 'purchase_orders') => `/api/v1/order/import/${kind}`;

/** Uploads a file as multipart field `file`; answers status and JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of any shape, as HttpClient's
export async function upload<T = any>(
  t: TestApp,
  client: HttpClient,
  bytes: Buffer | string,
  options: { name?: string; kind?: ImportKind; sheet?: string } = {},
): Promise<{ status: number; json: T; text: string }> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([typeof bytes === 'string' ? Buffer.from(bytes) : bytes]),
    options.name ?? 'orders.xlsx',
  );
  const query = options.sheet === undefined ? '' : `?sheet=${encodeURIComponent(options.sheet)}`;
  const response = await fetch(`${t.baseUrl}${importBase(options.kind)}/sessions${query}`, {
    method: 'POST',
    headers: { ...client.headers, cookie: client.cookieHeader },
    body: form,
  });
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  return { status: response.status, json: json as T, text };
}

/** A workbook of one sheet with these rows (the first is the header). */
export async function workbookOf(rows: unknown[][], sheetName = 'Orders'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet(sheetName).addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A unique partner code for a test (codes stay unique across the suite's database). */
let codeCount = 0;
export const partnerCode = (prefix = 'P') => `${prefix}${Date.now().toString(36)}${++codeCount}`.toUpperCase();

/** Deflates `size` bytes of `fill` a megabyte at a time (a bomb's part without holding it). */
export async function deflatedFill(size: number, fill: string): Promise<{ compressed: Buffer; size: number }> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const megabyte = Buffer.alloc(1024 * 1024, fill);
  for (let written = 0; written < size; written += megabyte.length) {
    const part = megabyte.subarray(0, Math.min(megabyte.length, size - written));
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { compressed: Buffer.concat(chunks), size };
}

/**
 * A zip of deflated parts written by hand, for archive shapes exceljs never writes;
 * `declaredSize` lets a part lie about its size.
 */
export function zipOf(parts: { name: string; compressed: Buffer; size: number; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const size = part.declaredSize ?? part.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(part.compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.compressed);
    centrals.push(central, name);
    offset += 30 + name.length + part.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
