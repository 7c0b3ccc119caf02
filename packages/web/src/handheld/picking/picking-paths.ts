import { appById } from '@wms/contract';

/** The app's menu path (contract apps.ts): the list of pick lists. */
export const pickingAppPath = appById('stockPicking')?.path ?? '/stock_picking';

/**
 * What an app built on this picking flow names its own (stock picking; pick and pack reuses the
 * screens): its id (the saved workflow and the remembered list) and its menu path.
 */
export interface PickingAppNames {
  id: string;
  path: string;
}
export const stockPickingNames: PickingAppNames = { id: 'stockPicking', path: pickingAppPath };

/** The picking screen of one list: `/stock_picking/process?code=...`. */
export const processPath = (code: string, names: PickingAppNames = stockPickingNames) =>
  `${names.path}/process?code=${encodeURIComponent(code)}`;

/** Where the list in progress is remembered per user, so reopening /stock_picking resumes it. */
const currentKey = (userId: number, names: PickingAppNames = stockPickingNames) => `wms.${names.id}.current.${userId}`;

export function rememberCurrentList(
  userId: number | null,
  code: string | null,
  names: PickingAppNames = stockPickingNames,
): void {
  if (userId === null) return;
  try {
    if (code === null) localStorage.removeItem(currentKey(userId, names));
    else localStorage.setItem(currentKey(userId, names), code);
  } catch {
    // No storage (private mode): nothing is resumed.
  }
}

export function currentList(userId: number | null, names: PickingAppNames = stockPickingNames): string | null {
  if (userId === null) return null;
  try {
    return localStorage.getItem(currentKey(userId, names));
  } catch {
    return null;
  }
}
