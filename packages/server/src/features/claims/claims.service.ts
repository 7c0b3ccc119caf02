import {
  claimKindRules,
  claimKinds,
  claimObjectTypes,
  type Claim,
  type ClaimKind,
  type ClaimObject,
  type ClaimObjectType,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { hasAnyRole, type Principal } from '../../http/access.js';
import { conflict, forbidden, notFound } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { findUserById } from '../users/user-accounts.service.js';
import { claimNoticeOf, sendClaimNotice, type ClaimNotice } from './claim-notices.js';
import * as repository from './claims.repository.js';
import { matchesObject, type ClaimObjectRow, type ClaimRow, type HolderRow } from './claims.repository.js';

/**
 * Claims (docs/decisions/0169-claims.md): who works on which document. The process apps call
 * this service inside their own transactions:
 * - `claimObjects` when a user starts work (or a manager hands work to a user);
 * - `assertClaimant` before each step that changes the work (a scan, a save, a flush);
 * - `releaseClaim` when the claimant has finished (flushed, cancelled).
 * Managers remove a claim or detach one object (`removeClaim`, `detachClaim`, or their `...In`
 * forms inside a transaction followed by `sendClaimNotice` after the commit); the former claimant
 * gets a WARNING claimRemovedByManager. The work done stays: a claim is only who may go on.
 *
 * Races are settled by the database: an object is in one claim at most (primary key of
 * claim_object), a claim is taken by a conditional insert of its objects, and every change of a
 * claim's objects first locks the claim row.
 */

export { sendClaimNotice, type ClaimNotice } from './claim-notices.js';

/** A claimable object: a document by type and id. */
export interface ClaimTarget {
  type: ClaimObjectType;
  id: number;
}

/** Who holds an object. */
export interface ClaimHolder {
  type: ClaimObjectType;
  id: number;
  claimId: number;
  kind: ClaimKind;
  userId: number;
  username: string;
}

/** A claim with its objects, as stored. */
export interface LoadedClaim {
  row: ClaimRow;
  kind: ClaimKind;
  objects: ClaimObject[];
}

const attemptsAtMost = 3;

function claimKindOf(kind: string): ClaimKind {
  if (!(claimKinds as readonly string[]).includes(kind)) throw new Error(`unknown claim kind ${kind}`);
  return kind as ClaimKind;
}

function objectTypeOf(type: string): ClaimObjectType {
  if (!(claimObjectTypes as readonly string[]).includes(type)) throw new Error(`unknown claim object type ${type}`);
  return type as ClaimObjectType;
}

/** Whether the caller manages claims of the kind: claims for others, removes, detaches. */
export function mayManageClaimKind(caller: Principal, kind: ClaimKind): boolean {
  return hasAnyRole(caller, claimKindRules[kind].managers);
}

const compareTargets = (a: ClaimTarget, b: ClaimTarget) => (a.type === b.type ? a.id - b.id : a.type < b.type ? -1 : 1);

/**
 * The objects once each, sorted (so overlapping claims lock rows in one order), checked against
 * the kind. A wrong type or count is a programming error of the calling feature.
 */
function objectsFor(kind: ClaimKind, objects: readonly ClaimTarget[]): ClaimTarget[] {
  const rule = claimKindRules[kind];
  const unique = [...new Map(objects.map((o) => [`${o.type}:${o.id}`, o])).values()].sort(compareTargets);
  if (unique.length === 0) throw new Error(`a ${kind} claim needs an object`);
  if (!rule.multiObject && unique.length > 1) throw new Error(`a ${kind} claim holds one object`);
  const wrong = unique.find((o) => o.type !== rule.objectType);
  if (wrong) throw new Error(`a ${kind} claim holds ${rule.objectType} objects, not ${wrong.type}`);
  return unique;
}

export interface ClaimObjectsRequest {
  /** Who asks: the user themself, or a manager of the kind claiming for `userId`. */
  caller: Principal;
  /** Who will hold the claim. */
  userId: number;
  kind: ClaimKind;
  objects: readonly ClaimTarget[];
}

export interface ClaimTaken {
  /** The claim holding the objects now. */
  claimId: number;
  /** The objects this call claimed; empty when the user held every one already. */
  added: ClaimTarget[];
}

/**
 * Claims the objects for the user, inside the caller's transaction. All or nothing: when another
 * user holds any of them, nothing is written (also when the caller catches the error) and the
 * answer is 409 claimedByOtherUser {username, objectType, objectId}. The same user claiming again
 * is a no-op success, whatever kind holds the objects; for a multi-object kind the new objects
 * join the user's claim of that kind that holds the others. Claiming for someone else needs the
 * kind's authorisation (403) and an active user (404 unknownUser).
 */
export async function claimObjects(tx: DbOrTx, request: ClaimObjectsRequest): Promise<ClaimTaken> {
  const { caller, userId, kind } = request;
  const objects = objectsFor(kind, request.objects);
  if (userId !== caller.userId) {
    if (!mayManageClaimKind(caller, kind)) throw forbidden('requestForbidden', { kind });
    const user = await findUserById(tx, userId);
    if (!user || user.active !== 1) throw notFound('unknownUser', { userId });
  }
  const claimId = await repository.insertClaim(tx, userId, kind, nowIso());
  const added: ClaimTarget[] = [];
  const ownHolders: HolderRow[] = [];
  let pending = objects;
  for (let attempt = 1; pending.length > 0; attempt++) {
    const inserted = await repository.insertObjectsWhereFree(tx, claimId, pending);
    added.push(...pending.filter((o) => inserted.some(matchesObject(o))));
    const rest = pending.filter((o) => !inserted.some(matchesObject(o)));
    if (rest.length === 0) break;
    const holders = await repository.findHolders(tx, rest);
    const other = holders.find((holder) => holder.user_id !== userId);
    // A holder that let go between the insert and the read is tried again, a few times.
    if (other || attempt === attemptsAtMost) {
      await repository.deleteClaim(tx, claimId);
      const object = other ? { objectType: other.object_type, objectId: other.object_id } : {};
      throw conflict('claimedByOtherUser', { username: other?.username ?? null, ...object });
    }
    ownHolders.push(...holders);
    pending = rest.filter((o) => !holders.some(matchesObject(o)));
  }
  if (added.length === 0) {
    await repository.deleteClaim(tx, claimId);
    return { claimId: (ownHolders[0] as HolderRow).claim_id, added };
  }
  const joined = claimToJoin(kind, ownHolders);
  if (joined !== null && (await repository.lockClaim(tx, joined))) {
    await repository.moveObjects(tx, claimId, joined);
    await repository.deleteClaim(tx, claimId);
    return { claimId: joined, added };
  }
  return { claimId, added };
}

/** The user's one claim of a multi-object kind that already holds some of the objects, if any. */
function claimToJoin(kind: ClaimKind, ownHolders: readonly HolderRow[]): number | null {
  if (!claimKindRules[kind].multiObject || ownHolders.length === 0) return null;
  const ids = new Set(ownHolders.map((holder) => holder.claim_id));
  const [first] = ownHolders;
  return ids.size === 1 && first && first.kind === kind ? first.claim_id : null;
}

/**
 * Checks, inside the caller's transaction, that the user holds the object, and locks that claim
 * until the transaction ends (a manager's removal waits for the step, or came first). Another
 * holder: 409 claimedByOtherUser {username}. Nobody: 409 claimRequired {objectType, objectId}:
 * work is never done on an unclaimed object, so a claimant whose claim a manager removed cannot
 * go on, and nobody starts work without claiming it first.
 */
export async function assertClaimant(tx: DbOrTx, object: ClaimTarget, userId: number): Promise<void> {
  if (await repository.lockClaimOfHolder(tx, object, userId)) return;
  const [holder] = await repository.findHolders(tx, [object]);
  if (holder && holder.user_id === userId && (await repository.lockClaimOfHolder(tx, object, userId))) return;
  if (holder && holder.user_id !== userId) throw conflict('claimedByOtherUser', { username: holder.username });
  throw conflict('claimRequired', { objectType: object.type, objectId: object.id });
}

/**
 * The claimant has finished with the objects: they leave the user's claims, and a claim left
 * without objects goes. Objects the user does not hold are skipped. Answers how many claims
 * were touched.
 */
export async function releaseClaim(
  tx: DbOrTx,
  request: { userId: number; objects: readonly ClaimTarget[] },
): Promise<number> {
  const claimIds = await repository.deleteObjectsOfUser(tx, request.userId, request.objects);
  for (const claimId of claimIds) {
    if (await repository.lockClaim(tx, claimId)) await repository.deleteClaimIfEmpty(tx, claimId);
  }
  return claimIds.length;
}

/** Who holds each of the objects that is claimed (for lists showing the claimant, counters of unclaimed work). */
export async function findClaimHolders(db: DbOrTx, objects: readonly ClaimTarget[]): Promise<ClaimHolder[]> {
  return (await repository.findHolders(db, objects)).map((row) => ({
    type: objectTypeOf(row.object_type),
    id: row.object_id,
    claimId: row.claim_id,
    kind: claimKindOf(row.kind),
    userId: row.user_id,
    username: row.username,
  }));
}

const toClaimObject = (row: ClaimObjectRow): ClaimObject => ({
  type: objectTypeOf(row.object_type),
  id: row.object_id,
  code: row.code,
});

async function loadClaimOrThrow(tx: DbOrTx, claimId: number): Promise<LoadedClaim> {
  const row = await repository.findClaim(tx, claimId);
  if (!row) throw notFound('claimNotFound', { id: claimId });
  const objects = (await repository.findClaimObjects(tx, [claimId])).map(toClaimObject);
  return { row, kind: claimKindOf(row.kind), objects };
}

/** Locks and reads a claim a manager acts on: 404 claimNotFound, 403 without the kind's authorisation. */
async function claimToManage(tx: DbOrTx, manager: Principal, claimId: number): Promise<LoadedClaim> {
  if (!(await repository.lockClaim(tx, claimId))) throw notFound('claimNotFound', { id: claimId });
  const claim = await loadClaimOrThrow(tx, claimId);
  if (!mayManageClaimKind(manager, claim.kind)) throw forbidden('requestForbidden', { kind: claim.kind });
  return claim;
}

/** removeClaim inside a transaction: the whole claim goes. Send the notice after the commit. */
export async function removeClaimIn(tx: DbOrTx, manager: Principal, claimId: number): Promise<ClaimNotice | null> {
  const claim = await claimToManage(tx, manager, claimId);
  await repository.deleteClaim(tx, claimId);
  return claimNoticeOf(claim, claim.objects, manager);
}

/**
 * detachClaim inside a transaction: one object leaves the claim (404 claimObjectNotInClaim when
 * it is not in it); the last one leaving removes the claim. Answers the claim after it (null
 * when it went) and the notice to send after the commit.
 */
export async function detachClaimIn(
  tx: DbOrTx,
  manager: Principal,
  claimId: number,
  object: ClaimTarget,
): Promise<{ claim: LoadedClaim | null; notice: ClaimNotice | null }> {
  const claim = await claimToManage(tx, manager, claimId);
  const detached = claim.objects.find((o) => o.type === object.type && o.id === object.id);
  if (!detached || !(await repository.deleteObject(tx, claimId, object))) {
    throw notFound('claimObjectNotInClaim', { id: claimId, objectType: object.type, objectId: object.id });
  }
  const removed = await repository.deleteClaimIfEmpty(tx, claimId);
  const notice = claimNoticeOf(claim, [detached], manager);
  return { claim: removed ? null : await loadClaimOrThrow(tx, claimId), notice };
}

/** A manager removes a claim (the work done stays); the former claimant is warned after the commit. */
export async function removeClaim(ctx: AppContext, manager: Principal, claimId: number): Promise<void> {
  const notice = await ctx.db.transaction().execute((tx) => removeClaimIn(tx, manager, claimId));
  sendClaimNotice(ctx, notice);
}

/** A manager takes one object out of a claim; answers the claim after it, or null when it went. */
export async function detachClaim(
  ctx: AppContext,
  manager: Principal,
  claimId: number,
  object: ClaimTarget,
): Promise<Claim | null> {
  const { claim, notice } = await ctx.db.transaction().execute((tx) => detachClaimIn(tx, manager, claimId, object));
  sendClaimNotice(ctx, notice);
  return claim && toClaim(claim, manager);
}

function toClaim(claim: LoadedClaim, caller: Principal): Claim {
  return {
    id: claim.row.id,
    userId: claim.row.user_id,
    username: claim.row.username,
    kind: claim.kind,
    createdAt: claim.row.created_at,
    objects: claim.objects,
    manageable: mayManageClaimKind(caller, claim.kind),
  };
}

/** The claim overview: every claim, oldest first, marked manageable where the caller holds the kind's authorisation. */
export async function listClaims(ctx: AppContext, caller: Principal): Promise<Claim[]> {
  const rows = await repository.listClaims(ctx.db);
  const objectsByClaim = new Map<number, ClaimObject[]>();
  for (const object of await repository.findClaimObjects(ctx.db, null)) {
    const list = objectsByClaim.get(object.claim_id) ?? [];
    list.push(toClaimObject(object));
    objectsByClaim.set(object.claim_id, list);
  }
  return rows.map((row) =>
    toClaim({ row, kind: claimKindOf(row.kind), objects: objectsByClaim.get(row.id) ?? [] }, caller),
  );
}
