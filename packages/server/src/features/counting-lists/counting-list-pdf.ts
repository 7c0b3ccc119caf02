import PDFDocument from 'pdfkit';
import type { AppContext } from '../../context.js';
import { barcodePng, collect, registerFonts } from '../labels/pdf.js';
import { findListOrThrow } from './counting-list-access.js';
import * as repository from './counting-lists.repository.js';

/**
 * The printed counting list (PROCESSES.md 4.3; decision 0192): A4, the list's code, counting type
 * and warehouse on top, then its locations in walk order, each with its code, countingSortingCode
 * and a Code 128 barcode of the code to scan. Blind: no quantity.
 */
const perPage = 8;
const margin = 40;
const rowHeight = 88;

export async function countingListPdf(ctx: AppContext, code: string): Promise<{ code: string; bytes: Buffer }> {
  const list = await findListOrThrow(ctx.db, code);
  const locations = await repository.listLocations(ctx.db, list.id);
  const doc = new PDFDocument({ size: 'A4', margin, info: { Title: list.code } });
  const bytes = collect(doc);
  registerFonts(doc);
  for (const [index, location] of locations.entries()) {
    if (index % perPage === 0) {
      if (index > 0) doc.addPage();
      doc.font('bold').fontSize(16).text(list.code, margin, margin);
      doc
        .font('regular')
        .fontSize(10)
        .text(
          `${list.counting_type} · ${list.warehouse ?? ''} · ${index + 1}-${Math.min(index + perPage, locations.length)} / ${locations.length}`,
        );
    }
    const top = margin + 50 + (index % perPage) * rowHeight;
    doc
      .font('bold')
      .fontSize(14)
      .text(location.code, margin, top + 20, { width: 200 });
    doc
      .font('regular')
      .fontSize(9)
      .text(location.counting_sorting_code ?? '', margin, top + 40, { width: 200 });
    doc.image(await barcodePng(location.code, 12), margin + 230, top, { height: 70 });
  }
  if (locations.length === 0) doc.font('bold').fontSize(16).text(list.code);
  doc.end();
  return { code: list.code, bytes: await bytes };
}
