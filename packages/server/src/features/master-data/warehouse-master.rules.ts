import { codeKey, type warehouseCreateRequestSchema } from '@wms/contract';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.js';
import type { WarehouseTable } from '../../db/schema.js';
import type { Intent } from './item-master.rules.js';
import { duplicatesInBatch, error, hasError, type Checked, type Message } from './master-data-rules.js';
import * as repository from './warehouse-master.repository.js';

/**
 * The one check of warehouse drafts (API and importer): the code is new (create) or known
 * (update), a new warehouse has a name, a warehouse whose locations hold stock stays active, and
 * a code appears once per batch.
 */

type CreateFields = z.output<typeof warehouseCreateRequestSchema>;
export type WarehouseDraft = { code: string } & Partial<Omit<CreateFields, 'code'>>;

export type WarehouseWrite =
  | { kind: 'insert'; code: string; row: repository.NewWarehouse }
  | { kind: 'update'; code: string; id: number; changes: Updateable<WarehouseTable> };

function changesOf(draft: WarehouseDraft, row: repository.WarehouseRow): Updateable<WarehouseTable> {
  const changes: Updateable<WarehouseTable> = {};
  if (draft.visualCode !== undefined) changes.visual_code = draft.visualCode ?? row.code;
  if (draft.name !== undefined) changes.name = draft.name;
  if (draft.active !== undefined) changes.active = draft.active ? 1 : 0;
  return changes;
}

export async function checkWarehouseDrafts(
  db: DbOrTx,
  drafts: readonly WarehouseDraft[],
  options: { intent: Intent; rowNumbers?: readonly number[] },
): Promise<Checked<WarehouseWrite>[]> {
  const known = new Map(
    (
      await repository.warehousesByCodeLowers(
        db,
        drafts.map((d) => codeKey(d.code)),
      )
    ).map((row) => [row.code_lower, row]),
  );
  const duplicates = duplicatesInBatch(
    drafts.map((d) => codeKey(d.code)),
    (index) => options.rowNumbers?.[index] ?? index + 1,
  );
  const deactivated = drafts
    .map((draft) => known.get(codeKey(draft.code)))
    .filter((row, index) => row !== undefined && row.active === 1 && drafts[index]!.active === false);
  const withStock = await repository.warehouseIdsWithStock(
    db,
    deactivated.map((row) => row!.id),
  );
  return drafts.map((draft, index) => {
    const messages: Message[] = [];
    const row = known.get(codeKey(draft.code));
    const duplicate = duplicates.get(index);
    if (duplicate) messages.push(error('code', 'duplicateInFile', { value: draft.code, rows: duplicate.firstRow }));
    if (row && options.intent === 'create') messages.push(error('code', 'codeAlreadyExists', { code: row.code }));
    if (!row && options.intent === 'update') messages.push(error('code', 'unknownWarehouse', { code: draft.code }));
    if (!row && draft.name === undefined) messages.push(error('name', 'importValueRequired', {}));
    if (row && draft.active === false && withStock.has(row.id)) {
      messages.push(error('active', 'masterDataHoldsStock', { code: row.code }));
    }
    if (hasError(messages)) return { messages };
    const prepared: WarehouseWrite = row
      ? { kind: 'update', code: row.code, id: row.id, changes: changesOf(draft, row) }
      : {
          kind: 'insert',
          code: draft.code,
          row: {
            code: draft.code,
            code_lower: codeKey(draft.code),
            visual_code: draft.visualCode ?? draft.code,
            name: draft.name ?? draft.code,
            active: draft.active === false ? 0 : 1,
          },
        };
    return { messages, prepared };
  });
}
