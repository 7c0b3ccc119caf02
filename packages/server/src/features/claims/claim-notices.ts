import { topics, type ClaimKind, type ClaimObject } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';

/** The WARNING a former claimant gets after a manager removed their claim or detached an object. */
export interface ClaimNotice {
  userId: number;
  args: {
    claimId: number;
    kind: ClaimKind;
    /** The objects that left, for the text: their codes (type and id when the document is gone). */
    objects: string;
    /** The same objects, for a client that acts on them (leaves the screen of a list it lost). */
    objectRefs: ClaimObject[];
    manager: string;
  };
}

const label = (object: ClaimObject) => object.code ?? `${object.type} ${object.id}`;

/** The notice for the claimant; null when the manager acted on their own claim (nobody to warn). */
export function claimNoticeOf(
  claim: { row: { id: number; user_id: number }; kind: ClaimKind },
  objects: readonly ClaimObject[],
  manager: Principal,
): ClaimNotice | null {
  if (claim.row.user_id === manager.userId) return null;
  return {
    userId: claim.row.user_id,
    args: {
      claimId: claim.row.id,
      kind: claim.kind,
      objects: objects.map(label).join(', '),
      objectRefs: [...objects],
      manager: manager.username,
    },
  };
}

/** Sends the notice to the former claimant's sessions (/user/queue/errors); call after the commit. */
export function sendClaimNotice(ctx: AppContext, notice: ClaimNotice | null): void {
  if (!notice) return;
  ctx.live.sendToUsers([notice.userId], topics.userErrors(), 'WARNING', {
    key: 'claimRemovedByManager',
    args: notice.args,
  });
}
