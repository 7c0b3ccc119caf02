import {
  claimKindRules,
  documentAttachmentRoles,
  pickListEndpoints as endpoints,
  type Access,
  type PickListSummary,
  type Role,
} from '@wms/contract';

/** What the signed-in user may do in /picklists, by role (contract api/pick-lists.ts access). */
export interface PicklistPermissions {
  /** picklistGenerator: create, merge, copy, edit, clear, re-allocate, the creation lock. */
  generate: boolean;
  /** A *ManageClaims holder: claim for someone, removeClaim, detachClaim, promote. */
  manageClaims: boolean;
  /** Flush: a picker or a claim manager (the server checks the claimant). */
  flush: boolean;
  /** markPacked and markUnpacked. */
  pack: boolean;
  /** Add or remove attachments of a pick list. */
  attach: boolean;
  /** Promote: the generator or a claim manager. */
  promote: boolean;
}

/**
 * Read off the contract's tables the server checks: the roles each endpoint admits, the claim
 * managers of PICK_LIST (claimKindRules) and the attachment writers (documentAttachmentRoles).
 */
export function picklistPermissions(hasRole: (role: Role) => boolean): PicklistPermissions {
  const any = (roles: readonly Role[]) => roles.some((role) => hasRole(role));
  const may = (access: Access) => !('anyRole' in access) || any(access.anyRole);
  return {
    generate: may(endpoints.create.access),
    manageClaims: any(claimKindRules.PICK_LIST.managers),
    flush: may(endpoints.flush.access),
    pack: may(endpoints.markPacked.access),
    attach: any(documentAttachmentRoles.PICK_LIST),
    promote: may(endpoints.promote.access),
  };
}

/** The actions of one list's menu. */
export const rowActions = [
  'edit',
  'copy',
  'claim',
  'removeClaim',
  'detachClaim',
  'promote',
  'flush',
  'markPacked',
  'markUnpacked',
  'reallocate',
  'clear',
  'attachments',
] as const;
export type RowAction = (typeof rowActions)[number];

const inProgress = (list: PickListSummary) => list.status === 'RELEASED' || list.status === 'PARTLY_PICKED';

/**
 * The actions the menu offers for a list: by role and by status (PROCESSES.md 3.2): copy splits
 * off the rest of a PARTLY_PICKED list; flush also finishes a PICKED one; the packed flag belongs
 * to PICKED lists. A convenience only: the server checks both and its refusal is shown.
 */
export function allowedRowActions(list: PickListSummary, permissions: PicklistPermissions): RowAction[] {
  const open = inProgress(list);
  const claimed = list.claimedBy !== null;
  const allowed: Record<RowAction, boolean> = {
    edit: permissions.generate && open,
    copy: permissions.generate && list.status === 'PARTLY_PICKED',
    claim: permissions.manageClaims && open && !claimed,
    removeClaim: permissions.manageClaims && claimed,
    detachClaim: permissions.manageClaims && claimed,
    promote: permissions.promote && open,
    flush: permissions.flush && (open || list.status === 'PICKED'),
    markPacked: permissions.pack && !list.packed && list.status === 'PICKED',
    markUnpacked: permissions.pack && list.packed && list.status === 'PICKED',
    reallocate: permissions.generate && open,
    clear: permissions.generate && open,
    attachments: true,
  };
  return rowActions.filter((action) => allowed[action]);
}

/** Lists that may be merged: RELEASED and unclaimed (the server checks warehouse and ship-to). */
export const mergeable = (list: PickListSummary) => list.status === 'RELEASED' && list.claimedBy === null;
