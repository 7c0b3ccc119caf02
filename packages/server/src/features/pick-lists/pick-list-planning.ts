import { fromThousandths, type plannableLinesQuerySchema } from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { notFound } from '../../http/app-error.js';
import { isBlindFor, shownQuantity } from '../counting/blind-counting.js';
import { allocationCandidates } from './allocation-candidates.js';
import { openOrderLines, partnerIdOf, warehouseOf } from './open-order-lines.repository.js';

/**
 * GET /api/v1/ppm/lines, the planning area: open SALES_ORDER lines (of a warehouse, customer,
 * route, up to a ship date), each with what is on pick lists already (releasedQuantity) and the
 * free stock allocation could use for its item in its warehouse (allocation-candidates.ts).
 * At most `limit` lines; truncated says more matched. freeStock is blind in batching mode (isBlindFor).
 */
export async function plannableLines(
  ctx: AppContext,
  caller: Principal,
  query: z.output<typeof plannableLinesQuerySchema>,
) {
  const blind = await isBlindFor(ctx, caller);
  let warehouseId: number | undefined;
  if (query.warehouse !== undefined) {
    const warehouse = await warehouseOf(ctx.db, query.warehouse);
    if (!warehouse) throw notFound('unknownWarehouse', { code: query.warehouse });
    warehouseId = warehouse.id;
  }
  let partnerId: number | undefined;
  if (query.customer !== undefined) {
    partnerId = await partnerIdOf(ctx.db, query.customer);
    if (partnerId === undefined) throw notFound('unknownBusinessPartner', { code: query.customer });
  }
  const route = query.route?.toLowerCase();
  const read = await openOrderLines(ctx.db, {
    warehouseId,
    partnerId,
    shipDateTo: query.shipDateTo,
    unplannedOnly: false,
    // A route filter is applied to the lines read: read them all then.
    ...(route === undefined ? { limit: query.limit + 1 } : {}),
  });
  const matching = read.filter((l) => route === undefined || l.route?.toLowerCase() === route);
  const lines = matching.slice(0, query.limit);
  const free = new Map<string, number>();
  const itemsPerWarehouse = new Map<number, Set<number>>();
  for (const l of lines) {
    if (l.warehouse_id === null) continue;
    itemsPerWarehouse.set(l.warehouse_id, (itemsPerWarehouse.get(l.warehouse_id) ?? new Set()).add(l.item_id));
  }
  for (const [id, items] of itemsPerWarehouse) {
    const candidates = await allocationCandidates(ctx.db, id, [...items], { lock: false });
    for (const [itemId, list] of candidates) {
      free.set(
        `${id}:${itemId}`,
        list.reduce((sum, c) => sum + c.free, 0),
      );
    }
  }
  return {
    lines: lines.map((l) => ({
      salesOrder: l.order_code,
      lineNumber: l.line_number,
      customer: l.partner_code === null ? null : { code: l.partner_code, name: l.partner_name ?? '' },
      warehouse: l.warehouse_code,
      shipDate: l.ship_date,
      route: l.route,
      item: l.item_code,
      itemName: l.item_name,
      openQuantity: fromThousandths(l.open_quantity),
      releasedQuantity: fromThousandths(l.released_quantity),
      freeStock: shownQuantity(blind, fromThousandths(free.get(`${l.warehouse_id ?? 0}:${l.item_id}`) ?? 0)),
    })),
    truncated: matching.length > query.limit,
  };
}
