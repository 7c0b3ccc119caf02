import {
  codeKey,
  paddedCodeKey,
  quantityScale,
  type ManagedBy,
  type setManagedByAnswerSchema,
  type setManagedByRequestSchema,
} from '@wms/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import type { Principal } from '../../http/access.js';
import { notFound, preconditionFailed, unprocessable } from '../../http/app-error.js';
import { runIdempotent, type IdempotentResult } from '../../http/idempotency.js';
import { nowIso } from '../../util/time.js';
import { applyStockMovement } from '../stock/stock.service.js';
import { conversionLines, freeSerialCodes, needsConversion, unitsOf, type ConversionRow } from './managed-by-plan.js';
import * as repository from './managed-by.repository.js';
import { publishBinLocationsChanged, publishItemsChanged } from './item-live.js';
import { findItemByCodeLower } from './items.repository.js';

type SetManagedByRequest = z.output<typeof setManagedByRequestSchema>;
type SetManagedByAnswer = z.infer<typeof setManagedByAnswerSchema>;

/** Most serial numbers one conversion creates (one per unit). */
export const maxConversionSerials = 10_000;

function refuseAllocatedStock(itemCode: string, rows: readonly ConversionRow[]): void {
  const allocated = rows.find((r) => r.released > 0 || r.pick > 0);
  if (allocated) {
    throw unprocessable('invalidInput', { reason: 'stockAllocated', code: itemCode, binCode: allocated.binCode });
  }
}

/** The serials for the rows to convert: whole units only, at most maxConversionSerials. */
async function createSerials(
  tx: Tx,
  itemId: number,
  rows: readonly ConversionRow[],
  request: SetManagedByRequest,
  today: string,
): Promise<number[]> {
  const fractional = rows.find((r) => r.onHand % quantityScale !== 0);
  if (fractional) {
    throw unprocessable('invalidInput', {
      reason: 'fractionalQuantity',
      binCode: fractional.binCode,
      quantity: fractional.onHand / quantityScale,
    });
  }
  const units = rows.reduce((sum, r) => sum + unitsOf(r), 0);
  if (units > maxConversionSerials) {
    throw unprocessable('invalidInput', { reason: 'tooManySerials', units, max: maxConversionSerials });
  }
  const codes = freeSerialCodes(
    request.newSerialPrefix,
    units,
    await repository.serialCodeKeysOfItem(tx, itemId),
    paddedCodeKey,
  );
  // Units carrying QC-pending stock (the first ones of a row, as conversionLines assigns it) are not approved.
  const approved = rows.flatMap((r) =>
    Array.from({ length: unitsOf(r) }, (_, unit) => unit >= Math.ceil(r.qcPending / quantityScale)),
  );
  return repository.insertSerials(
    tx,
    itemId,
    codes.map((code, i) => ({
      code,
      codeKey: paddedCodeKey(code),
      lotCode: request.newBatchName,
      admissionDate: today,
      qualityControlApproved: approved[i] ?? true,
    })),
  );
}

/**
 * setManagedBy(itemCode, type, newBatchName, newSerialPrefix): converts the item's management
 * type and its stock in one transaction (see managed-by-plan.ts for how rows are rewritten).
 * Every stock change goes through the stock service as MANAGED_BY_CONVERSION (a minus and a plus
 * line per rewritten row: the item history shows both, the item nets to zero, every bin keeps
 * its total). Refused with 422:
 * - itemAlreadyManagedBy {code, managedBy} for the current type;
 * - invalidInput {reason: 'stockAllocated', code, binCode} while any stock row of the item has
 *   released or picked quantity (a conversion must not lose allocations, so it waits for them);
 * - invalidInput {reason: 'fractionalQuantity', binCode, quantity} to serials from part units;
 * - invalidInput {reason: 'tooManySerials', units, max}.
 * A concurrent conversion of the same item is 412. With an Idempotency-Key a retry answers the
 * first result and converts nothing. ITEM_CHANGED and BIN_LOCATION_CHANGED after the commit.
 */
export async function setManagedBy(
  ctx: AppContext,
  caller: Principal,
  code: string,
  type: ManagedBy,
  request: SetManagedByRequest,
  idempotencyKey: string | undefined,
): Promise<IdempotentResult<SetManagedByAnswer>> {
  let changed: { itemCode: string; binLocationIds: number[] } | null = null;
  const result = await runIdempotent(
    ctx.db,
    {
      scope: 'items.managedBy',
      key: idempotencyKey,
      userId: caller.userId,
      request: { code: codeKey(code), type, ...request },
    },
    async (tx) => {
      const item = await findItemByCodeLower(tx, codeKey(code));
      if (!item) throw notFound('unknownItemForCode', { code });
      if (item.managed_by === type) throw unprocessable('itemAlreadyManagedBy', { code: item.code, managedBy: type });
      const at = nowIso();
      if (!(await repository.switchManagedBy(tx, item.id, item.managed_by, type, at))) {
        throw preconditionFailed({ code: item.code });
      }
      const rows = await repository.stockRowsOfItem(tx, item.id);
      refuseAllocatedStock(item.code, rows);
      const toConvert = rows.filter((r) => needsConversion(r, type));
      const today = at.slice(0, 10);
      const targets = { batchId: null as number | null, serialIds: [] as number[] };
      if (type === 'BATCH_NUMBER' && toConvert.some((r) => r.batchId === null)) {
        targets.batchId = await repository.findOrCreateBatch(tx, item.id, {
          code: request.newBatchName,
          codeKey: paddedCodeKey(request.newBatchName),
          admissionDate: today,
        });
      }
      if (type === 'SERIAL_NUMBER') targets.serialIds = await createSerials(tx, item.id, toConvert, request, today);
      const movement = await applyStockMovement(tx, ctx, {
        type: 'MANAGED_BY_CONVERSION',
        idempotencyKey: idempotencyKey ?? null,
        user: { userId: caller.userId, username: caller.username },
        lines: conversionLines(item.id, toConvert, type, targets),
      });
      changed = { itemCode: item.code, binLocationIds: movement.binLocationIds };
      return { managedBy: type, convertedRows: toConvert.length };
    },
  );
  const published = changed as { itemCode: string; binLocationIds: number[] } | null;
  if (!result.replayed && published) {
    publishItemsChanged(ctx, [published.itemCode]);
    const bins = await repository.binCodesOf(ctx.db, published.binLocationIds);
    publishBinLocationsChanged(
      ctx,
      bins.map((b) => b.code),
    );
  }
  return result;
}
