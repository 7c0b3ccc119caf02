/**
 * What a label shows. Plain data: the item and location features map their records to these,
 * so rendering depends on no table.
 */
export interface ItemLabelData {
  code: string;
  name: string;
  /** The barcode to encode (Code 128); the item code when empty. */
  barcode?: string | null;
  batch?: string | null;
  serial?: string | null;
  /** A quantity printed on the label (an exact decimal string, or an integer), e.g. of a receipt. */
  quantity?: string | number | null;
}

export interface LocationLabelData {
  code: string;
  /** The short code shown large for people (falls back to the code). */
  visualCode?: string | null;
  /** The barcode to encode (Code 128); the location code when empty. */
  barcode?: string | null;
  warehouse?: string | null;
}

/**
 * A barcode under a caption (the action barcodes of the label generator): Code 128 for short
 * printable ASCII content, a QR code for the rest.
 */
export interface BarcodeLabelData {
  caption: string;
  content: string;
  symbology: 'code128' | 'qr';
}

/** normal: 4 x 2 inch; large: 4 x 6 inch. */
export type LabelSize = 'normal' | 'large';

/** One label to print `copies` times (default 1; 0 prints nothing). */
export type LabelJob =
  | { kind: 'item'; size: LabelSize; data: ItemLabelData; copies?: number }
  | { kind: 'location'; size: LabelSize; data: LocationLabelData; copies?: number }
  | { kind: 'barcode'; size: LabelSize; data: BarcodeLabelData; copies?: number };

/** Label sizes in inches; ZPL uses 203 dpi, PDF 72 points per inch. */
export const labelInches: Record<LabelSize, { width: number; height: number }> = {
  normal: { width: 4, height: 2 },
  large: { width: 4, height: 6 },
};

export const copiesOf = (job: LabelJob): number => Math.max(0, Math.floor(job.copies ?? 1));

/** The total number of labels the jobs print. */
export const labelCount = (jobs: readonly LabelJob[]): number => jobs.reduce((sum, job) => sum + copiesOf(job), 0);

export const barcodeOfItem = (data: ItemLabelData): string => (data.barcode ?? '').trim() || data.code;
export const barcodeOfLocation = (data: LocationLabelData): string => (data.barcode ?? '').trim() || data.code;
export const visualCodeOf = (data: LocationLabelData): string => (data.visualCode ?? '').trim() || data.code;

const present = (value: string | number | null | undefined): value is string | number =>
  value !== null && value !== undefined && String(value).trim() !== '';

/** The detail lines of an item label: batch, serial and quantity when given. */
export function itemDetails(data: ItemLabelData): { label: string; value: string }[] {
  const details: { label: string; value: string }[] = [];
  if (present(data.batch)) details.push({ label: 'Batch', value: String(data.batch) });
  if (present(data.serial)) details.push({ label: 'Serial', value: String(data.serial) });
  if (present(data.quantity)) details.push({ label: 'Qty', value: String(data.quantity) });
  return details;
}
