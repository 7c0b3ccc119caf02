import type { PickList } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { forbidden, notFound, unprocessable } from '../../http/app-error.js';
import {
  claimObjects,
  detachClaimIn,
  findClaimHolders,
  mayManageClaimKind,
  releaseClaim,
  removeClaimIn,
  sendClaimNotice,
  type ClaimNotice,
} from '../claims/claims.service.js';
import { findUserByUsername } from '../users/user-accounts.service.js';
import { afterPickListCommit } from './pick-list-live.js';
import { loadPickListView, lockedPickList } from './pick-list-view.js';

/**
 * Claims of pick lists (PROCESSES.md 0.3, 3.2; docs/decisions/0169-claims.md), kind PICK_LIST:
 * - claim: a picker claims a RELEASED or PARTLY_PICKED list for themself (422 picklistNotPickable
 *   {status} otherwise); `forUser` hands it to another user, which needs a *ManageClaims holder
 *   (403 requestForbidden; 404 unknownUser). Another holder: 409 claimedByOtherUser {username};
 *   claiming what one holds already is a no-op.
 * - removeClaim: the claimant lets go of the list, or a manager removes the whole claim holding
 *   it (every list of a pick and collect claim leaves with it); the former claimant is warned
 *   live (claimRemovedByManager). Someone else's claim without the authorisation: 403. An
 *   unclaimed list is answered as it is.
 * - detachClaim: only this list leaves the claim (the other lists of a pick and collect claim
 *   stay claimed); the same rules and the same warning.
 * Every change publishes the list and refreshes the picking counters after the commit.
 */

const objectOf = (head: { id: number }) => ({ type: 'PICK_LIST' as const, id: head.id });

export async function claimPickList(
  ctx: AppContext,
  caller: Principal,
  code: string,
  forUser: string | undefined,
): Promise<PickList> {
  const answer = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, code);
    let userId = caller.userId;
    if (forUser !== undefined && forUser.toLowerCase() !== caller.username.toLowerCase()) {
      if (!mayManageClaimKind(caller, 'PICK_LIST')) throw forbidden('requestForbidden', { kind: 'PICK_LIST' });
      const user = await findUserByUsername(tx, forUser);
      if (!user || user.active !== 1) throw notFound('unknownUser', { username: forUser });
      userId = user.id;
    }
    if (head.status !== 'RELEASED' && head.status !== 'PARTLY_PICKED') {
      throw unprocessable('picklistNotPickable', { status: head.status });
    }
    await claimObjects(tx, { caller, userId, kind: 'PICK_LIST', objects: [objectOf(head)] });
    return loadPickListView(tx, head.code);
  });
  await afterPickListCommit(ctx, [answer.code]);
  return answer;
}

type ClaimChange = 'remove' | 'detach';

/** removeClaim and detachClaim of one list: see the module comment. */
export async function dropPickListClaim(
  ctx: AppContext,
  caller: Principal,
  code: string,
  change: ClaimChange,
): Promise<PickList> {
  const { answer, notice, touched } = await ctx.db.transaction().execute(async (tx) => {
    const head = await lockedPickList(tx, code);
    const [holder] = await findClaimHolders(tx, [objectOf(head)]);
    let notice: ClaimNotice | null = null;
    let touched = [head.code];
    if (holder && holder.userId === caller.userId) {
      // One's own claim: only this list leaves it (a manager's own claim the same).
      await releaseClaim(tx, { userId: caller.userId, objects: [objectOf(head)] });
    } else if (holder && change === 'detach') {
      notice = (await detachClaimIn(tx, caller, holder.claimId, objectOf(head))).notice;
    } else if (holder) {
      notice = await removeClaimIn(tx, caller, holder.claimId);
      touched = [head.code, ...(notice?.args.objectRefs.map((o) => o.code ?? '').filter((c) => c !== '') ?? [])];
    }
    return { answer: await loadPickListView(tx, head.code), notice, touched };
  });
  sendClaimNotice(ctx, notice);
  await afterPickListCommit(ctx, touched);
  return answer;
}
