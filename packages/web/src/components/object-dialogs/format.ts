import type { PrinterChoice } from '../../platform/device-config.js';

const pad = (value: number) => String(value).padStart(2, '0');

function localDate(date: Date): string {
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/**
 * A date as DD-MM-YYYY. A plain date (YYYY-MM-DD) is taken as it is, without
 * a time zone shift; a date-time is shown in local time. null or empty gives '', text that is no
 * date is shown unchanged.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (plain) return `${plain[3]}-${plain[2]}-${plain[1]}`;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : localDate(date);
}

/**
 * A date-time as DD-MM-YYYY HH:mm (with :ss when asked) in local time (history rows, logs); a
 * plain date as formatDate. The one date format of the app.
 */
export function formatDateTime(value: string | number | Date | null | undefined, withSeconds = false): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  const seconds = withSeconds ? `:${pad(date.getSeconds())}` : '';
  return `${localDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}${seconds}`;
}

/**
 * A cell's text with a date in it shown like every other date: a plain date (YYYY-MM-DD) as
 * DD-MM-YYYY, an ISO date-time (YYYY-MM-DDTHH:mm...) as DD-MM-YYYY HH:mm; other text unchanged.
 */
export function formatCellDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)) return formatDateTime(value);
  return value;
}

/** A quantity as shown: at most three decimals, no trailing zeros. */
export function formatQuantity(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(Math.round(value * 1000) / 1000);
}

/** The label count prompt's answer as an integer: empty or not a number is 0. */
export function parseLabelCount(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 0;
  return Number.parseInt(trimmed, 10);
}

/**
 * The server printer of a device printer setting: a positive id (also when stored as digits);
 * null for none (-1), the browser dialog ('PERIPHERAL') or anything else.
 */
export function serverPrinterId(choice: PrinterChoice): number | null {
  const id = typeof choice === 'number' ? choice : /^\d+$/.test(choice.trim()) ? Number(choice.trim()) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
