import {
  fromThousandths,
  isExpired,
  sameCode,
  samePaddedCode,
  toThousandths,
  type BinLocation,
  type LocationContentRow,
  type StockTransferLine,
} from '@wms/contract';
import type { ItemIdentification, Notice } from '../../handheld/engine/types.js';

/**
 * The checks a transfer makes at the scan that gives the answer (issue 14 point 23), from what
 * the handheld already loaded: the location itself (blocked, restricted) and the from location's
 * contents (the item there, how much of it can move, an expired batch). The server checks all of
 * it again when the stock moves; these only tell the operator at the right question.
 *
 * "Can move" is what the server takes from a source row: on hand less released and picked stock
 * (free stock first, then QC-pending stock; stock-transfer-lines.ts planLines).
 */

/** A location that refuses stock movements: blocked (with its reason), or restricted for this user. */
export function locationRuleNotice(location: BinLocation, mayMoveRestricted: boolean): Notice | null {
  if (location.blockStockMovements) {
    const reason = location.blockStockMovementsReason?.trim() ?? '';
    return reason
      ? { variant: 'danger', key: 'stockTransfer:locationBlocked', args: { code: location.code, reason } }
      : { variant: 'danger', key: 'errors:stockMovementsBlocked', args: { code: location.code } };
  }
  if (location.stockMovementRestricted && !mayMoveRestricted) {
    return { variant: 'danger', key: 'errors:stockMovementRestricted', args: { code: location.code } };
  }
  return null;
}

type Buckets = Pick<LocationContentRow, 'onHandQty' | 'releasedQty' | 'pickQty'>;

/**
 * What can move of one bucket set, in thousandths. Without quantities (blind counting in batching
 * mode, decision 0189) it is unknown here: unlimited, and the server's own check decides.
 */
const movable = (buckets: Buckets) =>
  buckets.onHandQty === null || buckets.releasedQty === null || buckets.pickQty === null
    ? Number.POSITIVE_INFINITY
    : Math.max(
        0,
        toThousandths(buckets.onHandQty) - toThousandths(buckets.releasedQty) - toThousandths(buckets.pickQty),
      );

function serialRows(rows: readonly LocationContentRow[]) {
  return rows.flatMap((row) => row.batches.flatMap((batch) => batch.serials));
}

/** The item's contents rows on the source; [] when it is not there. */
function rowsOf(contents: readonly LocationContentRow[], itemCode: string): LocationContentRow[] {
  return contents.filter((row) => sameCode(row.item.code, itemCode));
}

/** What of the identified stock can move from the source (thousandths): its serial, batch or the item. */
export function movableOnSource(contents: readonly LocationContentRow[], identification: ItemIdentification): number {
  const rows = rowsOf(contents, identification.item.code);
  const { serial, batch } = identification;
  if (serial !== null) {
    const found = serialRows(rows).find((row) => samePaddedCode(row.code, serial));
    return found ? movable(found) : 0;
  }
  if (batch !== null) {
    return rows
      .flatMap((row) => row.batches)
      .filter((row) => row.code !== null && samePaddedCode(row.code, batch))
      .reduce((sum, row) => sum + movable(row), 0);
  }
  return rows.reduce((sum, row) => sum + movable(row), 0);
}

/** What lines already collected (multi stock transfer) take of the same stock, in thousandths. */
export function reservedBy(
  lines: readonly StockTransferLine[],
  from: string,
  identification: ItemIdentification,
  level: 'item' | 'stock',
): number {
  return lines
    .filter(
      (line) =>
        sameCode(line.fromLocation, from) &&
        sameCode(line.item, identification.item.code) &&
        (level === 'item' ||
          ((line.batch ?? null) === identification.batch && (line.serial ?? null) === identification.serial)),
    )
    .reduce((sum, line) => sum + toThousandths(line.quantity), 0);
}

/** How the identified stock is named in a message: the item, with its batch or serial. */
export function stockName(identification: ItemIdentification): string {
  return [identification.item.code, identification.serial ?? identification.batch].filter(Boolean).join(' ');
}

/**
 * At the item (level 'item': the item is known, its batch or serial may follow) or once the
 * stock is identified (level 'stock'): the item must be on the source, and something of it free
 * to move after what collected lines take.
 */
export function presenceNotice(
  source: { location: BinLocation; contents: readonly LocationContentRow[] },
  identification: ItemIdentification,
  level: 'item' | 'stock',
  collected: readonly StockTransferLine[],
): Notice | null {
  const { location, contents } = source;
  const item = identification.item.code;
  if (rowsOf(contents, item).length === 0) {
    return { variant: 'danger', key: 'stockTransfer:itemNotOnLocation', args: { item, location: location.code } };
  }
  const whole = level === 'item' ? { ...identification, batch: null, serial: null } : identification;
  const left = movableOnSource(contents, whole) - reservedBy(collected, location.code, identification, level);
  if (left > 0) return null;
  return {
    variant: 'danger',
    key: 'stockTransfer:nothingFreeOfItem',
    args: { item: level === 'item' ? item : stockName(identification), location: location.code },
  };
}

/** A quantity above what can move of the identified stock (after collected lines); null when it fits. */
export function quantityNotice(
  source: { location: BinLocation; contents: readonly LocationContentRow[] },
  identification: ItemIdentification,
  quantity: number,
  collected: readonly StockTransferLine[],
): Notice | null {
  const left =
    movableOnSource(source.contents, identification) -
    reservedBy(collected, source.location.code, identification, 'stock');
  if (quantity <= left) return null;
  return {
    variant: 'danger',
    key: 'stockTransfer:quantityAboveFree',
    args: {
      quantity: fromThousandths(quantity),
      free: fromThousandths(Math.max(0, left)),
      units: identification.item.units ?? '',
      item: stockName(identification),
      location: source.location.code,
    },
  };
}

/**
 * The expiration date of the identified batch or serial when it expired (from the source's
 * contents, else from the scanned GS1 barcode); null when it did not or is not known.
 */
export function expiredOn(
  contents: readonly LocationContentRow[] | null,
  identification: ItemIdentification,
  now: Date,
): string | null {
  const { serial, batch } = identification;
  if (serial === null && batch === null) return null;
  const rows = contents ? rowsOf(contents, identification.item.code) : [];
  let date: string | null = null;
  if (serial !== null) date = serialRows(rows).find((row) => samePaddedCode(row.code, serial))?.expirationDate ?? null;
  if (date === null && batch !== null) {
    date =
      rows.flatMap((row) => row.batches).find((row) => row.code !== null && samePaddedCode(row.code, batch))
        ?.expirationDate ?? null;
  }
  date ??= identification.expirationDate;
  return date !== null && isExpired(date, now) ? date.slice(0, 10) : null;
}
