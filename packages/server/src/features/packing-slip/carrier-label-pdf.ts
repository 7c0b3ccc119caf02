import PDFDocument from 'pdfkit';
import { barcodePng, collect, labelPoints, registerFonts } from '../labels/pdf.js';
import type { PackingSlipData } from './packing-slip-data.js';
import { formatKg } from './packing-slip-pdf.js';
import type { PdfTexts } from './packing-slip-texts.js';

/**
 * The carrier label of a delivery: one large (4 x 6 inch) label page with the carrier or route,
 * the sender (warehouse), the ship-to address, the delivery code as a Code 128 barcode, the number
 * of containers and the gross weight.
 */
export async function renderCarrierLabel(slip: PackingSlipData, t: PdfTexts): Promise<Buffer> {
  const { width, height } = labelPoints('large');
  const barcode = await barcodePng(slip.code, 18);
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: `${t('carrierLabel')} ${slip.code}` },
  });
  const done = collect(doc);
  registerFonts(doc);
  doc.addPage({ size: [width, height], margin: 0 });
  const pad = 12;
  const inner = width - 2 * pad;
  const text = (value: string, y: number, size: number, bold = false, lines = 1) =>
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .text(value, pad, y, { width: inner, height: size * 1.25 * lines, ellipsis: true, lineBreak: lines > 1 });

  text(`${t('route')}: ${slip.route ?? '-'}`, 14, 16, true);
  const from = slip.warehouse ? `${slip.warehouse.name} (${slip.warehouse.code})` : '';
  text(`${t('from')}: ${from}`, 38, 9);
  doc
    .save()
    .lineWidth(1)
    .moveTo(pad, 54)
    .lineTo(width - pad, 54)
    .stroke()
    .restore();
  text(t('shipTo'), 62, 10, true);
  let y = 78;
  const address = slip.shipTo.length > 0 ? slip.shipTo : [slip.customer?.name ?? ''];
  for (const line of address.slice(0, 6)) {
    text(line, y, 14, true);
    y += 18;
  }
  if (slip.customer) text(`${t('customer')}: ${slip.customer.name} (${slip.customer.code})`, y + 4, 9);
  doc
    .save()
    .lineWidth(1)
    .moveTo(pad, 220)
    .lineTo(width - pad, 220)
    .stroke()
    .restore();
  doc.image(barcode, pad, 230, { fit: [inner, 100], align: 'center', valign: 'center' });
  text(`${t('delivery')}: ${slip.code}   ${t('date')}: ${slip.date}`, 340, 10, true);
  text(`${t('containers')}: ${slip.totals.containers}`, 362, 20, true);
  text(`${t('grossWeight')}: ${formatKg(slip.totals.weightKg)}`, 394, 11);
  doc.end();
  return done;
}
