/**
 * Compound barcode resolution (spec 02 and 03: compoundType raw or serial, itemCode, batchCode,
 * serialCode): the ways a scanned text can be read, best first. The handheld workflow tries them
 * in order and takes the first whose itemCode names an item (for a GTIN, look the item up by
 * every form of gtinCandidates(itemCode)).
 */
import { groupSeparator, readMarking } from './gs1-element-string.js';
import { isHttpUri } from './gs1-digital-link.js';
import { parseGs1, parseGs1DigitalLink, type Gs1Data } from './gs1.js';

export interface CompoundBarcode {
  /** raw: the text is an item code or barcode as is (or GS1 data without a serial); serial: GS1 data with AI 21. */
  compoundType: 'raw' | 'serial';
  itemCode: string | null;
  batchCode: string | null;
  serialCode: string | null;
  /** The count the scan stands for (GS1 AI 30 or 37), else null: the caller uses the item's barcodeInvQty. */
  quantity: number | null;
  /** AI 17 (use by / expiry), else AI 15 (best before), as YYYY-MM-DD. */
  expirationDate: string | null;
  gs1: Gs1Data | null;
  /** The scanned text as received. */
  raw: string;
}

function fromGs1(gs1: Gs1Data, raw: string): CompoundBarcode {
  return {
    compoundType: gs1.serial !== null ? 'serial' : 'raw',
    itemCode: gs1.gtin,
    batchCode: gs1.batch,
    serialCode: gs1.serial,
    quantity: gs1.count,
    expirationDate: gs1.expirationDate ?? gs1.bestBeforeDate,
    gs1,
    raw,
  };
}

function asItemCode(itemCode: string, raw: string): CompoundBarcode {
  return {
    compoundType: 'raw',
    itemCode,
    batchCode: null,
    serialCode: null,
    quantity: null,
    expirationDate: null,
    gs1: null,
    raw,
  };
}

/**
 * The interpretations of a scanned text, best first; empty (or blank) text: [].
 * - GS1 data (an element string or a Digital Link): itemCode = the GTIN (null when the data has
 *   none), compoundType 'serial' when it carries AI 21, else 'raw' with batch, quantity and dates.
 * - The text as an item code, without a symbology identifier and surrounding blanks.
 * GS1 data comes first when the text says it is GS1 (a GS1 symbology identifier, FNC1/GS, the
 * "(01)..." form, a Digital Link) or carries a GTIN; plain text that merely happens to parse as
 * GS1 without a GTIN (an item code like "10ABC" reads as batch ABC) ranks after the item code.
 */
export function resolveCompoundBarcode(text: string, now: Date = new Date()): CompoundBarcode[] {
  const trimmed = text.trim();
  if (trimmed.split(groupSeparator).join('') === '') return [];
  const marking = readMarking(trimmed);
  const itemCode = marking.body.split(groupSeparator).join('').trim();
  const link = isHttpUri(marking.body);
  const gs1 = link ? parseGs1DigitalLink(trimmed, now) : parseGs1(trimmed, now);
  const plain = itemCode === '' ? [] : [asItemCode(itemCode, text)];
  if (!gs1) return plain;
  const explicit = marking.kind !== 'none' || link || trimmed.includes(groupSeparator) || trimmed.startsWith('(');
  const interpretation = fromGs1(gs1, text);
  return explicit || gs1.gtin !== null ? [interpretation, ...plain] : [...plain, interpretation];
}
