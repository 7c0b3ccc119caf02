import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';

/**
 * SQLite: the stock of a location read from its index alone (decision 0198). A location's stock
 * rows lie on as many table pages as they have items (50 in the large data set): a count read
 * each of them, 140 us of a count save's 1 ms. The index by location now holds what the count
 * posting reads (features/counting/count-posting.repository.ts), in id order, so those reads
 * visit one or two index pages. A stock movement changing a quantity now rewrites the row's
 * entry in it too. PostgreSQL keeps the narrow index: a quantity in an index would stop its
 * updates of stock rows from being HOT (heap-only) ones.
 */
export const stockLocationCoveringIndexMigration: VersionedMigration = {
  name: '0042-stock-location-covering-index',
  async up(db, dialect) {
    if (dialect !== 'sqlite') return;
    await sql`drop index stock_bin_location_idx`.execute(db);
    await sql`create index stock_bin_location_idx on stock (bin_location_id, id, item_id, batch_id, serial_id, on_hand_qty, released_qty, pick_qty, qc_pending_qty)`.execute(
      db,
    );
  },
};
