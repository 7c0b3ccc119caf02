import type { Tx } from '../../db/database.js';
import { changeAllocations, type AllocationChange } from '../stock/stock.service.js';
import { allocationCandidates, type AllocationCandidate } from './allocation-candidates.js';
import { allocationsOfLines, setWalkOrder } from './pick-lists.repository.js';

/**
 * Allocation of pick list lines (decision 0183): the candidates of allocation-candidates.ts taken
 * in their order, serials whole, written through the stock service's changeAllocations (the
 * allocation rows and the stock rows' releasedQty together, no ledger row). A line gets what
 * free stock there is: less than asked is a backorder, which the caller reports.
 */

/** What allocation needs of a pick list line. */
export interface AllocatableLine {
  /** The document_line id of the pick list line. */
  id: number;
  itemId: number;
  warehouseId: number;
  /** A line that asks for one batch or serial takes only that. */
  batchId?: number | null;
  serialId?: number | null;
}

export interface AllocationOptions {
  /** Locations not to take from (a short's location). */
  excludeLocationIds?: readonly number[];
}

/** The candidate stock of a run, per warehouse and item; takeStock lowers its free stock as it plans. */
export class AllocationStock {
  private readonly byItem = new Map<string, AllocationCandidate[]>();

  /** Reads (PostgreSQL: locks) the candidates of the items in the warehouse not read yet. */
  async load(tx: Tx, warehouseId: number, itemIds: readonly number[]): Promise<void> {
    const missing = [...new Set(itemIds)]
      .filter((id) => !this.byItem.has(`${warehouseId}:${id}`))
      .sort((a, b) => a - b);
    if (missing.length === 0) return;
    const read = await allocationCandidates(tx, warehouseId, missing);
    for (const id of missing) this.byItem.set(`${warehouseId}:${id}`, read.get(id) ?? []);
  }

  /** The free stock left of an item in a warehouse (thousandths). */
  free(warehouseId: number, itemId: number): number {
    return (this.byItem.get(`${warehouseId}:${itemId}`) ?? []).reduce((sum, c) => sum + c.free, 0);
  }

  /**
   * Plans up to `quantity` (thousandths) for a line from the loaded candidates, in their order,
   * and lowers their free stock: the allocation changes to write (document line id unset: -1
   * when the line does not exist yet; the caller sets it).
   */
  take(line: Omit<AllocatableLine, 'id'> & { id?: number }, quantity: number, options: AllocationOptions = {}) {
    const changes: AllocationChange[] = [];
    let left = quantity;
    const excluded = new Set(options.excludeLocationIds ?? []);
    for (const c of this.byItem.get(`${line.warehouseId}:${line.itemId}`) ?? []) {
      if (left <= 0) break;
      if (c.free <= 0 || excluded.has(c.binLocationId)) continue;
      if (line.batchId != null && c.batchId !== line.batchId) continue;
      if (line.serialId != null && c.serialId !== line.serialId) continue;
      // A serial is one unit (1000 thousandths), taken whole or not at all.
      const take = c.serialId !== null ? (left >= c.free ? c.free : 0) : Math.min(left, c.free);
      if (take <= 0) continue;
      c.free -= take;
      left -= take;
      changes.push({
        documentLineId: line.id ?? -1,
        itemId: c.itemId,
        batchId: c.batchId,
        serialId: c.serialId,
        binLocationId: c.binLocationId,
        delta: take,
      });
    }
    return { changes, allocated: quantity - left };
  }
}

/**
 * Allocates up to `quantity` (thousandths) more to each line, in the order given, inside the
 * caller's transaction (which should hold the list's document lock). Answers what each line got
 * (may be less than asked: a backorder), by document line id.
 */
export async function allocateLines(
  tx: Tx,
  requests: readonly { line: AllocatableLine; quantity: number }[],
  options: AllocationOptions = {},
): Promise<Map<number, number>> {
  const stock = new AllocationStock();
  const perWarehouse = new Map<number, number[]>();
  for (const { line } of requests)
    perWarehouse.set(line.warehouseId, [...(perWarehouse.get(line.warehouseId) ?? []), line.itemId]);
  for (const [warehouseId, itemIds] of [...perWarehouse].sort((a, b) => a[0] - b[0])) {
    await stock.load(tx, warehouseId, itemIds);
  }
  const answer = new Map<number, number>();
  const changes: AllocationChange[] = [];
  for (const { line, quantity } of requests) {
    if (quantity <= 0) continue;
    const planned = stock.take(line, quantity, options);
    changes.push(...planned.changes);
    answer.set(line.id, (answer.get(line.id) ?? 0) + planned.allocated);
  }
  await changeAllocations(tx, changes);
  return answer;
}

/**
 * Sets the walk order of a list's lines: by the location sortingCode (then code) of each line's
 * first allocation; lines without allocations last; ties by line number.
 */
export async function orderWalk(tx: Tx, lines: readonly { id: number; lineNumber: number }[]): Promise<void> {
  await orderWalks(tx, [lines]);
}

/** orderWalk of many lists at once: one read of their allocations, the walk orders written in bulk. */
export async function orderWalks(
  tx: Tx,
  lists: readonly (readonly { id: number; lineNumber: number }[])[],
): Promise<void> {
  const allocations = await allocationsOfLines(
    tx,
    lists.flatMap((lines) => lines.map((l) => l.id)),
  );
  const firstOf = new Map<number, string>();
  for (const a of allocations) {
    if (!firstOf.has(a.document_line_id)) {
      firstOf.set(a.document_line_id, `${a.location_sorting_code ?? ''}\u0001${a.location_code}`);
    }
  }
  const orders = new Map<number, number>();
  for (const lines of lists) {
    const sorted = [...lines].sort((a, b) => {
      const [ka, kb] = [firstOf.get(a.id), firstOf.get(b.id)];
      if (ka === undefined || kb === undefined)
        return ka === kb ? a.lineNumber - b.lineNumber : ka === undefined ? 1 : -1;
      return ka.localeCompare(kb) || a.lineNumber - b.lineNumber;
    });
    sorted.forEach((l, i) => orders.set(l.id, i));
  }
  await setWalkOrder(tx, orders);
}
