import { sameCode, type PackContainer, type PackContent, type PackView } from '@wms/contract';

/** Which menu app runs the flow: /pack, /delivery, or /pack_and_delivery (both, one after the other). */
export type PackAndDeliveryMode = 'pack' | 'delivery' | 'combined';

/** A unit being verified or moved: the item, with its batch and serial once known. */
export interface PackUnit {
  item: string;
  managedBy: 'NORMAL' | 'BATCH_NUMBER' | 'SERIAL_NUMBER';
  batch: string | null;
  serial: string | null;
}

/** The list to deliver, as the packed row showed it. */
export interface DeliveryTarget {
  pickList: string;
  customer: string | null;
}

/**
 * The workflow state of the three apps (JSON-safe: saved and resumed per app and user). The
 * PackView is kept as the server last answered it; reopening reloads it (GET pack/{code}).
 */
export interface PackFlowState {
  view: PackView | null;
  /** A PARTLY_PICKED list's scan, waiting for its confirmation (flush first). */
  flushScan: string | null;
  unit: PackUnit | null;
  /** COUNT: the content rows counted on this device (rowKey). */
  counted: string[];
  /** Repack: the container the unit leaves. */
  repackFrom: string | null;
  /** Repack: how many units move (absent in a state saved before repack had steps). */
  repackQuantity?: number | null;
  /** The container being closed, and the dimensions chosen for it. */
  closing: string | null;
  dimensions: { lengthInMm: number; widthInMm: number; heightInMm: number } | null;
  delivery: DeliveryTarget | null;
  /** The delivery created (its code), shown with the packing slip. */
  created: string | null;
}

export const initialPackFlowState = (): PackFlowState => ({
  view: null,
  flushScan: null,
  unit: null,
  counted: [],
  repackFrom: null,
  repackQuantity: null,
  closing: null,
  dimensions: null,
  delivery: null,
  created: null,
});

export interface ContentRow extends PackContent {
  container: string;
}

export const rowKey = (row: { container: string; item: string; batch: string | null; serial: string | null }) =>
  [row.container, row.item, row.batch ?? '', row.serial ?? ''].join('\u0001').toLowerCase();

export function contentRows(view: PackView | null): ContentRow[] {
  return (view?.containers ?? []).flatMap((container) =>
    container.contents.map((content) => ({ ...content, container: container.code })),
  );
}

/** Rows with units not scanned yet (SCAN_ALL). */
export const openRows = (view: PackView | null) =>
  contentRows(view).filter((row) => row.verifiedQuantity < row.quantity);

/** Rows not counted on this device yet (COUNT). */
export const uncountedRows = (state: PackFlowState) =>
  contentRows(state.view).filter((row) => !state.counted.includes(rowKey(row)));

/** Units scanned and units in all (the "3 of 5" of SCAN_ALL). */
export function progressOf(view: PackView | null): { done: number; total: number } {
  const rows = contentRows(view);
  return {
    done: rows.reduce((sum, row) => sum + Math.min(row.verifiedQuantity, row.quantity), 0),
    total: rows.reduce((sum, row) => sum + row.quantity, 0),
  };
}

/** The rows a unit matches (item, and batch and serial when known). */
export function rowsOfUnit(rows: readonly ContentRow[], unit: PackUnit): ContentRow[] {
  return rows.filter(
    (row) =>
      sameCode(row.item, unit.item) &&
      (unit.batch === null || (row.batch !== null && sameCode(row.batch, unit.batch))) &&
      (unit.serial === null || (row.serial !== null && sameCode(row.serial, unit.serial))),
  );
}

export const containerOf = (view: PackView | null, code: string | null): PackContainer | null =>
  code === null ? null : (view?.containers.find((container) => sameCode(container.code, code)) ?? null);

export const openContainers = (view: PackView | null) =>
  (view?.containers ?? []).filter((container) => container.status === 'OPEN' && container.contents.length > 0);

/**
 * Where packing goes on from a fresh view: verification (by the mode), then the differences,
 * then closing each open container, then the finish.
 */
export function packRoute(state: PackFlowState): { state: PackFlowState; next: string } {
  const view = state.view;
  if (!view) return { state, next: 'scan' };
  const fresh = { ...state, unit: null, repackFrom: null, repackQuantity: null };
  if (view.verification === 'SCAN_ALL' && openRows(view).length > 0) return { state: fresh, next: 'unit' };
  if (view.verification === 'COUNT' && uncountedRows(state).length > 0) return { state: fresh, next: 'countItem' };
  if (view.verification !== 'NONE' && view.differences.length > 0) return { state: fresh, next: 'difference' };
  return closeRoute(fresh);
}

/** The next open container to close, or the finish. */
export function closeRoute(state: PackFlowState): { state: PackFlowState; next: string } {
  const next = openContainers(state.view)[0];
  if (next) return { state: { ...state, closing: next.code, dimensions: null }, next: 'box' };
  return { state: { ...state, closing: null, dimensions: null }, next: 'packFinish' };
}
