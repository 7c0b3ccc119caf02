import { runCompiled } from '../../db/compiled-query.js';
import type { DbOrTx } from '../../db/database.js';

/** A claimable object as stored: a document type and id. */
export interface ObjectKey {
  type: string;
  id: number;
}

/** Who holds an object: the claim it is in and that claim's user. */
export interface HolderRow {
  object_type: string;
  object_id: number;
  claim_id: number;
  kind: string;
  user_id: number;
  username: string;
}

export interface ClaimRow {
  id: number;
  user_id: number;
  username: string;
  kind: string;
  created_at: string;
}

export interface ClaimObjectRow {
  claim_id: number;
  object_type: string;
  object_id: number;
  /** The document's code; null when no document of that type and id exists (any more). */
  code: string | null;
}

/** A test for rows of the object: `rows.some(matchesObject(key))`. */
export const matchesObject = (key: ObjectKey) => (row: { object_type: string; object_id: number }) =>
  row.object_type === key.type && row.object_id === key.id;

export async function insertClaim(tx: DbOrTx, userId: number, kind: string, at: string): Promise<number> {
  const row = await tx
    .insertInto('claim')
    .values({ user_id: userId, kind, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Objects per statement: far below the parameter limits and SQLite's expression depth. */
const chunkSize = 500;

function chunks<T>(values: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < values.length; start += chunkSize) result.push(values.slice(start, start + chunkSize));
  return result;
}

/** The objects as one id list per type (a claim holds few types), in chunks. */
function idsByType(objects: readonly ObjectKey[]): { type: string; ids: number[] }[] {
  const byType = new Map<string, number[]>();
  for (const object of objects) {
    const ids = byType.get(object.type);
    if (ids) ids.push(object.id);
    else byType.set(object.type, [object.id]);
  }
  return [...byType].flatMap(([type, ids]) => chunks(ids).map((part) => ({ type, ids: part })));
}

/**
 * Puts the objects into the claim where no claim holds them yet: a conditional insert (the
 * primary key on (object_type, object_id) decides, never a read). Answers the objects inserted;
 * the others are held by some claim. Objects go in the order given: callers sort them, so two
 * overlapping claims lock their rows in the same order and never deadlock on PostgreSQL.
 */
export async function insertObjectsWhereFree(tx: DbOrTx, claimId: number, objects: readonly ObjectKey[]) {
  const inserted: { object_type: string; object_id: number }[] = [];
  for (const part of chunks(objects)) {
    const rows = await tx
      .insertInto('claim_object')
      .values(part.map((o) => ({ claim_id: claimId, object_type: o.type, object_id: o.id })))
      .onConflict((oc) => oc.columns(['object_type', 'object_id']).doNothing())
      .returning(['object_type', 'object_id'])
      .execute();
    inserted.push(...rows);
  }
  return inserted;
}

/** The claims holding any of the objects, with their users, by object. */
export async function findHolders(db: DbOrTx, objects: readonly ObjectKey[]): Promise<HolderRow[]> {
  const holders: HolderRow[] = [];
  for (const { type, ids } of idsByType(objects)) {
    const rows = await db
      .selectFrom('claim_object')
      .innerJoin('claim', 'claim.id', 'claim_object.claim_id')
      .innerJoin('app_user', 'app_user.id', 'claim.user_id')
      .select([
        'claim_object.object_type',
        'claim_object.object_id',
        'claim_object.claim_id',
        'claim.kind',
        'claim.user_id',
        'app_user.username',
      ])
      .where('claim_object.object_type', '=', type)
      .where('claim_object.object_id', 'in', ids)
      .execute();
    holders.push(...rows);
  }
  return holders.sort((a, b) =>
    a.object_type === b.object_type ? a.object_id - b.object_id : a.object_type < b.object_type ? -1 : 1,
  );
}

/**
 * Locks the claim row for the rest of the transaction (a write that changes nothing), so changes
 * of one claim's objects run one after the other. Answers whether the claim exists.
 */
export async function lockClaim(tx: DbOrTx, claimId: number): Promise<boolean> {
  const result = await tx
    .updateTable('claim')
    .set((eb) => ({ kind: eb.ref('kind') }))
    .where('id', '=', claimId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Locks the claim holding the object when the user holds it (as lockClaim); answers whether the
 * user holds it. One statement, so a manager's removal either happened before (0 rows) or waits.
 */
export async function lockClaimOfHolder(tx: DbOrTx, object: ObjectKey, userId: number): Promise<boolean> {
  // Every step of a claimed work runs it (a pick, a save): compiled once (db/compiled-query.ts).
  const result = await runCompiled(
    tx,
    'claims.lockOfHolder',
    (slot) =>
      tx
        .updateTable('claim')
        .set((eb) => ({ kind: eb.ref('kind') }))
        .where('user_id', '=', slot(0))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('claim_object')
            .select('claim_id')
            .where('object_type', '=', slot(1))
            .where('object_id', '=', slot(2)),
        ),
    [userId, object.type, object.id],
  );
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function deleteClaim(tx: DbOrTx, claimId: number): Promise<boolean> {
  const result = await tx.deleteFrom('claim').where('id', '=', claimId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Moves every object of one claim into another (the same user's claim of the same kind). */
export async function moveObjects(tx: DbOrTx, fromClaimId: number, toClaimId: number): Promise<void> {
  await tx.updateTable('claim_object').set({ claim_id: toClaimId }).where('claim_id', '=', fromClaimId).execute();
}

export async function deleteObject(tx: DbOrTx, claimId: number, object: ObjectKey): Promise<boolean> {
  const result = await tx
    .deleteFrom('claim_object')
    .where('claim_id', '=', claimId)
    .where('object_type', '=', object.type)
    .where('object_id', '=', object.id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes the claim when it holds no object any more (call with the claim locked). */
export async function deleteClaimIfEmpty(tx: DbOrTx, claimId: number): Promise<boolean> {
  const result = await tx
    .deleteFrom('claim')
    .where('id', '=', claimId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('claim_object').select('claim_id').where('claim_id', '=', claimId))))
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

function claimQuery(db: DbOrTx) {
  return db
    .selectFrom('claim')
    .innerJoin('app_user', 'app_user.id', 'claim.user_id')
    .select(['claim.id', 'claim.user_id', 'app_user.username', 'claim.kind', 'claim.created_at']);
}

export function findClaim(db: DbOrTx, claimId: number): Promise<ClaimRow | undefined> {
  return claimQuery(db).where('claim.id', '=', claimId).executeTakeFirst();
}

/** Every claim, oldest first. */
export function listClaims(db: DbOrTx): Promise<ClaimRow[]> {
  return claimQuery(db).orderBy('claim.created_at').orderBy('claim.id').execute();
}

/** The objects of the claims (all claims when claimIds is null), with their document codes. */
export function findClaimObjects(db: DbOrTx, claimIds: readonly number[] | null): Promise<ClaimObjectRow[]> {
  if (claimIds !== null && claimIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('claim_object')
    .leftJoin('document', (join) =>
      join.onRef('document.id', '=', 'claim_object.object_id').onRef('document.type', '=', 'claim_object.object_type'),
    )
    .select(['claim_object.claim_id', 'claim_object.object_type', 'claim_object.object_id', 'document.code']);
  if (claimIds !== null) query = query.where('claim_object.claim_id', 'in', claimIds);
  return query.orderBy('claim_object.object_type').orderBy('claim_object.object_id').execute();
}

/** Deletes the objects from the user's claims; answers the claims they left. */
export async function deleteObjectsOfUser(
  tx: DbOrTx,
  userId: number,
  objects: readonly ObjectKey[],
): Promise<number[]> {
  const claimIds = new Set<number>();
  for (const { type, ids } of idsByType(objects)) {
    const rows = await tx
      .deleteFrom('claim_object')
      .where('claim_id', 'in', (eb) => eb.selectFrom('claim').select('id').where('user_id', '=', userId))
      .where('object_type', '=', type)
      .where('object_id', 'in', ids)
      .returning('claim_id')
      .execute();
    for (const row of rows) claimIds.add(row.claim_id);
  }
  return [...claimIds];
}
