import { z } from 'zod';
import type { Role } from '../roles.js';
import { idParamSchema, isoDateTime, okSchema } from './common.js';
import { defineEndpoints, rolesAccess } from './endpoint.js';

/**
 * Claims (issue 16, docs/decisions/0169-claims.md): who is working on which document. A claim
 * is its own record (user, kind, objects, time); an object is held by at most one claim, so of
 * two users starting the same work exactly one wins and the other gets 409 claimedByOtherUser
 * {username}.
 * The process apps take and release claims inside their own transactions (the server's claims
 * service); this area is the claim overview (/claimOverview) and the managers' actions on it.
 */
export const claimKinds = [
  'PICK_LIST',
  'PICK_AND_COLLECT',
  'SALES_RETURN',
  'RECOUNT_REQUEST',
  'COUNTING_LIST',
  'REPLENISHMENT_TASK',
] as const;
export type ClaimKind = (typeof claimKinds)[number];

/** What a claim holds: documents of these types, by document id. */
export const claimObjectTypes = [
  'PICK_LIST',
  'SALES_RETURN',
  'RECOUNT_REQUEST',
  'COUNTING_LIST',
  'REPLENISHMENT_TASK',
] as const;
export type ClaimObjectType = (typeof claimObjectTypes)[number];

export interface ClaimKindRule {
  /** The type of every object of a claim of this kind. */
  objectType: ClaimObjectType;
  /** Whether one claim holds several objects (pick and collect: several pick lists on one cart). */
  multiObject: boolean;
  /**
   * The authorisations that manage claims of this kind: claim for someone else, remove a claim,
   * detach one of its objects. Admin holds them all (role hierarchy).
   */
  managers: readonly Role[];
}

/**
 * Each kind, its objects and who manages it, in one table. Replenishment has no authorisation of
 * its own in the spec's list: replenishment tasks feed the pick faces, so the picking claim
 * managers manage them.
 */
export const claimKindRules: Readonly<Record<ClaimKind, ClaimKindRule>> = {
  PICK_LIST: {
    objectType: 'PICK_LIST',
    multiObject: false,
    managers: ['pickingAuthManageClaims', 'picklistOverviewAuthManageClaims'],
  },
  PICK_AND_COLLECT: {
    objectType: 'PICK_LIST',
    multiObject: true,
    managers: ['pickingAuthManageClaims', 'picklistOverviewAuthManageClaims'],
  },
  SALES_RETURN: { objectType: 'SALES_RETURN', multiObject: false, managers: ['salesReturnsAuthManageClaims'] },
  RECOUNT_REQUEST: { objectType: 'RECOUNT_REQUEST', multiObject: false, managers: ['recountingAuthManageClaims'] },
  COUNTING_LIST: { objectType: 'COUNTING_LIST', multiObject: false, managers: ['countingAuthManageClaims'] },
  REPLENISHMENT_TASK: {
    objectType: 'REPLENISHMENT_TASK',
    multiObject: false,
    managers: ['pickingAuthManageClaims', 'picklistOverviewAuthManageClaims'],
  },
};

/**
 * Who sees the claim overview: any *ManageClaims authorisation (admin holds them all). Goods
 * receipt and delivery claim managers see it too, although no kind is theirs yet: several users
 * may work one goods receipt together, so a receipt is not claimed.
 */
export const claimOverviewRoles = [
  'pickingAuthManageClaims',
  'picklistOverviewAuthManageClaims',
  'countingAuthManageClaims',
  'recountingAuthManageClaims',
  'goodsReceiptAuthManageClaims',
  'salesReturnsAuthManageClaims',
  'deliveryAuthManageClaims',
] as const satisfies readonly Role[];

/** One object of a claim: a document by type and id, with its code (null when the document is gone). */
export const claimObjectSchema = z.object({
  type: z.enum(claimObjectTypes),
  id: z.number().int(),
  code: z.string().nullable(),
});
export type ClaimObject = z.infer<typeof claimObjectSchema>;

export const claimSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  kind: z.enum(claimKinds),
  createdAt: isoDateTime,
  objects: z.array(claimObjectSchema),
  /** Whether the caller may remove the claim or detach its objects (holds the kind's authorisation). */
  manageable: z.boolean(),
});
export type Claim = z.infer<typeof claimSchema>;
export const claimListAnswerSchema = z.array(claimSchema);

/** POST /api/v1/claims/{id}/detach: the object that leaves the claim. */
export const claimDetachRequestSchema = z.object({
  objectType: z.enum(claimObjectTypes),
  objectId: z.number().int().positive(),
});
export type ClaimDetachRequest = z.infer<typeof claimDetachRequestSchema>;
/** The claim after the detach; null when its last object left and the claim went with it. */
export const claimDetachAnswerSchema = z.object({ claim: claimSchema.nullable() });

/** The claim endpoints (/claimOverview). */
export const claimEndpoints = defineEndpoints('claims', {
  list: {
    method: 'GET',
    path: '/api/v1/claims',
    access: rolesAccess(...claimOverviewRoles),
    answer: claimListAnswerSchema,
    summary: 'Every claim, oldest first, with its user, kind and objects',
  },
  remove: {
    method: 'POST',
    path: '/api/v1/claims/:id/remove',
    access: rolesAccess(...claimOverviewRoles),
    params: idParamSchema,
    answer: okSchema,
    summary: "Removes the whole claim (the kind's authorisation); the work done stays",
  },
  detach: {
    method: 'POST',
    path: '/api/v1/claims/:id/detach',
    access: rolesAccess(...claimOverviewRoles),
    params: idParamSchema,
    body: claimDetachRequestSchema,
    answer: claimDetachAnswerSchema,
    summary: "Takes one object out of a claim (the kind's authorisation); the last one removes the claim",
  },
});
