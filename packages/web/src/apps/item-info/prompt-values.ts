import { parseLabelCount as parseCount } from '../../components/object-dialogs/format.js';

/**
 * Readers of prompt answers. Both accept a decimal comma, as typed on a
 * Dutch, German or Polish keyboard.
 */

/** A positive quantity (barcode quantity, default 1.0); null for anything else: the action is cancelled silently. */
export function parsePositiveQuantity(text: string | null): number | null {
  if (text === null) return null;
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The largest number of labels one request may ask for (contract itemLabelJobSchema). */
export const maxLabelCount = 1000;

/** A label count: a whole number; 0, empty, cancelled or anything else is 0 (prints nothing). */
export function parseLabelCount(text: string | null): number {
  return text === null ? 0 : Math.min(parseCount(text), maxLabelCount);
}

/** A min/max stock field: empty is null, otherwise a non-negative float; undefined when invalid. */
export function parseStockLevel(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(trimmed)) return undefined;
  return Number(trimmed);
}
