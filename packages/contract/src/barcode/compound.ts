/**
 * Compound barcode resolution (compoundType raw or serial, itemCode, batchCode,
 * serialCode): the ways a scanned text can be read, best first. The handheld workflow tries them
 * in order and takes the first whose itemCode names an item (for a GTIN, look the item up by
 * every form of gtinCandidates(itemCode)).
 */
import { groupSeparator, readMarking } from './gs1-element-string.js';
import { isHttpUri } from './gs1-digital-link.js';
import { readGs1, readGs1DigitalLink, type Gs1Data, type Gs1Problem } from './gs1.js';

export interface CompoundBarcode {
  /** raw: the text is an item code or barcode as is (or GS1 data without a serial); serial: GS1 data with AI 21. */
  compoundType: 'raw' | 'serial';
  itemCode: string | null;
  batchCode: string | null;
  serialCode: string | null;
  /**
   * The count the scan stands for (GS1 AI 37 of the contained item 02, or AI 30 of the item 01),
   * else null: the caller uses the item's barcodeInvQty.
   */
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

/** The readings of a scanned text, and why GS1 data in it was refused (null: it was not). */
export interface CompoundBarcodeReading {
  readings: CompoundBarcode[];
  /**
   * The text is GS1 data that breaks a rule (an invalid pair, a missing companion, one AI with two
   * values, an impossible date) and says it is GS1 or carries a GTIN: the caller refuses the scan
   * with this key rather than reading the text as an item code. readings then holds only the
   * text as an item code.
   */
  refusal: Gs1Problem | null;
}

/**
 * The interpretations of a scanned text, best first; empty (or blank) text: [].
 * - GS1 data (an element string or a Digital Link): itemCode = the GTIN (null when the data has
 *   none), compoundType 'serial' when it carries AI 21, else 'raw' with batch, quantity and dates.
 * - The text as an item code, without a symbology identifier and surrounding blanks.
 * GS1 data comes first when the text says it is GS1 (a GS1 symbology identifier, FNC1/GS, the
 * "(01)..." form, a Digital Link) or carries a GTIN; plain text that merely happens to parse as
 * GS1 without a GTIN (an item code like "10ABC" reads as batch ABC) ranks after the item code.
 * GS1 data that breaks a rule is refused (refusal) when it would have come first; otherwise it
 * is left out, as text that is not GS1.
 */
export function readCompoundBarcode(text: string, now: Date = new Date()): CompoundBarcodeReading {
  const trimmed = text.trim();
  if (trimmed.split(groupSeparator).join('') === '') return { readings: [], refusal: null };
  const marking = readMarking(trimmed);
  const itemCode = marking.body.split(groupSeparator).join('').trim();
  const link = isHttpUri(marking.body);
  const reading = link ? readGs1DigitalLink(trimmed, now) : readGs1(trimmed, now);
  const plain = itemCode === '' ? [] : [asItemCode(itemCode, text)];
  const explicit = marking.kind !== 'none' || link || trimmed.includes(groupSeparator) || trimmed.startsWith('(');
  if (!reading.ok) {
    const refused = reading.problem !== null && (explicit || reading.hasGtin);
    return { readings: plain, refusal: refused ? reading.problem : null };
  }
  const interpretation = fromGs1(reading.data, text);
  const first = explicit || reading.data.gtin !== null;
  return { readings: first ? [interpretation, ...plain] : [...plain, interpretation], refusal: null };
}

/** The interpretations of a scanned text, best first (readCompoundBarcode without the refusal). */
export function resolveCompoundBarcode(text: string, now: Date = new Date()): CompoundBarcode[] {
  return readCompoundBarcode(text, now).readings;
}
