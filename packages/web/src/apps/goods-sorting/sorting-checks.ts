import {
  fromThousandths,
  sameCode,
  samePaddedCode,
  toThousandths,
  type BinLocation,
  type GoodsSortingStagingLine,
} from '@wms/contract';
import type { ItemIdentification, Notice } from '../../handheld/engine/types.js';
import type { GoodsSortingState } from './sorting-state.js';

/**
 * The checks made at the scan that gives the answer, from what the handheld loaded (the staging
 * rows, the scanned location). The server checks all of it again when the stock moves; these only
 * tell the operator at the right question.
 */

/** A location that refuses stock movements: blocked, or restricted for this user. */
export function locationRuleNotice(location: BinLocation, mayMoveRestricted: boolean): Notice | null {
  if (location.blockStockMovements) {
    return { variant: 'danger', key: 'errors:stockMovementsBlocked', args: { code: location.code } };
  }
  if (location.stockMovementRestricted && !mayMoveRestricted) {
    return { variant: 'danger', key: 'errors:stockMovementRestricted', args: { code: location.code } };
  }
  return null;
}

/** The destination is the staging location itself. */
export function sameAsSourceNotice(state: GoodsSortingState, location: BinLocation): Notice | null {
  return state.source && sameCode(state.source.code, location.code)
    ? { variant: 'danger', key: 'errors:sameSourceAndTarget', args: { code: location.code } }
    : null;
}

/**
 * What can be sorted of a staging row (thousandths): its free-to-move and its QC-pending stock.
 * A row without quantities (blind counting in batching mode) counts as sortable: the server decides.
 */
const sortable = (line: GoodsSortingStagingLine) =>
  line.freeToMoveQty === null || line.qcPendingQty === null
    ? 1
    : toThousandths(line.freeToMoveQty) + toThousandths(line.qcPendingQty);

/** The identified stock as a message names it: the item with its batch or serial. */
export function stockName(identification: ItemIdentification): string {
  return [identification.item.code, identification.serial ?? identification.batch].filter(Boolean).join(' ');
}

/**
 * At the item (level 'item') or once the stock is identified (level 'stock'): the item must be
 * in the staging location, and something of it (of the batch or serial) left to sort.
 */
export function stagingNotice(
  state: GoodsSortingState,
  identification: ItemIdentification,
  level: 'item' | 'stock',
): Notice | null {
  const { source, staging } = state;
  if (!source || !staging) return null;
  const rows = staging.filter((line) => sameCode(line.item, identification.item.code));
  const location = source.code;
  if (rows.length === 0) {
    return {
      variant: 'danger',
      key: 'goodsSorting:itemNotInStaging',
      args: { item: identification.item.code, location },
    };
  }
  const { batch, serial } = identification;
  const matching =
    level === 'item'
      ? rows
      : rows.filter(
          (line) =>
            (serial === null || (line.serial !== null && samePaddedCode(line.serial, serial))) &&
            (batch === null || (line.batch !== null && samePaddedCode(line.batch, batch))),
        );
  if (matching.some((line) => sortable(line) > 0)) return null;
  return {
    variant: 'danger',
    key: 'goodsSorting:nothingToSort',
    args: { item: level === 'item' ? identification.item.code : stockName(identification), location },
  };
}

/** A quantity above what the server proposed to move (all of the stock in staging). */
export function quantityNotice(state: GoodsSortingState, quantity: number): Notice | null {
  const available = state.suggestion ? toThousandths(state.suggestion.quantity) : null;
  const identification = state.identification;
  if (available === null || !identification || quantity <= available) return null;
  return {
    variant: 'danger',
    key: 'goodsSorting:quantityAboveAvailable',
    args: {
      quantity: fromThousandths(quantity),
      available: fromThousandths(available),
      units: identification.item.units ?? '',
      item: stockName(identification),
      location: state.source?.code ?? '',
    },
  };
}
