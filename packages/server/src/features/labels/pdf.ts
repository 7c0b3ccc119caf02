import fs from 'node:fs';
import { createRequire } from 'node:module';
import bwipjs from 'bwip-js';
import PDFDocument from 'pdfkit';
import {
  barcodeOfItem,
  barcodeOfLocation,
  copiesOf,
  itemDetails,
  labelInches,
  visualCodeOf,
  type BarcodeLabelData,
  type ItemLabelData,
  type LabelJob,
  type LabelSize,
  type LocationLabelData,
} from './label-types.js';

/**
 * PDF labels (pdfkit; Code 128 barcodes from bwip-js as PNG images). On LABEL paper every label
 * is a page of its own size (4 x 2 or 4 x 6 inch); on A4 the labels are laid out in a grid
 * (4 x 2 inch: 2 columns by 5 rows; 4 x 6 inch: 2 by 1), centred, a new page when the page is
 * full or the label size changes. Text is set in DejaVu Sans (package dejavu-fonts-ttf, embedded as
 * a subset) so Polish, German and Dutch names print correctly; without the font files it falls
 * back to Helvetica (Latin-1 only).
 */
export type PdfPaper = 'A4' | 'LABEL';

const pointsPerInch = 72;
const a4 = { width: 595.28, height: 841.89 };
/** The unprintable edge of an A4 page kept free around the grid. */
const a4MinMargin = 8;
const padding = 8;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function labelPoints(size: LabelSize): { width: number; height: number } {
  const inches = labelInches[size];
  return { width: inches.width * pointsPerInch, height: inches.height * pointsPerInch };
}

/** A Code 128 barcode as a PNG (height in millimetres of bar). */
export function barcodePng(value: string, heightMm: number): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text: value,
    scale: 3,
    height: heightMm,
    includetext: true,
    textxalign: 'center',
  });
}

/** A QR code as a PNG (error correction M, the quiet zone around it). */
export function qrPng(value: string): Promise<Buffer> {
  // eclevel is an option of the QR encoder that bwip-js's types do not list.
  const options: bwipjs.RenderOptions & { eclevel: 'M' } = {
    bcid: 'qrcode',
    text: value,
    scale: 4,
    eclevel: 'M',
    paddingwidth: 4,
    paddingheight: 4,
  };
  return bwipjs.toBuffer(options);
}

type Doc = PDFKit.PDFDocument;

const require = createRequire(import.meta.url);
/** The TTF file of a DejaVu Sans face, or null when the package is missing. */
function dejaVu(file: string): Buffer | null {
  try {
    return fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
  } catch {
    return null;
  }
}
let fontFiles: { regular: Buffer | null; bold: Buffer | null } | null = null;

/** Registers the label fonts as 'regular' and 'bold' on the document (packing slips use them too). */
export function registerFonts(doc: Doc): void {
  fontFiles ??= { regular: dejaVu('DejaVuSans.ttf'), bold: dejaVu('DejaVuSans-Bold.ttf') };
  if (fontFiles.regular && fontFiles.bold) {
    doc.registerFont('regular', fontFiles.regular);
    doc.registerFont('bold', fontFiles.bold);
  } else {
    doc.registerFont('regular', 'Helvetica');
    doc.registerFont('bold', 'Helvetica-Bold');
  }
}

function line(doc: Doc, value: string, box: Box, font: string, size: number, lines = 1): void {
  doc
    .font(font)
    .fontSize(size)
    .text(value, box.x, box.y, {
      width: box.width,
      height: size * 1.2 * lines,
      ellipsis: true,
      lineBreak: lines > 1,
    });
}

function image(doc: Doc, png: Buffer, box: Box): void {
  doc.image(png, box.x, box.y, { fit: [box.width, box.height], align: 'center', valign: 'center' });
}

/** A label drawn into its box on the current page (the PNGs are rendered before). */
type Drawer = (doc: Doc, box: Box) => void;

async function itemDrawer(data: ItemLabelData, size: LabelSize): Promise<Drawer> {
  const details = itemDetails(data);
  if (size === 'normal') {
    const png = await barcodePng(barcodeOfItem(data), 10);
    return (doc, box) => {
      const x = box.x + padding;
      const width = box.width - 2 * padding;
      line(doc, data.code, { x, y: box.y + padding, width, height: 0 }, 'bold', 14);
      line(doc, data.name, { x, y: box.y + 26, width, height: 0 }, 'regular', 8, 2);
      image(doc, png, { x, y: box.y + 48, width, height: 70 });
      const text = details.map((d) => `${d.label}: ${d.value}`).join('   ');
      if (text) line(doc, text, { x, y: box.y + box.height - 20, width, height: 0 }, 'regular', 8);
    };
  }
  const png = await barcodePng(barcodeOfItem(data), 20);
  const detailPngs = await Promise.all(
    details.map((d) => (d.label === 'Qty' ? Promise.resolve(null) : barcodePng(d.value, 8))),
  );
  return (doc, box) => {
    const x = box.x + padding;
    const width = box.width - 2 * padding;
    line(doc, data.code, { x, y: box.y + 12, width, height: 0 }, 'bold', 26);
    line(doc, data.name, { x, y: box.y + 48, width, height: 0 }, 'regular', 13, 3);
    image(doc, png, { x, y: box.y + 104, width, height: 120 });
    let y = box.y + 236;
    details.forEach((detail, i) => {
      line(doc, detail.label, { x, y, width, height: 0 }, 'regular', 10);
      const detailPng = detailPngs[i];
      if (detailPng) {
        image(doc, detailPng, { x, y: y + 14, width, height: 50 });
        y += 70;
      } else {
        line(doc, detail.value, { x, y: y + 14, width, height: 0 }, 'bold', 28);
        y += 50;
      }
    });
  };
}

async function locationDrawer(data: LocationLabelData, size: LabelSize): Promise<Drawer> {
  const visual = visualCodeOf(data);
  const caption = data.warehouse ? `${data.code}   ${data.warehouse}` : data.code;
  if (size === 'normal') {
    const png = await barcodePng(barcodeOfLocation(data), 12);
    return (doc, box) => {
      const x = box.x + padding;
      const width = box.width - 2 * padding;
      line(doc, visual, { x, y: box.y + 6, width, height: 0 }, 'bold', 30);
      line(doc, caption, { x, y: box.y + 42, width, height: 0 }, 'regular', 9);
      image(doc, png, { x, y: box.y + 58, width, height: box.height - 58 - padding });
    };
  }
  const png = await barcodePng(barcodeOfLocation(data), 30);
  return (doc, box) => {
    const x = box.x + padding;
    const width = box.width - 2 * padding;
    line(doc, visual, { x, y: box.y + 16, width, height: 0 }, 'bold', 72);
    line(doc, data.code, { x, y: box.y + 110, width, height: 0 }, 'regular', 16);
    image(doc, png, { x, y: box.y + 150, width, height: 190 });
    if (data.warehouse) line(doc, data.warehouse, { x, y: box.y + 360, width, height: 0 }, 'regular', 18, 2);
  };
}

/** A caption (up to two lines) above a Code 128 with its text, or above a QR code. */
async function barcodeDrawer(data: BarcodeLabelData, size: LabelSize): Promise<Drawer> {
  const large = size === 'large';
  const captionSize = large ? 24 : 12;
  const top = padding + captionSize * 1.2 * 2 + 4;
  const label = labelPoints(size);
  const room = { width: label.width - 2 * padding, height: label.height - top - padding };
  // Bars as tall as the box allows once the symbol is scaled to its width (a module is 1 pt
  // before scaling; 11 modules a character plus start, check and stop; the text takes ~15 %).
  const modules = 11 * data.content.length + 35;
  const barMm = Math.max(8, ((modules * 25.4) / pointsPerInch) * (room.height / room.width) * 0.85);
  const png = data.symbology === 'qr' ? await qrPng(data.content) : await barcodePng(data.content, barMm);
  return (doc, box) => {
    const x = box.x + padding;
    const width = box.width - 2 * padding;
    if (data.caption) line(doc, data.caption, { x, y: box.y + padding, width, height: 0 }, 'bold', captionSize, 2);
    image(doc, png, { x, y: box.y + top, width, height: box.height - top - padding });
  };
}

function drawerOf(job: LabelJob): Promise<Drawer> {
  switch (job.kind) {
    case 'item':
      return itemDrawer(job.data, job.size);
    case 'location':
      return locationDrawer(job.data, job.size);
    case 'barcode':
      return barcodeDrawer(job.data, job.size);
  }
}

/** The grid of one label size on A4: columns, rows and the top-left of the centred grid. */
export function a4Grid(size: LabelSize) {
  const label = labelPoints(size);
  const columns = Math.max(1, Math.floor((a4.width - 2 * a4MinMargin) / label.width));
  const rows = Math.max(1, Math.floor((a4.height - 2 * a4MinMargin) / label.height));
  return {
    columns,
    rows,
    left: (a4.width - columns * label.width) / 2,
    top: (a4.height - rows * label.height) / 2,
    label,
  };
}

/** The document's bytes once it has ended. */
export function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The jobs as one PDF document; an empty document (one blank page) is never made: no labels, no PDF. */
export async function renderPdf(jobs: readonly LabelJob[], paper: PdfPaper): Promise<Buffer | null> {
  const labels: { size: LabelSize; draw: Drawer }[] = [];
  for (const job of jobs) {
    const copies = copiesOf(job);
    if (copies === 0) continue;
    const draw = await drawerOf(job);
    for (let i = 0; i < copies; i += 1) labels.push({ size: job.size, draw });
  }
  if (labels.length === 0) return null;

  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: 'Labels', Creator: 'WMS' } });
  const done = collect(doc);
  registerFonts(doc);
  if (paper === 'LABEL') {
    for (const label of labels) {
      const { width, height } = labelPoints(label.size);
      doc.addPage({ size: [width, height], margin: 0 });
      label.draw(doc, { x: 0, y: 0, width, height });
    }
  } else {
    let slot = 0;
    let pageSize: LabelSize | null = null;
    for (const label of labels) {
      const grid = a4Grid(label.size);
      if (pageSize !== label.size || slot === grid.columns * grid.rows) {
        doc.addPage({ size: 'A4', margin: 0 });
        pageSize = label.size;
        slot = 0;
      }
      const column = slot % grid.columns;
      const row = Math.floor(slot / grid.columns);
      const box = {
        x: grid.left + column * grid.label.width,
        y: grid.top + row * grid.label.height,
        width: grid.label.width,
        height: grid.label.height,
      };
      // A light cut line around each label on a sheet.
      doc.save().lineWidth(0.3).strokeColor('#bbbbbb').rect(box.x, box.y, box.width, box.height).stroke().restore();
      label.draw(doc, box);
      slot += 1;
    }
  }
  doc.end();
  return done;
}

/**
 * Renders one throw-away label so the first real PDF (a label, a packing slip) does not pay for
 * loading the fonts and the barcode writer: called once after the server listens (main.ts).
 */
export async function warmUpPdfRendering(): Promise<void> {
  await renderPdf(
    [
      {
        kind: 'item',
        size: 'normal',
        data: { code: 'WARM-UP', name: 'Warm-up', barcode: 'WARM-UP', quantity: 1 },
        copies: 1,
      },
    ],
    'A4',
  );
}
