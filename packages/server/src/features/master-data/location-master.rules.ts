import { codeKey, fromThousandths, toThousandths, type binLocationCreateRequestSchema } from '@wms/contract';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import type { BinLocationTable, NewBinLocation } from '../../db/schema.js';
import { newBinLocationRow } from '../items/item-rows.js';
import { barcodeConflicts, type BarcodeClaim } from './barcode-rules.js';
import type { Intent } from './item-master.rules.js';
import * as repository from './location-master.repository.js';
import { duplicatesInBatch, error, hasError, type Checked, type Message } from './master-data-rules.js';
import { warehousesByCodeLowers } from './warehouse-master.repository.js';

/**
 * The one check of bin location drafts (API and importer): the code is new (create) or known
 * (update); a new location names an existing, active warehouse, and a known one stays in its
 * warehouse (locationNotInWarehouse); minimalStockLevel <= maximalStockLevel after the change
 * (minStockGreaterThanMaxStock); the barcode is unique (barcode-rules.ts); a location holding
 * stock stays active; a code appears once per batch. Enumerated fields (location type, physical
 * type, picking strategy) are the contract's enums, checked by the schema or the importer's cell
 * parsing before they get here.
 */

type CreateFields = z.output<typeof binLocationCreateRequestSchema>;
export type LocationDraft = { code: string } & Partial<Omit<CreateFields, 'code'>>;
type Attributes = readonly { name: string; value: string }[];

export type LocationWrite =
  | { kind: 'insert'; code: string; row: NewBinLocation; attributes: Attributes }
  | { kind: 'update'; code: string; id: number; changes: Updateable<BinLocationTable>; attributes?: Attributes };

const levelOf = (value: number | null | undefined) => (value == null ? null : toThousandths(value));

function changesOf(draft: LocationDraft, row: repository.LocationRecord, at: string): Updateable<BinLocationTable> {
  const changes: Updateable<BinLocationTable> = { updated_at: at };
  const bit = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
  const entries: [keyof BinLocationTable, unknown][] = [
    ['visual_code', draft.visualCode === undefined ? undefined : (draft.visualCode ?? row.code)],
    ['barcode', draft.barcode],
    ['barcode_lower', draft.barcode === undefined ? undefined : draft.barcode === null ? null : codeKey(draft.barcode)],
    ['minimal_stock_level', draft.minimalStockLevel === undefined ? undefined : levelOf(draft.minimalStockLevel)],
    ['maximal_stock_level', draft.maximalStockLevel === undefined ? undefined : levelOf(draft.maximalStockLevel)],
    ['location_type', draft.locationType],
    ['physical_location_type', draft.physicalLocationType],
    ['picking_strategy', draft.pickingStrategy],
    ['active', bit(draft.active)],
    ['stock_movement_restricted', bit(draft.stockMovementRestricted)],
    ['sorting_code', draft.sortingCode],
    ['counting_sorting_code', draft.countingSortingCode],
    ['preferred_order_code', draft.preferredOrderCode],
  ];
  for (const [column, value] of entries) if (value !== undefined) Object.assign(changes, { [column]: value });
  return changes;
}

export interface LocationCheckOptions {
  intent: Intent;
  rowNumbers?: readonly number[];
  lock?: boolean;
  at: string;
}

export async function checkLocationDrafts(
  ctx: AppContext,
  db: DbOrTx,
  drafts: readonly LocationDraft[],
  options: LocationCheckOptions,
): Promise<Checked<LocationWrite>[]> {
  const known = new Map(
    (
      await repository.locationsByCodeLowers(
        db,
        drafts.map((d) => codeKey(d.code)),
      )
    ).map((row) => [row.code_lower, row]),
  );
  const warehouses = new Map(
    (
      await warehousesByCodeLowers(
        db,
        drafts.flatMap((d) => (d.warehouseCode ? [codeKey(d.warehouseCode)] : [])),
      )
    ).map((w) => [w.code_lower, w]),
  );
  const duplicates = duplicatesInBatch(
    drafts.map((d) => codeKey(d.code)),
    (index) => options.rowNumbers?.[index] ?? index + 1,
  );
  const results: Checked<LocationWrite>[] = drafts.map(() => ({ messages: [] as Message[] }));
  const claims: BarcodeClaim[] = [];
  const newCodes = new Map<string, string>();
  const deactivated: number[] = [];
  drafts.forEach((draft, index) => {
    const messages = results[index]!.messages;
    const row = known.get(codeKey(draft.code));
    const duplicate = duplicates.get(index);
    if (duplicate) messages.push(error('code', 'duplicateInFile', { value: draft.code, rows: duplicate.firstRow }));
    if (row && options.intent === 'create') messages.push(error('code', 'codeAlreadyExists', { code: row.code }));
    if (!row && options.intent === 'update') messages.push(error('code', 'unknownLocation', { code: draft.code }));
    if (!row) newCodes.set(codeKey(draft.code), draft.code);
    const warehouse = draft.warehouseCode ? warehouses.get(codeKey(draft.warehouseCode)) : undefined;
    if (row && draft.warehouseCode && codeKey(draft.warehouseCode) !== codeKey(row.warehouse_code)) {
      messages.push(
        error('warehouseCode', 'locationNotInWarehouse', { location: row.code, warehouse: draft.warehouseCode }),
      );
    } else if (!row && !draft.warehouseCode) {
      messages.push(error('warehouseCode', 'importValueRequired', {}));
    } else if (!row && !warehouse) {
      messages.push(error('warehouseCode', 'unknownWarehouse', { code: draft.warehouseCode }));
    } else if (!row && warehouse?.active !== 1) {
      messages.push(error('warehouseCode', 'warehouseInactive', { code: warehouse?.code }));
    }
    const min =
      draft.minimalStockLevel !== undefined ? levelOf(draft.minimalStockLevel) : (row?.minimal_stock_level ?? null);
    const max =
      draft.maximalStockLevel !== undefined ? levelOf(draft.maximalStockLevel) : (row?.maximal_stock_level ?? null);
    if (min !== null && max !== null && Number(min) > Number(max)) {
      messages.push(
        error('maximalStockLevel', 'minStockGreaterThanMaxStock', {
          minStock: fromThousandths(min),
          maxStock: fromThousandths(max),
        }),
      );
    }
    if (draft.barcode) {
      claims.push({
        index,
        field: 'barcode',
        barcode: draft.barcode,
        kind: 'LOCATION',
        ownerCode: row?.code ?? draft.code,
        ownerId: row?.id ?? null,
      });
    }
    if (row && draft.active === false && row.active === 1) deactivated.push(index);
  });
  for (const [index, messages] of await barcodeConflicts(
    ctx,
    db,
    claims,
    { kind: 'LOCATION', codes: newCodes },
    {
      lock: options.lock ?? false,
    },
  )) {
    results[index]!.messages.push(...messages);
  }
  const withStock = await repository.locationIdsWithStock(
    db,
    deactivated.map((index) => known.get(codeKey(drafts[index]!.code))!.id),
  );
  for (const index of deactivated) {
    const row = known.get(codeKey(drafts[index]!.code))!;
    if (withStock.has(row.id))
      results[index]!.messages.push(error('active', 'masterDataHoldsStock', { code: row.code }));
  }
  drafts.forEach((draft, index) => {
    const result = results[index]!;
    if (hasError(result.messages)) return;
    const row = known.get(codeKey(draft.code));
    if (row) {
      result.prepared = {
        kind: 'update',
        code: row.code,
        id: row.id,
        changes: changesOf(draft, row, options.at),
        ...(draft.attributes === undefined ? {} : { attributes: draft.attributes }),
      };
      return;
    }
    const warehouse = warehouses.get(codeKey(draft.warehouseCode ?? ''))!;
    result.prepared = {
      kind: 'insert',
      code: draft.code,
      attributes: draft.attributes ?? [],
      row: newBinLocationRow(
        {
          code: draft.code,
          warehouseId: warehouse.id,
          visualCode: draft.visualCode ?? draft.code,
          barcode: draft.barcode ?? null,
          ...(draft.locationType ? { locationType: draft.locationType } : {}),
          ...(draft.physicalLocationType ? { physicalLocationType: draft.physicalLocationType } : {}),
          minimalStockLevel: draft.minimalStockLevel ?? null,
          maximalStockLevel: draft.maximalStockLevel ?? null,
          pickingStrategy: draft.pickingStrategy ?? null,
          ...(draft.active === undefined ? {} : { active: draft.active }),
          ...(draft.stockMovementRestricted === undefined
            ? {}
            : { stockMovementRestricted: draft.stockMovementRestricted }),
          sortingCode: draft.sortingCode ?? null,
          countingSortingCode: draft.countingSortingCode ?? null,
          preferredOrderCode: draft.preferredOrderCode ?? null,
        },
        options.at,
      ),
    };
  });
  return results;
}
