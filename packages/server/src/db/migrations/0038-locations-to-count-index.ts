import { sql } from 'kysely';
import type { VersionedMigration } from './helpers.js';

/**
 * The locations that need counting, found without reading every location (decision 0194): the
 * /wall_to_wall counter counts them after every change of requiresCounting (a count save,
 * setCountingState, a flush), and the counting walk lists them. Partial (requiresCounting YES or
 * PARTIAL only), so it is as small as the work to do and costs nothing for the locations that
 * need no count. A query uses it when it names the literal condition `requires_counting <> 'NO'`
 * (a bound parameter cannot prove the index's condition): countLocationsToCount, flaggedLocations.
 */
export const locationsToCountIndexMigration: VersionedMigration = {
  name: '0038-locations-to-count-index',
  async up(db) {
    await db.schema
      .createIndex('bin_location_to_count_idx')
      .on('bin_location')
      .column('requires_counting')
      .where(sql.ref('requires_counting'), '<>', sql.lit('NO'))
      .execute();
  },
};
