import type { PrinterChoice } from '../../platform/device-config.js';

/** DD-MM-YYYY of a YYYY-MM-DD date or an ISO timestamp (spec 01 section 5); '' for none. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  if (value.length === 10) return `${match[3]}-${match[2]}-${match[1]}`;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getDate())}-${pad(at.getMonth() + 1)}-${at.getFullYear()}`;
}

/** DD-MM-YYYY HH:mm of an ISO timestamp, in local time. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(value)} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A quantity as shown: at most three decimals, no trailing zeros. */
export function formatQuantity(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(Math.round(value * 1000) / 1000);
}

/** The label count prompt's answer as an integer (spec 01 section 5): empty or not a number is 0. */
export function parseLabelCount(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return 0;
  return Number.parseInt(trimmed, 10);
}

/** The server printer id of a device printer choice; null for none (-1) or the browser's dialog. */
export function serverPrinterId(choice: PrinterChoice): number | null {
  const id = typeof choice === 'number' ? choice : Number.NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}
