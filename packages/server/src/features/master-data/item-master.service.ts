import {
  codeKey,
  type Item,
  type ItemPage,
  type itemCreateRequestSchema,
  type itemUpdateRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { ItemRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { conflict, notFound, preconditionFailed } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { publishItemsChanged } from '../items/item-live.js';
import { toItem } from '../items/items.service.js';
import * as repository from './item-master.repository.js';
import { checkItemDrafts, type ItemDraft, type ItemWrite } from './item-master.rules.js';
import { ensureMasterDataWritable, pacer, preparedOrThrow } from './master-data-rules.js';

/**
 * Items of the standalone master data (contract master-data.ts). Each write checks its draft with
 * checkItemDrafts inside its transaction, writes it, and publishes ITEM_CHANGED after the commit;
 * on SQLite the item table's triggers move the master-data generation, so the cached item
 * lookups (find, autocomplete) answer the new fields at once.
 */

type ListQuery = repository.ListFilter;

export async function listItems(ctx: AppContext, query: ListQuery): Promise<ItemPage> {
  const rows = await repository.listItems(ctx.db, query);
  return {
    rows: rows.slice(0, query.limit).map(toItem),
    offset: query.offset,
    limit: query.limit,
    hasMore: rows.length > query.limit,
  };
}

export async function getItem(ctx: AppContext, code: string): Promise<Item> {
  const [row] = await repository.itemsByCodeLowers(ctx.db, [codeKey(code)]);
  if (!row) throw notFound('unknownItemForCode', { code });
  return toItem(row);
}

/** Writes checked items (the API's one, or an import group's): inserts in multi-row statements. */
export async function writeItems(tx: Tx, writes: readonly ItemWrite[]): Promise<ItemRow[]> {
  const inserts = writes.flatMap((w) => (w.kind === 'insert' ? [w.row] : []));
  const rows = await repository.insertItems(tx, inserts);
  const pace = pacer();
  for (const write of writes) {
    if (write.kind !== 'update') continue;
    await pace();
    const row = await repository.updateItem(tx, write.id, write.changes, undefined);
    if (row) rows.push(row);
  }
  return rows;
}

async function writeOne(ctx: AppContext, code: string, run: (tx: Tx) => Promise<ItemRow>): Promise<Item> {
  await ensureMasterDataWritable(ctx);
  const row = await ctx.db
    .transaction()
    .execute(run)
    .catch((cause: unknown) => {
      // A concurrent create of the same code between the check and the insert.
      if (isUniqueViolation(cause)) throw conflict('codeAlreadyExists', { code });
      throw cause;
    });
  publishItemsChanged(ctx, [row.code]);
  return toItem(row);
}

export function createItem(ctx: AppContext, request: z.output<typeof itemCreateRequestSchema>): Promise<Item> {
  return writeOne(ctx, request.code, async (tx) => {
    const [checked] = await checkItemDrafts(ctx, tx, [request], { intent: 'create', lock: true, at: nowIso() });
    const [row] = await writeItems(tx, [preparedOrThrow(checked)]);
    if (!row) throw new Error('item not written');
    return row;
  });
}

export function updateItem(
  ctx: AppContext,
  code: string,
  request: z.output<typeof itemUpdateRequestSchema>,
): Promise<Item> {
  const { version, ...fields } = request;
  const draft: ItemDraft = { ...fields, code };
  return writeOne(ctx, code, async (tx) => {
    const [checked] = await checkItemDrafts(ctx, tx, [draft], { intent: 'update', lock: true, at: nowIso() });
    const write = preparedOrThrow(checked);
    if (write.kind !== 'update') throw new Error('an update prepared an insert');
    const row = await repository.updateItem(tx, write.id, write.changes, version);
    if (!row) throw preconditionFailed({ code: write.code });
    return row;
  });
}
