import QRCode from 'qrcode';
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
 * ZPL II labels for 203 dpi printers (8 dots per mm): 4 x 2 inch (812 x 406 dots) and large
 * 4 x 6 inch (812 x 1218 dots). Each label is one ^XA ... ^XZ format with ^PQ copies. Text is
 * UTF-8 (^CI28); every field goes through ^FH so ^, ~, _ and non-ASCII characters in data are
 * sent as _XX hex bytes and can never end a field or start a command. Barcodes are Code 128 (^BC)
 * in automatic subset mode with the human-readable line below.
 */
export const zplDpi = 203;
const margin = 24;

export function dotsOf(size: LabelSize): { width: number; height: number } {
  const inches = labelInches[size];
  return { width: Math.round(inches.width * zplDpi), height: Math.round(inches.height * zplDpi) };
}

/** Field data escaped for ^FH_ (underscore as the hex indicator). */
export function zplFieldData(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x20 && code < 0x7f && char !== '^' && char !== '~' && char !== '_') {
      out += char;
    } else {
      const text = code < 0x20 || code === 0x7f ? ' ' : char;
      for (const byte of Buffer.from(text, 'utf8')) out += `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return out;
}

function text(x: number, y: number, height: number, width: number, lines: number, value: string): string {
  return `^FO${x},${y}^A0N,${height},${height}^FB${width},${lines},0,L,0^FH_^FD${zplFieldData(value)}^FS`;
}

/**
 * A Code 128 barcode as wide as fits: the module width (^BY) is the largest of 1..maxModule
 * dots for which the estimated symbol (11 modules a character plus start, check and stop) fits.
 */
function barcode(x: number, y: number, height: number, maxWidth: number, maxModule: number, value: string): string {
  const modules = 11 * value.length + 35;
  let module = maxModule;
  while (module > 1 && modules * module > maxWidth) module -= 1;
  return `^FO${x},${y}^BY${module},3,${height}^BCN,${height},Y,N,N,A^FH_^FD${zplFieldData(value)}^FS`;
}

function format(size: LabelSize, copies: number, fields: string[]): string {
  const { width, height } = dotsOf(size);
  return ['^XA', '^CI28', `^PW${width}`, `^LL${height}`, '^LH0,0', ...fields, `^PQ${copies},0,1,Y`, '^XZ'].join('\n');
}

export function itemLabelZpl(data: ItemLabelData, copies = 1): string {
  const width = dotsOf('normal').width - 2 * margin;
  const details = itemDetails(data)
    .map((d) => `${d.label}: ${d.value}`)
    .join('   ');
  const fields = [
    text(margin, 20, 44, width, 1, data.code),
    text(margin, 70, 28, width, 2, data.name),
    barcode(margin, 136, 120, width, 3, barcodeOfItem(data)),
  ];
  if (details) fields.push(text(margin, 340, 30, width, 1, details));
  return format('normal', copies, fields);
}

export function largeItemLabelZpl(data: ItemLabelData, copies = 1): string {
  const width = dotsOf('large').width - 2 * margin;
  const fields = [
    text(margin, 30, 80, width, 1, data.code),
    text(margin, 125, 40, width, 3, data.name),
    barcode(margin, 280, 260, width, 4, barcodeOfItem(data)),
  ];
  let y = 620;
  for (const detail of itemDetails(data)) {
    fields.push(text(margin, y, 34, width, 1, detail.label));
    if (detail.label === 'Qty') {
      fields.push(text(margin, y + 40, 90, width, 1, detail.value));
      y += 150;
    } else {
      fields.push(barcode(margin, y + 40, 110, width, 3, detail.value));
      y += 200;
    }
  }
  return format('large', copies, fields);
}

export function locationLabelZpl(data: LocationLabelData, copies = 1): string {
  const width = dotsOf('normal').width - 2 * margin;
  const fields = [
    text(margin, 16, 90, width, 1, visualCodeOf(data)),
    text(margin, 112, 30, width, 1, data.warehouse ? `${data.code}   ${data.warehouse}` : data.code),
    barcode(margin, 160, 170, width, 4, barcodeOfLocation(data)),
  ];
  return format('normal', copies, fields);
}

export function largeLocationLabelZpl(data: LocationLabelData, copies = 1): string {
  const width = dotsOf('large').width - 2 * margin;
  const fields = [
    text(margin, 40, 220, width, 1, visualCodeOf(data)),
    text(margin, 290, 50, width, 1, data.code),
    barcode(margin, 380, 420, width, 5, barcodeOfLocation(data)),
  ];
  if (data.warehouse) fields.push(text(margin, 900, 60, width, 2, data.warehouse));
  return format('large', copies, fields);
}

/**
 * A QR code (^BQ, model 2, error correction M, automatic input) as large as fits the box: the
 * magnification is the most dots per module (1..10) for which the symbol fits, centred across.
 */
function qrCode(x: number, y: number, maxWidth: number, maxHeight: number, value: string): string {
  const modules = QRCode.create(value, { errorCorrectionLevel: 'M' }).modules.size;
  const magnification = Math.max(1, Math.min(10, Math.floor(Math.min(maxWidth, maxHeight) / modules)));
  const left = x + Math.max(0, Math.floor((maxWidth - modules * magnification) / 2));
  return `^FO${left},${y}^BQN,2,${magnification}^FH_^FDMA,${zplFieldData(value)}^FS`;
}

/** An action barcode: the caption (two lines at most) above a Code 128 or a QR code. */
export function barcodeLabelZpl(data: BarcodeLabelData, size: LabelSize, copies = 1): string {
  const { width: labelWidth, height } = dotsOf(size);
  const width = labelWidth - 2 * margin;
  const captionHeight = size === 'large' ? 60 : 32;
  const top = margin + (data.caption ? captionHeight * 2 + 16 : 0);
  const fields = data.caption ? [text(margin, margin, captionHeight, width, 2, data.caption)] : [];
  const room = height - top - margin;
  if (data.symbology === 'qr') fields.push(qrCode(margin, top, width, room, data.content));
  else fields.push(barcode(margin, top, Math.min(room - 40, size === 'large' ? 400 : 160), width, 4, data.content));
  return format(size, copies, fields);
}

/** Every job as ZPL formats, one after the other; jobs of 0 copies are left out. */
export function renderZpl(jobs: readonly LabelJob[]): string {
  const formats: string[] = [];
  for (const job of jobs) {
    const copies = copiesOf(job);
    if (copies === 0) continue;
    switch (job.kind) {
      case 'item':
        formats.push(job.size === 'large' ? largeItemLabelZpl(job.data, copies) : itemLabelZpl(job.data, copies));
        break;
      case 'location':
        formats.push(
          job.size === 'large' ? largeLocationLabelZpl(job.data, copies) : locationLabelZpl(job.data, copies),
        );
        break;
      case 'barcode':
        formats.push(barcodeLabelZpl(job.data, job.size, copies));
        break;
    }
  }
  return formats.length === 0 ? '' : `${formats.join('\n')}\n`;
}
