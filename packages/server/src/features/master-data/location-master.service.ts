import {
  codeKey,
  type BinLocation,
  type BinLocationPage,
  type binLocationCreateRequestSchema,
  type binLocationUpdateRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { conflict, notFound, preconditionFailed } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { toBinLocation } from '../bin-locations/bin-locations.service.js';
import { publishBinLocationsChanged } from '../items/item-live.js';
import * as repository from './location-master.repository.js';
import { checkLocationDrafts, type LocationWrite } from './location-master.rules.js';
import { ensureMasterDataWritable, pacer, preparedOrThrow } from './master-data-rules.js';

/**
 * Bin locations of the standalone master data (contract master-data.ts). Answers are the bin
 * location view of features/bin-locations; BIN_LOCATION_CHANGED after each commit.
 */

async function withAttributes(db: DbOrTx, rows: readonly repository.LocationRecord[]) {
  const attributes = await repository.attributesOfLocations(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) =>
    toBinLocation(
      row,
      attributes.filter((a) => a.bin_location_id === row.id),
    ),
  );
}

export async function listLocations(ctx: AppContext, query: repository.LocationListFilter): Promise<BinLocationPage> {
  const rows = await repository.listLocations(ctx.db, query);
  return {
    rows: await withAttributes(ctx.db, rows.slice(0, query.limit)),
    offset: query.offset,
    limit: query.limit,
    hasMore: rows.length > query.limit,
  };
}

async function findOrThrow(db: DbOrTx, code: string): Promise<repository.LocationRecord> {
  const [row] = await repository.locationsByCodeLowers(db, [codeKey(code)]);
  if (!row) throw notFound('unknownLocation', { code });
  return row;
}

export async function getLocation(ctx: AppContext, code: string): Promise<BinLocation> {
  const [location] = await withAttributes(ctx.db, [await findOrThrow(ctx.db, code)]);
  return location!;
}

/** Writes checked locations (the API's one, or an import group's) with their attributes. */
export async function writeLocations(tx: Tx, writes: readonly LocationWrite[]): Promise<void> {
  const inserts = writes.flatMap((w) => (w.kind === 'insert' ? [w] : []));
  const inserted = await repository.insertLocations(
    tx,
    inserts.map((w) => w.row),
  );
  const attributes = new Map<number, readonly { name: string; value: string }[]>();
  inserted.forEach((row, i) => {
    const write = inserts[i];
    if (write && write.attributes.length > 0) attributes.set(row.id, write.attributes);
  });
  const pace = pacer();
  for (const write of writes) {
    if (write.kind !== 'update') continue;
    await pace();
    await repository.updateLocation(tx, write.id, write.changes, undefined);
    if (write.attributes) attributes.set(write.id, write.attributes);
  }
  await repository.replaceAttributes(tx, attributes);
}

async function writeOne(ctx: AppContext, code: string, run: (tx: Tx) => Promise<void>): Promise<BinLocation> {
  await ensureMasterDataWritable(ctx);
  const location = await ctx.db
    .transaction()
    .execute(async (tx) => {
      await run(tx);
      const [answer] = await withAttributes(tx, [await findOrThrow(tx, code)]);
      return answer!;
    })
    .catch((cause: unknown) => {
      if (isUniqueViolation(cause)) throw conflict('codeAlreadyExists', { code });
      throw cause;
    });
  publishBinLocationsChanged(ctx, [location.code]);
  return location;
}

export function createLocation(
  ctx: AppContext,
  request: z.output<typeof binLocationCreateRequestSchema>,
): Promise<BinLocation> {
  return writeOne(ctx, request.code, async (tx) => {
    const [checked] = await checkLocationDrafts(ctx, tx, [request], { intent: 'create', lock: true, at: nowIso() });
    await writeLocations(tx, [preparedOrThrow(checked)]);
  });
}

export function updateLocation(
  ctx: AppContext,
  code: string,
  request: z.output<typeof binLocationUpdateRequestSchema>,
): Promise<BinLocation> {
  const { version, ...fields } = request;
  return writeOne(ctx, code, async (tx) => {
    const [checked] = await checkLocationDrafts(ctx, tx, [{ ...fields, code }], {
      intent: 'update',
      lock: true,
      at: nowIso(),
    });
    const write = preparedOrThrow(checked);
    if (write.kind !== 'update') throw new Error('an update prepared an insert');
    if (!(await repository.updateLocation(tx, write.id, write.changes, version))) {
      throw preconditionFailed({ code: write.code });
    }
    if (write.attributes) await repository.replaceAttributes(tx, new Map([[write.id, write.attributes]]));
  });
}
