import { codeKey } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { barcodeOwners, lockBarcodeKeys, type BarcodeOwner } from './barcode-owners.repository.js';
import { error, type Message } from './master-data-rules.js';

/**
 * A barcode is unique across items, their three slots, and bin locations (PROCESSES.md 8.1): the
 * rule of the item barcode service and of the location barcode edit (features/items
 * item-barcodes.service.ts, features/bin-locations bin-location-edits.service.ts), checked here
 * for a whole batch at once (one query per chunk of barcodes) with the same answers:
 *
 * - another item's code or barcode: 422 barcodeAlreadyAssigned {barcode, owner, itemCode};
 * - for an item barcode, a location's code or barcode: barcodeAlreadyAssigned {barcode, owner,
 *   locationCode};
 * - for a location barcode, another location's code or barcode: barcodeInUse {barcode, owner}.
 *
 * Within a batch a barcode is given once, and is no new record's code.
 */

export type OwnerKind = BarcodeOwner['kind'];

/** One barcode a draft gives its record. */
export interface BarcodeClaim {
  /** The draft's index in the batch. */
  index: number;
  /** The field (column) that holds it: barcode, barcode2, barcode3. */
  field: string;
  barcode: string;
  kind: OwnerKind;
  /** The record's code, and its id when it exists already. */
  ownerCode: string;
  ownerId: number | null;
}

function messageOf(claim: BarcodeClaim, owner: { kind: OwnerKind; code: string }): Message {
  const args = { barcode: claim.barcode, owner: owner.code };
  if (owner.kind === 'ITEM') return error(claim.field, 'barcodeAlreadyAssigned', { ...args, itemCode: owner.code });
  if (claim.kind === 'ITEM') return error(claim.field, 'barcodeAlreadyAssigned', { ...args, locationCode: owner.code });
  return error(claim.field, 'barcodeInUse', args);
}

const isSelf = (claim: BarcodeClaim, owner: BarcodeOwner) =>
  owner.kind === claim.kind && claim.ownerId !== null && owner.id === claim.ownerId;

/**
 * The conflicts per draft index: against the database (read in `db`; with `lock` the barcodes are
 * locked first on PostgreSQL, as the barcode edits lock them), against earlier claims of the batch,
 * and against the codes of the batch's new records (`newCodes`: code key -> code, of `kind`).
 * `lock` belongs to a check inside the writing transaction: it holds the barcodes' locks until the
 * commit, so two transactions assigning one barcode are checked one after the other.
 */
export async function barcodeConflicts(
  ctx: AppContext,
  db: DbOrTx,
  claims: readonly BarcodeClaim[],
  newCodes: { kind: OwnerKind; codes: ReadonlyMap<string, string> },
  options: { lock: boolean },
): Promise<Map<number, Message[]>> {
  const out = new Map<number, Message[]>();
  if (claims.length === 0) return out;
  const keys = claims.map((c) => codeKey(c.barcode));
  if (options.lock && ctx.dialect === 'postgres') await lockBarcodeKeys(db, keys);
  const owners = new Map<string, BarcodeOwner[]>();
  for (const owner of await barcodeOwners(db, keys)) owners.set(owner.key, [...(owners.get(owner.key) ?? []), owner]);
  const firstClaim = new Map<string, BarcodeClaim>();
  claims.forEach((claim, i) => {
    const key = keys[i]!;
    const dbOwner = (owners.get(key) ?? []).find((owner) => !isSelf(claim, owner));
    const earlier = firstClaim.get(key);
    const newCode = newCodes.codes.get(key);
    let message: Message | null = null;
    if (dbOwner) message = messageOf(claim, dbOwner);
    else if (earlier) message = messageOf(claim, { kind: earlier.kind, code: earlier.ownerCode });
    else if (
      newCode !== undefined &&
      !(newCodes.kind === claim.kind && codeKey(newCode) === codeKey(claim.ownerCode))
    ) {
      message = messageOf(claim, { kind: newCodes.kind, code: newCode });
    }
    if (message) out.set(claim.index, [...(out.get(claim.index) ?? []), message]);
    if (!earlier) firstClaim.set(key, claim);
  });
  return out;
}
