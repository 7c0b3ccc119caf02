import type { ApprovingManager, ManagerApproval, Role } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { nowIso } from '../../util/time.js';
import { verifyManager } from './auth.service.js';
import { insertManagerApproval } from './manager-approval.repository.js';

/**
 * Manager approval, shared by every action a manager may allow although it is forbidden (an
 * enforced default location in goods sorting; later over-receipt MANAGER mode). The proof rides
 * in the body of the request that does the action (contract managerApprovalSchema), so the
 * server enforces it instead of trusting an earlier POST /auth/verify.
 *
 * approvedBy checks it exactly as verifyManager does: an empty username or password is 422
 * noManagerLoggedIn; the attempt is counted like a sign-in per address and per account (403
 * ipAddressBlocked / accountSigninBlocked, 429 tooManyRequests), two-factor included; the
 * manager's expanded roles must hold every required role. Refusals about the approving
 * credentials that verify answers with 401 (invalidLoginDetails, the two-factor keys) or 403
 * insufficientRoles are answered 422 with the same key and arguments: the caller is signed in,
 * and a client treats a 401 as its own session being gone. Call it outside the action's
 * transaction (the attempt's counters are written on their own), then record the approval with
 * recordManagerApproval inside it.
 */
export async function approvedBy(
  ctx: AppContext,
  approval: ManagerApproval,
  requiredRoles: readonly Role[],
  ip: string,
): Promise<ApprovingManager> {
  try {
    const verified = await verifyManager(
      ctx,
      {
        username: approval.username,
        password: approval.password,
        mfaToken: approval.mfaToken ?? null,
        requiredRoles: [...requiredRoles],
      },
      ip,
    );
    return { userId: verified.userId, username: verified.username };
  } catch (error) {
    if (error instanceof AppError && (error.status === 401 || error.key === 'insufficientRoles')) {
      throw new AppError(422, error.key, error.args);
    }
    throw error;
  }
}

/** Records who approved what, on the approved action's document reference, in its transaction. */
export async function recordManagerApproval(
  db: DbOrTx,
  input: {
    action: string;
    documentRef: { type: string; code: string };
    approver: ApprovingManager;
    requestedBy: { userId: number | null; username: string };
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await insertManagerApproval(db, {
    action: input.action,
    documentType: input.documentRef.type,
    documentCode: input.documentRef.code,
    approver: input.approver,
    requestedBy: input.requestedBy,
    details: input.details ?? null,
    at: nowIso(),
  });
}
