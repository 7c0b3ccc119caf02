import type { PickList } from '@wms/contract';
import type { DbOrTx } from '../../db/database.js';

/**
 * One pick list as the contract's pickListSchema (lines with allocations and picks, containers,
 * claimant), read in the given transaction or database. 404 unknownDocument {type: PICK_LIST, code}.
 * OWNER: the pick helper (S2) replaces this placeholder.
 */
export async function loadPickListView(db: DbOrTx, code: string): Promise<PickList> {
  void db;
  throw new Error(`loadPickListView not built yet (${code})`);
}
