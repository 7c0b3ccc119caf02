import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { topics, type PrintAnswer, type SupportedLabelFormat } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { PrinterRow } from '../../db/schema.js';
import type { Principal } from '../../http/access.js';
import { unprocessable } from '../../http/app-error.js';
import { labelCount, type LabelJob } from '../labels/label-types.js';
import { renderPdf } from '../labels/pdf.js';
import { renderZpl } from '../labels/zpl.js';
import {
  findActivePrinterOrThrow,
  printerFolderPath,
  supportedLabelFormatOf,
  supportedPrintTypeOf,
} from './printers.service.js';

/** How long a RAW printer may take to accept the connection and the data. */
export const rawPrinterTimeoutMs = 5_000;

/** A rendered print document. */
export interface PrintDocument {
  mediaType: 'application/pdf' | 'raw/zpl';
  extension: 'pdf' | 'zpl';
  bytes: Buffer;
}

/** Renders the jobs in the label format, on the paper (PDF only); null when there is nothing to print. */
export async function renderLabels(
  jobs: readonly LabelJob[],
  labelFormat: SupportedLabelFormat,
  paper: string,
): Promise<PrintDocument | null> {
  if (labelFormat === 'ZPL') {
    const zpl = renderZpl(jobs);
    return zpl === '' ? null : { mediaType: 'raw/zpl', extension: 'zpl', bytes: Buffer.from(zpl, 'utf8') };
  }
  const pdf = await renderPdf(jobs, paper === 'A4' ? 'A4' : 'LABEL');
  return pdf === null ? null : { mediaType: 'application/pdf', extension: 'pdf', bytes: pdf };
}

/**
 * Writes the bytes to host:port over TCP and half-closes the connection. Resolves when every byte
 * is handed to the network; rejects when the printer refuses, is unknown, or does not accept the
 * connection and the data within the timeout. The socket is destroyed on failure and ends on its
 * own (or after the timeout) on success.
 */
export function sendRaw(host: string, port: number, bytes: Buffer, timeoutMs = rawPrinterTimeoutMs): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host, port });
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        socket.destroy();
        reject(error);
      } else {
        // The printer closes its side when it wants; do not keep an idle socket forever.
        socket.setTimeout(timeoutMs, () => socket.destroy());
        resolve();
      }
    };
    const timer = setTimeout(() => settle(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), timeoutMs);
    socket.on('error', (error) => settle(error));
    socket.once('connect', () => socket.end(bytes, () => settle()));
    socket.on('data', () => {
      // Status replies of a printer are not read.
    });
  });
}

const errorCode = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : 'unknown';

let fileCounter = 0;

/**
 * Writes the document as a new file into the FILE printer's folder: named by time, process and a
 * counter so files sort in print order and never collide; written to a temporary name and renamed,
 * so a reader never sees half a file.
 */
export async function writePrintFile(ctx: AppContext, printer: PrinterRow, document: PrintDocument): Promise<string> {
  const folder = printerFolderPath(ctx.config.dataDir, printer.folder);
  if (folder === null) throw unprocessable('printerFolderOutsideOutput', { folder: printer.folder });
  fileCounter += 1;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const name = `${stamp}-${process.pid}-${String(fileCounter).padStart(6, '0')}.${document.extension}`;
  const target = path.join(folder, name);
  const temporary = path.join(folder, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(temporary, document.bytes, { flag: 'wx' });
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true }).catch(() => undefined);
    throw unprocessable('printFailed', { printer: printer.name, reason: errorCode(error) });
  }
  return target;
}

/**
 * Prints label jobs on a printer: renders them in the printer's label format (ZPL, or PDF on its
 * paper) and sends them by its print type (RAW, FILE, VOID, PERIPHERAL; see the printers contract).
 * Everything is rendered before anything is sent, and each print type sends in one step, so a
 * failure prints nothing. Jobs of no copies print nothing and contact no printer.
 *
 * printerId null (the device has no default printer) is 422 noPrinterSelected; an unknown or
 * inactive printer 404 unknownPrinter; a RAW printer that can not be reached 422
 * printerUnreachable {printer}; a PERIPHERAL printer needs the caller's browser session (422
 * printerNeedsBrowserSession for an API key).
 */
export async function printLabels(
  ctx: AppContext,
  caller: Principal,
  printerId: number | null,
  jobs: readonly LabelJob[],
): Promise<PrintAnswer> {
  if (printerId === null || printerId < 1) throw unprocessable('noPrinterSelected');
  const printer = await findActivePrinterOrThrow(ctx, printerId);
  const printType = supportedPrintTypeOf(printer.print_type);
  const labelFormat = supportedLabelFormatOf(printer.label_format);
  if (printType === 'PERIPHERAL' && caller.sessionId === null) {
    throw unprocessable('printerNeedsBrowserSession', { printer: printer.name });
  }
  const printed = labelCount(jobs);
  const answer = { printed, printer: printer.name };
  if (printed === 0) return answer;

  let document: PrintDocument | null;
  try {
    document = await renderLabels(jobs, labelFormat, printer.paper);
  } catch (error) {
    throw unprocessable('printFailed', { printer: printer.name, reason: errorCode(error) });
  }
  if (document === null) return { printed: 0, printer: printer.name };

  await sendDocument(ctx, caller, printer, document);
  return answer;
}

/**
 * Sends a rendered document to a printer by its print type: VOID prints nothing, FILE writes into
 * the printer's folder, RAW sends the bytes (422 printerUnreachable {printer}), PERIPHERAL goes to
 * the caller's own browser session only. The caller checked the printer (printLabels, or a
 * feature that renders its own PDF such as the packing slip).
 */
export async function sendDocument(
  ctx: AppContext,
  caller: Principal,
  printer: PrinterRow,
  document: PrintDocument,
): Promise<void> {
  const printType = supportedPrintTypeOf(printer.print_type);
  switch (printType) {
    case 'VOID':
      break;
    case 'FILE':
      await writePrintFile(ctx, printer, document);
      break;
    case 'RAW':
      try {
        await sendRaw(printer.host ?? '', printer.port, document.bytes);
      } catch (error) {
        throw unprocessable('printerUnreachable', { printer: printer.name, reason: errorCode(error) });
      }
      break;
    case 'PERIPHERAL':
      // Only the caller's own connections get the job: other users could subscribe to the topic.
      ctx.live.sendToUsers(
        [caller.userId],
        topics.peripheralsPrinting(caller.sessionId ?? 0),
        'PRINT_JOB',
        {
          printer: String(printer.id),
          printerName: printer.name,
          peripheralType: 'printer',
          mediaType: document.mediaType,
          payload: document.bytes.toString('base64'),
        },
        { userid: caller.userId, username: caller.username },
      );
      break;
  }
}

/** A test label for a printer (device settings' Test buttons). */
export function testLabelJobs(printer: PrinterRow): LabelJob[] {
  return [
    {
      kind: 'item',
      size: 'normal',
      data: {
        code: 'TEST',
        name: `Test label for ${printer.name}`,
        barcode: `TEST-${printer.id}`,
        quantity: 1,
      },
      copies: 1,
    },
  ];
}
