import PDFDocument from 'pdfkit';
import { barcodePng, collect, registerFonts } from '../labels/pdf.js';
import type { PackingSlipContainer, PackingSlipData, PackingSlipLine } from './packing-slip-data.js';
import type { PdfTexts } from './packing-slip-texts.js';

/**
 * The packing slip as an A4 PDF (pdfkit, the labels' fonts and Code 128 PNGs): on every page the
 * header (warehouse, customer and ship-to, the delivery code as a barcode, date, pick lists and
 * sales orders) and "page n of m"; then per container a band (code, SSCC, box type, weight,
 * dimensions) and a table of its lines, the band repeated when a container runs onto the next
 * page; at the end the totals (containers, units, gross weight).
 */
type Doc = PDFKit.PDFDocument;

const page = { width: 595.28, height: 841.89 };
const margin = 36;
const contentWidth = page.width - 2 * margin;
const footerY = page.height - 28;
const bottom = page.height - 44;
const rowHeight = 13;
const bandHeight = 18;
const fontSize = 8.5;

/** The smallest font a code shrinks to before it is cut (item, batch and serial codes must be read whole). */
const minimumCodeFontSize = 5.5;

/** Table columns: key, width, whether it holds a code (shrunk to fit); quantity is right-aligned. */
const columns = [
  { key: 'item', width: 96, code: true },
  { key: 'name', width: 122, code: false },
  { key: 'batch', width: 84, code: true },
  { key: 'bestBefore', width: 54, code: false },
  { key: 'serial', width: 96, code: true },
  { key: 'quantity', width: contentWidth - 96 - 122 - 84 - 54 - 96, code: false },
] as const;

/** The font size at which a code fits its width: the table's, or smaller down to the minimum. */
function fittingSize(doc: Doc, value: string, width: number): number {
  doc.font('regular').fontSize(fontSize);
  const natural = doc.widthOfString(value);
  if (natural <= width) return fontSize;
  // A little room to spare: pdfkit cuts a text that only just fits.
  return Math.max(minimumCodeFontSize, Math.floor(((fontSize * width * 0.95) / natural) * 10) / 10);
}

function cell(
  doc: Doc,
  value: string,
  x: number,
  y: number,
  width: number,
  options: { bold?: boolean; align?: 'left' | 'right'; size?: number } = {},
) {
  doc
    .font(options.bold ? 'bold' : 'regular')
    .fontSize(options.size ?? fontSize)
    .text(value, x, y, {
      width,
      height: (options.size ?? fontSize) * 1.3,
      lineBreak: false,
      ellipsis: true,
      align: options.align ?? 'left',
    });
}

/** "0.5", "12", "1.25" kg: at most three decimals. */
export function formatKg(kg: number): string {
  return `${Number(kg.toFixed(3)).toString()} kg`;
}

export function formatQuantity(line: Pick<PackingSlipLine, 'quantity' | 'unit'>): string {
  return line.unit ? `${line.quantity} ${line.unit}` : String(line.quantity);
}

function drawHeader(doc: Doc, slip: PackingSlipData, t: PdfTexts, barcode: Buffer): number {
  const left = margin;
  const leftWidth = contentWidth - 200;
  const right = page.width - margin - 190;
  cell(doc, t('title'), left, margin, leftWidth, { bold: true, size: 18 });
  const warehouse = slip.warehouse ? `${slip.warehouse.name} (${slip.warehouse.code})` : '';
  cell(doc, `${t('warehouse')}: ${warehouse}`, left, margin + 26, leftWidth, { size: 9 });
  doc.image(barcode, right, margin, { fit: [190, 48], align: 'right' });
  cell(doc, `${t('delivery')}: ${slip.code}`, right, margin + 52, 190, { bold: true, size: 10, align: 'right' });
  cell(doc, `${t('date')}: ${slip.date}`, right, margin + 66, 190, { size: 9, align: 'right' });

  let y = margin + 46;
  const customer = slip.customer ? `${slip.customer.name} (${slip.customer.code})` : '';
  cell(doc, t('customer'), left, y, leftWidth, { bold: true, size: 9 });
  cell(doc, customer, left, y + 12, leftWidth, { size: 9 });
  y += 28;
  cell(doc, t('shipTo'), left, y, leftWidth, { bold: true, size: 9 });
  y += 12;
  for (const shipLine of slip.shipTo.slice(0, 5)) {
    cell(doc, shipLine, left, y, leftWidth, { size: 9 });
    y += 11;
  }
  let ry = margin + 84;
  const facts: [string, string][] = [
    [t('pickLists'), slip.pickLists.join(', ')],
    [t('salesOrders'), slip.salesOrders.join(', ')],
  ];
  if (slip.route) facts.push([t('route'), slip.route]);
  if (slip.erpReference) facts.push([t('reference'), slip.erpReference]);
  for (const [label, value] of facts) {
    cell(doc, `${label}: ${value}`, right, ry, 190, { size: 8.5, align: 'right' });
    ry += 11;
  }
  const end = Math.max(y, ry) + 8;
  doc
    .save()
    .lineWidth(0.8)
    .moveTo(margin, end)
    .lineTo(page.width - margin, end)
    .stroke()
    .restore();
  return end + 8;
}

function containerBand(container: PackingSlipContainer, t: PdfTexts, continued: boolean): string {
  const parts = [`${t('container')} ${container.code}${continued ? ` (${t('continued')})` : ''}`];
  if (container.sscc) parts.push(`${t('sscc')} ${container.code}`);
  parts.push(container.boxType ? `${t('boxType')}: ${container.boxType}` : container.type);
  if (container.weightKg !== null) parts.push(`${t('weight')}: ${formatKg(container.weightKg)}`);
  if (container.dimensions) parts.push(`${t('dimensions')}: ${container.dimensions}`);
  return parts.join('   ');
}

function drawBand(doc: Doc, y: number, text: string): void {
  doc
    .save()
    .rect(margin, y, contentWidth, bandHeight - 3)
    .fill('#e6e6e6')
    .restore();
  doc.fillColor('black');
  cell(doc, text, margin + 4, y + 3, contentWidth - 8, { bold: true, size: 9 });
}

function drawColumnHeads(doc: Doc, y: number, t: PdfTexts): void {
  let x = margin;
  for (const column of columns) {
    cell(doc, t(column.key), x + 2, y, column.width - 4, {
      bold: true,
      align: column.key === 'quantity' ? 'right' : 'left',
    });
    x += column.width;
  }
  doc
    .save()
    .lineWidth(0.3)
    .moveTo(margin, y + rowHeight - 2)
    .lineTo(page.width - margin, y + rowHeight - 2)
    .stroke()
    .restore();
}

function drawLine(doc: Doc, y: number, line: PackingSlipLine): void {
  const values = [
    line.item,
    line.name,
    line.batch ?? '',
    line.bestBefore ?? '',
    line.serial ?? '',
    formatQuantity(line),
  ];
  let x = margin;
  columns.forEach((column, index) => {
    const value = values[index] ?? '';
    const size = column.code ? fittingSize(doc, value, column.width - 4) : fontSize;
    cell(doc, value, x + 2, y, column.width - 4, { align: column.key === 'quantity' ? 'right' : 'left', size });
    x += column.width;
  });
}

/** The slip as PDF bytes. */
export async function renderPackingSlip(slip: PackingSlipData, t: PdfTexts): Promise<Buffer> {
  const barcode = await barcodePng(slip.code, 10);
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: true,
    margin: 0,
    info: { Title: `${t('title')} ${slip.code}`, Creator: 'WMS' },
  });
  const done = collect(doc);
  registerFonts(doc);
  let y = 0;
  const newPage = () => {
    doc.addPage({ size: 'A4', margin: 0 });
    y = drawHeader(doc, slip, t, barcode);
  };
  newPage();
  for (const container of slip.containers) {
    if (y + bandHeight + 2 * rowHeight > bottom) newPage();
    drawBand(doc, y, containerBand(container, t, false));
    y += bandHeight;
    drawColumnHeads(doc, y, t);
    y += rowHeight;
    if (container.lines.length === 0) {
      cell(doc, t('noLines'), margin + 2, y, contentWidth - 4);
      y += rowHeight;
    }
    for (const line of container.lines) {
      if (y + rowHeight > bottom) {
        newPage();
        drawBand(doc, y, containerBand(container, t, true));
        y += bandHeight;
        drawColumnHeads(doc, y, t);
        y += rowHeight;
      }
      drawLine(doc, y, line);
      y += rowHeight;
    }
    y += 8;
  }
  if (y + 3 * rowHeight > bottom) newPage();
  doc
    .save()
    .lineWidth(0.8)
    .moveTo(margin, y)
    .lineTo(page.width - margin, y)
    .stroke()
    .restore();
  y += 6;
  const totals = [
    `${t('containers')}: ${slip.totals.containers}`,
    `${t('units')}: ${slip.totals.units}`,
    `${t('grossWeight')}: ${formatKg(slip.totals.weightKg)}`,
  ].join('     ');
  cell(doc, `${t('totals')}   ${totals}`, margin, y, contentWidth, { bold: true, size: 10 });

  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    const text = t('page', { n: index + 1, m: range.count });
    cell(doc, `${slip.code}   ${text}`, margin, footerY, contentWidth, { size: 8, align: 'right' });
  }
  doc.end();
  return done;
}
