import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sqliteQueryPlans } from './query-plan.test-helper.js';

/**
 * Migration 0037 (decision 0193): the ledger rows of one document are found by the index, not by
 * scanning every movement ever made (a delivery's view, its packing slip, goods returns).
 */
describe('the ledger found by its document', () => {
  const { plan } = sqliteQueryPlans();

  it("reads one delivery's DELIVERY rows through stock_ledger_document_idx", async () => {
    const detail = await plan(
      sql`select bin_location_id, item_id, sum(quantity) from stock_ledger where transaction_type = 'DELIVERY' and document_type = 'DELIVERY' and document_code = 'DL-000001' group by bin_location_id, item_id`,
    );
    expect(detail).toContain('stock_ledger_document_idx');
    expect(detail).not.toMatch(/SCAN stock_ledger\b(?! USING)/);
  });

  it('joins documents to their ledger rows through it', async () => {
    const detail = await plan(
      sql`select count(*) from document d join stock_ledger l on l.document_type = d.type and l.document_code = d.code where d.id = 1`,
    );
    expect(detail).toContain('stock_ledger_document_idx');
  });
});
