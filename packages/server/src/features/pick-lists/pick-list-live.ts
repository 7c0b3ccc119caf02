import type { AppContext } from '../../context.js';

/**
 * After a commit that changed pick lists: publishes {code, status, version} on
 * topics.documents('pick_list') and refreshes the /stock_picking and /pick_and_collect counters
 * (released, unclaimed lists). Never throws (a live failure must not fail the committed request).
 * OWNER: the overview helper (S3) replaces this placeholder.
 */
export async function afterPickListCommit(ctx: AppContext, codes: readonly string[]): Promise<void> {
  void ctx;
  void codes;
}
