import type { PickListLine, PickListPage, PickListQueryValues, PickListSummary } from '@wms/contract';
import type { AppContext } from '../../context.js';
import * as repository from './pick-list-overview.repository.js';
import { loadPickListView } from './pick-list-view.js';

/**
 * The /picklists overview (PROCESSES.md 3.2): a page of lists with filters, highest priority
 * first, then ship date, then code; a row expands into its lines (GET rows). Open overviews
 * refresh on topics.documents('pick_list') (pick-list-live.ts).
 */

const toSummary = (row: repository.PickListSummaryRow): PickListSummary => ({
  code: row.code,
  status: row.status as PickListSummary['status'],
  version: row.version,
  priority: row.priority,
  warehouse: row.warehouse,
  customer: row.customer_code === null ? null : { code: row.customer_code, name: row.customer_name ?? '' },
  shipDate: row.ship_date,
  route: row.route,
  linesTotal: Number(row.lines_total ?? 0),
  linesPicked: Number(row.lines_done ?? 0),
  claimedBy: row.claimed_by,
  packed: row.packed === 1,
  containers: Number(row.containers ?? 0),
  createdAt: row.created_at,
});

/** GET all: the page and the total of lists matching the filters. */
export async function listPickLists(
  ctx: AppContext,
  query: PickListQueryValues & { offset: number; limit: number },
): Promise<PickListPage> {
  const { offset, limit, ...filter } = query;
  const [rows, total] = await Promise.all([
    repository.pickListSummaries(ctx.db, filter, { offset, limit }),
    repository.countPickLists(ctx.db, filter),
  ]);
  return { rows: rows.map(toSummary), total };
}

/** GET rows?code: the lines of one list (404 unknownDocument). */
export async function pickListRows(ctx: AppContext, code: string): Promise<PickListLine[]> {
  return (await loadPickListView(ctx.db, code)).lines;
}
