import { codeKey } from '@wms/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';

/**
 * GET pick_list/next (PROCESSES.md 3.3 step 1, OCA cluster picking's rule): the caller's list in
 * progress (PARTLY_PICKED, claimed by them), then theirs not started (RELEASED, claimed by them),
 * then the first unclaimed RELEASED list; each by priority (highest first), then ship date
 * (earliest first, none last), then code. Optionally in one warehouse. Null: nothing to pick.
 */
export async function nextPickList(
  ctx: AppContext,
  caller: Principal,
  warehouse: string | undefined,
): Promise<{ code: string | null }> {
  let query = ctx.db
    .selectFrom('document as d')
    .leftJoin('claim_object as co', (join) =>
      join.onRef('co.object_id', '=', 'd.id').on('co.object_type', '=', 'PICK_LIST'),
    )
    .leftJoin('claim as c', 'c.id', 'co.claim_id')
    .select('d.code')
    .where('d.type', '=', 'PICK_LIST')
    .where((eb) =>
      eb.or([
        eb.and([eb('c.user_id', '=', caller.userId), eb('d.status', 'in', ['RELEASED', 'PARTLY_PICKED'])]),
        eb.and([eb('co.claim_id', 'is', null), eb('d.status', '=', 'RELEASED')]),
      ]),
    );
  if (warehouse !== undefined) {
    query = query.where('d.warehouse_id', 'in', (eb) =>
      eb.selectFrom('warehouse').select('id').where('code_lower', '=', codeKey(warehouse)),
    );
  }
  const row = await query
    .orderBy(
      sql`case when c.user_id = ${caller.userId} and d.status = 'PARTLY_PICKED' then 0 when c.user_id = ${caller.userId} then 1 else 2 end`,
    )
    .orderBy('d.priority', 'desc')
    .orderBy(sql`case when d.ship_date is null then 1 else 0 end`)
    .orderBy('d.ship_date')
    .orderBy('d.code')
    .limit(1)
    .executeTakeFirst();
  return { code: row?.code ?? null };
}
