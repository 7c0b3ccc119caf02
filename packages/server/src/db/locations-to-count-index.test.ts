import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sqliteQueryPlans } from './query-plan.test-helper.js';

/**
 * Migration 0038: the locations that need counting are found through the partial index
 * bin_location_to_count_idx, not by reading every location (the /wall_to_wall counter after each
 * count save, the counting walk).
 */
describe('the locations that need counting', () => {
  const { plan } = sqliteQueryPlans();

  it('are counted from bin_location_to_count_idx alone', async () => {
    const detail = await plan(sql`select count(*) as n from bin_location where requires_counting <> 'NO'`);
    expect(detail).toContain('COVERING INDEX bin_location_to_count_idx');
  });

  it('are listed for the counting walk through it', async () => {
    const detail = await plan(
      sql`select b.code from bin_location as b inner join warehouse as w on w.id = b.warehouse_id where b.requires_counting <> 'NO' order by b.counting_sorting_code limit 1001`,
    );
    expect(detail).toContain('bin_location_to_count_idx');
  });
});
