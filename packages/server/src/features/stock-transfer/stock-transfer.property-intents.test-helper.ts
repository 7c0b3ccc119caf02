import fc from 'fast-check';
import type { StockTransferLine } from '@wms/contract';
import {
  propertyItems,
  propertyLocations,
  serialCodes,
  type PropertyItem,
} from './stock-transfer.property.test-helper.js';

/**
 * The random requests of the transfer property test. A line mostly takes from a stock row the
 * item holds when the request is sent (so many transfers pass); the rest name random codes,
 * unknown ones, wrong batches and serials, too much, the same target, blocked and restricted
 * locations, QC-pending stock and containers (so many are refused).
 */

export type TransferBody =
  { lines: StockTransferLine[]; toLocation: string } | { fromLocation: string; toLocation: string };

export type User = 'manager' | 'operator';
export type Route = 'lines' | 'location' | 'validateRequest';

interface LineIntent {
  item: PropertyItem;
  /** Another code to send: the item lower-cased, or an unknown one. */
  itemCode: string;
  /** Index into the item's stock rows at send time; null: the codes below. */
  fromStock: number | null;
  fromLocation: string;
  batch: string | null;
  serial: string | null;
  quantity: number;
  lowerCase: boolean;
}

export interface Intent {
  route: Route;
  lines: LineIntent[];
  fromLocation: string;
  toLocation: string;
  user: User;
  /** fresh: a new key; same: repeat an earlier request (key, body, user); other: an earlier key with this body. */
  reuse: { kind: 'fresh' } | { kind: 'same' | 'other'; pick: number };
}

const itemCodes = Object.keys(propertyItems) as PropertyItem[];
const usualTargets = ['P-BULK-1', 'P-BULK-2', 'P-PICK-1', 'P-CART-1', 'P-EMPTY-1', 'P-EMPTY-2', 'P-EMPTY-M', 'P-QC'];
const cased = (code: fc.Arbitrary<string>) =>
  fc.tuple(code, fc.boolean()).map(([c, lower]) => (lower ? c.toLowerCase() : c));
const location = cased(
  fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...usualTargets) },
    { weight: 3, arbitrary: fc.constantFrom(...propertyLocations) },
    { weight: 1, arbitrary: fc.constant('P-NOWHERE') },
  ),
);
const quantity = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 12 }) },
  { weight: 3, arbitrary: fc.constantFrom(0.5, 0.125, 2.75, 10.5) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 700 }) },
);

const lineArb: fc.Arbitrary<LineIntent> = fc
  .oneof({ weight: 12, arbitrary: fc.constantFrom(...itemCodes.filter((i) => i !== 'P-OLD')) }, fc.constant('P-OLD'))
  .chain((item) => {
    const spec = propertyItems[item];
    return fc.record({
      item: fc.constant(item),
      itemCode: fc.oneof(
        { weight: 30, arbitrary: cased(fc.constant(item as string)) },
        { weight: 1, arbitrary: fc.constant('P-NOITEM') },
      ),
      fromStock: fc.oneof({ weight: 4, arbitrary: fc.nat() }, fc.constant(null)),
      fromLocation: fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...spec.from) }, location),
      batch:
        spec.batches.length > 0
          ? fc.oneof(
              { weight: 20, arbitrary: fc.constantFrom(...spec.batches) },
              fc.constant(null),
              fc.constant('P-BX'),
            )
          : fc.constant(null),
      serial:
        spec.serials.length > 0
          ? fc.oneof({ weight: 20, arbitrary: fc.constantFrom(...serialCodes) }, fc.constant(null))
          : fc.constant(null),
      quantity:
        spec.serials.length > 0 ? fc.oneof({ weight: 12, arbitrary: fc.constant(1) }, fc.constant(2)) : quantity,
      lowerCase: fc.boolean(),
    });
  });

export const intentArb: fc.Arbitrary<Intent> = fc.record({
  route: fc.oneof(
    { weight: 14, arbitrary: fc.constant<Route>('lines') },
    { weight: 2, arbitrary: fc.constant<Route>('location') },
    { weight: 2, arbitrary: fc.constant<Route>('validateRequest') },
  ),
  lines: fc.oneof(
    { weight: 4, arbitrary: fc.array(lineArb, { minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.array(lineArb, { minLength: 2, maxLength: 3 }) },
  ),
  fromLocation: location,
  toLocation: location,
  user: fc.constantFrom<User[]>('manager', 'manager', 'operator'),
  reuse: fc.oneof(
    { weight: 17, arbitrary: fc.constant({ kind: 'fresh' as const }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('same' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('other' as const), pick: fc.nat() }) },
  ),
});

/** A stock row by codes, as balances() keys it (item|batch|serial|bin). */
export interface StockRowCodes {
  item: string;
  batch: string | null;
  serial: string | null;
  bin: string;
}

export function rowCodesOf(key: string): StockRowCodes {
  const [item = '', batch = '', serial = '', bin = ''] = key.split('|');
  return { item, batch: batch || null, serial: serial || null, bin };
}

/** The request body of an intent, given the stock rows at send time. */
export function bodyOf(intent: Intent, rows: readonly StockRowCodes[]): TransferBody {
  if (intent.route === 'location') return { fromLocation: intent.fromLocation, toLocation: intent.toLocation };
  const lines = intent.lines.map((l): StockTransferLine => {
    const held = rows.filter((r) => r.item === l.item);
    const row = l.fromStock === null || held.length === 0 ? null : held[l.fromStock % held.length];
    const from = row ? row.bin : l.fromLocation;
    return {
      item: l.itemCode,
      fromLocation: l.lowerCase ? from.toLowerCase() : from,
      batch: row ? row.batch : l.batch,
      serial: row ? row.serial : l.serial,
      lot: null,
      quantity: l.quantity,
    };
  });
  return { lines, toLocation: intent.toLocation };
}
