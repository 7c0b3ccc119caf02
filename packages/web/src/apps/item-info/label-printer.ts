import type { PrinterChoice } from '../../platform/device-config.js';

/**
 * The server printer of a device printer setting: a positive id (also when stored as digits);
 * null for none (-1), the browser dialog ('PERIPHERAL') or anything else.
 */
export function serverPrinterId(choice: PrinterChoice): number | null {
  const id = typeof choice === 'number' ? choice : /^\d+$/.test(choice.trim()) ? Number(choice.trim()) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
