// The invariants both counting benches check (counting.mjs, counting-list-flush.mjs): every
// counted location with a difference holds ONE COUNT_ADJUSTMENT of +1 unit on its first item and
// that unit in onHand; nothing else was posted; flags back to NO; no negative bucket.
import { sql } from 'kysely';
import { chunked } from './picking.mjs';

/** The unit each bench counts over the stock on its locations with a difference (thousandths). */
export const countedOver = 1000;

/**
 * The ledger since `afterLedgerId`, grouped per location and item: one COUNT_ADJUSTMENT of +1 unit
 * per location with a difference (`keyOf(location)`, when given, its idempotency key), none for
 * the others. Answers the problems and the number of adjustments expected.
 */
export async function adjustmentProblems(db, afterLedgerId, locations, keyOf = null) {
  const problems = [];
  const rows = await db
    .selectFrom('stock_ledger')
    .select([
      'bin_location_id',
      'item_id',
      'transaction_type',
      'idempotency_key',
      sql`sum(quantity)`.as('sum'),
      sql`count(*)`.as('n'),
    ])
    .where('id', '>', afterLedgerId)
    .groupBy(['bin_location_id', 'item_id', 'transaction_type', 'idempotency_key'])
    .execute();
  const ledger = new Map();
  for (const r of rows) {
    if (r.transaction_type !== 'COUNT_ADJUSTMENT') problems.push(`a ${r.transaction_type} ledger row`);
    const key = `${r.bin_location_id}:${r.item_id}`;
    if (ledger.has(key)) problems.push(`${key}: more than one movement`);
    ledger.set(key, { sum: Number(r.sum), n: Number(r.n), key: r.idempotency_key });
  }
  let adjustments = 0;
  for (const location of locations) {
    if (!location.difference) continue;
    adjustments += 1;
    const key = `${location.id}:${location.lines[0].itemId}`;
    const row = ledger.get(key);
    if (row?.sum !== countedOver || row.n !== 1 || (keyOf && row.key !== keyOf(location)))
      problems.push(`${location.code}: ledger ${JSON.stringify(row ?? null)}`);
    ledger.delete(key);
  }
  for (const [key, row] of ledger) problems.push(`${key}: unexpected ledger ${JSON.stringify(row)}`);
  return { problems, adjustments };
}

/**
 * The counted locations (`byId`: id -> {code, lines, difference}), a chunk of ids at a time: none
 * still flagged, no negative bucket, onHand one unit up on the first item of those with a
 * difference. `more(part, problems)` adds a bench's own checks of the chunk.
 */
export async function countedLocationProblems(db, byId, more = async () => {}) {
  const problems = [];
  for (const part of chunked([...byId.keys()])) {
    const flags = await db
      .selectFrom('bin_location')
      .select(['code', 'requires_counting'])
      .where('id', 'in', part)
      .where('requires_counting', '!=', 'NO')
      .execute();
    for (const f of flags) problems.push(`${f.code}: still ${f.requires_counting}`);
    const stock = await db
      .selectFrom('stock')
      .select(['bin_location_id', 'item_id', 'on_hand_qty', 'released_qty', 'pick_qty', 'qc_pending_qty'])
      .where('bin_location_id', 'in', part)
      .execute();
    for (const s of stock) {
      if (Math.min(s.on_hand_qty, s.released_qty, s.pick_qty, s.qc_pending_qty) < 0)
        problems.push(`${s.bin_location_id}:${s.item_id}: a negative bucket`);
    }
    const onHandOf = new Map(stock.map((s) => [`${s.bin_location_id}:${s.item_id}`, Number(s.on_hand_qty)]));
    for (const id of part) {
      const location = byId.get(id);
      if (!location.difference) continue;
      const first = location.lines[0];
      const onHand = onHandOf.get(`${id}:${first.itemId}`);
      if (onHand !== first.onHand + countedOver)
        problems.push(`${location.code}: onHand ${onHand}, counted ${first.onHand + countedOver}`);
    }
    await more(part, problems);
  }
  return problems;
}
