import {
  codeKey,
  type WarehouseMaster,
  type WarehousePage,
  type warehouseCreateRequestSchema,
  type warehouseUpdateRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { conflict, notFound, preconditionFailed } from '../../http/app-error.js';
import type { ListFilter } from './item-master.repository.js';
import { ensureMasterDataWritable, pacer, preparedOrThrow } from './master-data-rules.js';
import * as repository from './warehouse-master.repository.js';
import { checkWarehouseDrafts, type WarehouseWrite } from './warehouse-master.rules.js';

/** Warehouses of the standalone master data (contract master-data.ts). */

export const toWarehouse = (row: repository.WarehouseRow): WarehouseMaster => ({
  code: row.code,
  visualCode: row.visual_code,
  name: row.name,
  active: row.active === 1,
  version: row.version,
});

export async function listWarehouses(ctx: AppContext, query: ListFilter): Promise<WarehousePage> {
  const rows = await repository.listWarehouses(ctx.db, query);
  return {
    rows: rows.slice(0, query.limit).map(toWarehouse),
    offset: query.offset,
    limit: query.limit,
    hasMore: rows.length > query.limit,
  };
}

export async function getWarehouse(ctx: AppContext, code: string): Promise<WarehouseMaster> {
  const [row] = await repository.warehousesByCodeLowers(ctx.db, [codeKey(code)]);
  if (!row) throw notFound('unknownWarehouse', { code });
  return toWarehouse(row);
}

/** Writes checked warehouses (the API's one, or an import group's). */
export async function writeWarehouses(tx: Tx, writes: readonly WarehouseWrite[]): Promise<repository.WarehouseRow[]> {
  const rows = await repository.insertWarehouses(
    tx,
    writes.flatMap((w) => (w.kind === 'insert' ? [w.row] : [])),
  );
  const pace = pacer();
  for (const write of writes) {
    if (write.kind !== 'update') continue;
    await pace();
    const row = await repository.updateWarehouse(tx, write.id, write.changes, undefined);
    if (row) rows.push(row);
  }
  return rows;
}

async function writeOne(
  ctx: AppContext,
  code: string,
  run: (tx: Tx) => Promise<repository.WarehouseRow>,
): Promise<WarehouseMaster> {
  await ensureMasterDataWritable(ctx);
  const row = await ctx.db
    .transaction()
    .execute(run)
    .catch((cause: unknown) => {
      if (isUniqueViolation(cause)) throw conflict('codeAlreadyExists', { code });
      throw cause;
    });
  return toWarehouse(row);
}

export function createWarehouse(
  ctx: AppContext,
  request: z.output<typeof warehouseCreateRequestSchema>,
): Promise<WarehouseMaster> {
  return writeOne(ctx, request.code, async (tx) => {
    const [checked] = await checkWarehouseDrafts(tx, [request], { intent: 'create' });
    const [row] = await writeWarehouses(tx, [preparedOrThrow(checked)]);
    if (!row) throw new Error('warehouse not written');
    return row;
  });
}

export function updateWarehouse(
  ctx: AppContext,
  code: string,
  request: z.output<typeof warehouseUpdateRequestSchema>,
): Promise<WarehouseMaster> {
  const { version, ...fields } = request;
  return writeOne(ctx, code, async (tx) => {
    const [checked] = await checkWarehouseDrafts(tx, [{ ...fields, code }], { intent: 'update' });
    const write = preparedOrThrow(checked);
    if (write.kind !== 'update') throw new Error('an update prepared an insert');
    const row = await repository.updateWarehouse(tx, write.id, write.changes, version);
    if (!row) throw preconditionFailed({ code: write.code });
    return row;
  });
}
