import { fromThousandths, type PickListCreateAnswer, type pickListCreateRequestSchema } from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { notFound, unprocessable } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { changeAllocations, type AllocationChange } from '../stock/stock.service.js';
import { validatePickListAddresses } from '../address-validation/address-validate.js';
import { withCreationLock } from './creation-lock.js';
import { openOrderLines, partnerIdOf, warehouseOf, type OpenOrderLine } from './open-order-lines.repository.js';
import { AllocationStock, orderWalks } from './pick-list-allocation.js';
import { afterPickListCommit } from './pick-list-live.js';
import { insertPickLists } from './pick-lists-bulk.repository.js';
import { changeReleasedQuantity, reserveUnplannedLines } from './pick-lists.repository.js';

/**
 * POST /api/v1/pick_list/create (decision 0183): pick lists from the open SALES_ORDER lines of a
 * warehouse (selected lines, or every line matching customer, route and ship date), one list per
 * order or per customer and ship-to. Under the creation lock (creation-lock.ts), in ONE
 * transaction:
 *
 * 1. the candidate stock of the lines' items is read (PostgreSQL: locked, in id order);
 * 2. each line's unplanned rest (open - released) is reserved on the order line by a guarded
 *    update (released + rest <= open), so two runs never plan one line twice (locking NONE);
 * 3. lines are allocated in order of priority, ship date, order and line number; a line gets a
 *    list line of what was allocated; the rest goes back (released lowered) and is reported as
 *    a backorder; a line nothing was allocated to gets no list line;
 * 4. lists get the next PL- codes, status RELEASED, the order's ship date, customer, ship-to
 *    (the line's extras shipTo, else the order's) and route (the line's extras route), and their
 *    walk order.
 *
 * No list made: 422 nothingToCreate (the transaction rolls back).
 */

export type CreateRequest = z.output<typeof pickListCreateRequestSchema>;

interface PlannedLine {
  line: OpenOrderLine;
  wanted: number;
  allocated: number;
  changes: AllocationChange[];
}

export async function createPickLists(
  ctx: AppContext,
  caller: Principal,
  request: CreateRequest,
): Promise<PickListCreateAnswer> {
  const warehouse = await warehouseOf(ctx.db, request.warehouse);
  if (!warehouse) throw notFound('unknownWarehouse', { code: request.warehouse });
  if (warehouse.active !== 1) throw unprocessable('warehouseInactive', { code: warehouse.code });
  let partnerId: number | undefined;
  if (request.customer !== undefined) {
    partnerId = await partnerIdOf(ctx.db, request.customer);
    if (partnerId === undefined) throw notFound('unknownBusinessPartner', { code: request.customer });
  }
  const answer = await withCreationLock(ctx, caller, warehouse.code, () =>
    ctx.db.transaction().execute((tx) => createPickListsInTransaction(tx, caller, request, warehouse.id, partnerId)),
  );
  await afterPickListCommit(ctx, answer.created);
  await validatePickListAddresses(ctx, caller.username, answer.created);
  return answer;
}

/** Reserves a line's unplanned rest on the order line; answers what was reserved (0: planned by another run). */
async function reserve(tx: Tx, line: OpenOrderLine): Promise<number> {
  let wanted = line.open_quantity - line.released_quantity;
  if (wanted > 0 && (await changeReleasedQuantity(tx, line.id, wanted))) return wanted;
  // Another run planned part of it meanwhile: read the line again and take what is left.
  const current = await tx
    .selectFrom('document_line')
    .select(['open_quantity', 'released_quantity'])
    .where('id', '=', line.id)
    .executeTakeFirst();
  wanted = current ? Number(current.open_quantity) - Number(current.released_quantity) : 0;
  return wanted > 0 && (await changeReleasedQuantity(tx, line.id, wanted)) ? wanted : 0;
}

const groupKeyOf = (line: OpenOrderLine, groupBy: CreateRequest['groupBy']): string =>
  groupBy === 'ORDER' ? `o:${line.document_id}` : `c:${line.business_partner_id ?? 0}:${line.shipTo ?? ''}`;

/**
 * The run itself, inside the caller's transaction and lock (the demo seed calls it directly).
 * 422 nothingToCreate when no list is made.
 */
export async function createPickListsInTransaction(
  tx: Tx,
  caller: Pick<Principal, 'username'>,
  request: CreateRequest,
  warehouseId: number,
  partnerId: number | undefined,
): Promise<PickListCreateAnswer> {
  const route = request.route?.toLowerCase();
  const lines = (
    await openOrderLines(tx, {
      warehouseId,
      partnerId,
      shipDateTo: request.shipDateTo,
      lines: request.lines,
      unplannedOnly: true,
    })
  ).filter((line) => route === undefined || line.route?.toLowerCase() === route);
  if (lines.length === 0) throw unprocessable('nothingToCreate');

  const stock = new AllocationStock();
  await stock.load(
    tx,
    warehouseId,
    lines.map((l) => l.item_id),
  );
  // Lines nothing is released on yet are reserved many per statement; the others (and any that
  // changed meanwhile) one by one, in id order.
  const reserved = await reserveUnplannedLines(
    tx,
    lines.filter((l) => l.released_quantity === 0 && l.open_quantity > 0).map((l) => l.id),
  );
  for (const line of [...lines].sort((a, b) => a.id - b.id)) {
    if (!reserved.has(line.id)) reserved.set(line.id, await reserve(tx, line));
  }

  const planned: PlannedLine[] = [];
  for (const line of lines) {
    const wanted = reserved.get(line.id) ?? 0;
    if (wanted <= 0) continue;
    const take = stock.take(
      { itemId: line.item_id, warehouseId, batchId: line.batch_id, serialId: line.serial_id },
      wanted,
    );
    planned.push({ line, wanted, allocated: take.allocated, changes: take.changes });
  }

  const groups = new Map<string, PlannedLine[]>();
  for (const p of planned) {
    if (p.allocated <= 0) continue;
    const key = groupKeyOf(p.line, request.groupBy);
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const at = nowIso();
  const ordered = [...groups.values()].map((group) =>
    group.sort((a, b) => a.line.order_code.localeCompare(b.line.order_code) || a.line.line_number - b.line.line_number),
  );
  const lists = await insertPickLists(
    tx,
    ordered.map((group) => {
      const first = group[0]!.line;
      const shipDates = group.map((p) => p.line.ship_date).filter((d): d is string => d !== null);
      return {
        warehouseId,
        partnerId: first.business_partner_id,
        shipDate: shipDates.length > 0 ? shipDates.sort()[0]! : null,
        shipToAddress: first.shipTo,
        priority: request.priority ?? Math.max(...group.map((p) => p.line.priority)),
        route: group.find((p) => p.line.route !== null)?.line.route ?? null,
        origin: 'SALES_ORDER' as const,
        createdBy: caller.username,
        at,
        lines: group.map((p) => ({
          itemId: p.line.item_id,
          quantity: p.allocated,
          sourceLineId: p.line.id,
          batchId: p.line.batch_id,
          serialId: p.line.serial_id,
          extras: { salesOrder: p.line.order_code, salesOrderLine: p.line.line_number },
        })),
      };
    }),
  );
  const allChanges: AllocationChange[] = [];
  lists.forEach((list, g) =>
    list.lines.forEach((inserted, i) => {
      for (const change of ordered[g]![i]!.changes) allChanges.push({ ...change, documentLineId: inserted.id });
    }),
  );
  const created = lists.map((list) => list.code);
  const walks = lists.map((list) => list.lines);
  if (created.length === 0) throw unprocessable('nothingToCreate');
  await changeAllocations(tx, allChanges);
  await orderWalks(tx, walks);

  const backorders: PickListCreateAnswer['backorders'] = [];
  for (const p of planned) {
    const rest = p.wanted - p.allocated;
    if (rest <= 0) continue;
    if (!(await changeReleasedQuantity(tx, p.line.id, -rest))) {
      throw new Error(`released quantity of sales order line ${p.line.id} could not be lowered by ${rest}`);
    }
    backorders.push({
      salesOrder: p.line.order_code,
      lineNumber: p.line.line_number,
      item: p.line.item_code,
      quantity: fromThousandths(rest),
    });
  }
  return { created, backorders };
}
