import type { BinLocation } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../util/time.js';
import { findLocationRowOrThrow, loadBinLocation } from '../bin-locations/bin-locations.service.js';
import { publishBinLocationsChanged } from '../items/item-live.js';
import * as repository from './stock-transfer.repository.js';

/**
 * setBlockStockMovements (the client blocks the targets of QC-pending stock with it once the user
 * has confirmed the transfer): blocking stores the reason, unblocking clears it; the version goes
 * up either way. While blocked, the stock service refuses every physical movement from or to the
 * location (422 stockMovementsBlocked {code, reason}).
 * Answers the location (404 unknownLocation {code}); BIN_LOCATION_CHANGED after the commit.
 */
export async function setBlockStockMovements(
  ctx: AppContext,
  code: string,
  block: boolean,
  reason: string | null,
): Promise<BinLocation> {
  const location = await ctx.db.transaction().execute(async (tx) => {
    const row = await findLocationRowOrThrow(tx, code);
    await repository.setBlockStockMovements(tx, row.id, block, reason, nowIso());
    return loadBinLocation(tx, await findLocationRowOrThrow(tx, row.code));
  });
  publishBinLocationsChanged(ctx, [location.code]);
  return location;
}
