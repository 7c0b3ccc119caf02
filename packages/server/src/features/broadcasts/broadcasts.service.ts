import {
  topics,
  type AnyLiveMessage,
  type Broadcast,
  type CreateBroadcastRequest,
  type CreatedBroadcast,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/access.js';
import { badRequest, notFound } from '../../http/app-error.js';
import { runIdempotent, type IdempotentResult } from '../../http/idempotency.js';
import type { LiveSubscriber } from '../../live/live-hub.js';
import { nowIso } from '../../util/time.js';
import { findUserRowOrThrow, listSimpleUsers } from '../users/users.service.js';
import * as repository from './broadcasts.repository.js';

/** Most unread broadcasts listed (and re-sent on subscribe) at once. */
const unreadLimit = 100;

type BroadcastRow = { id: number; message: string; created_at: string; from_username: string | null };

function toBroadcast(row: BroadcastRow): Broadcast {
  return { id: row.id, message: row.message, createdAt: row.created_at, from: row.from_username };
}

/**
 * Stores a broadcast to everyone or to listed (active) users, and after the commit delivers it
 * live as BROADCAST on /topic/broadcasts, to the listed users' subscriptions only.
 */
export async function createBroadcast(
  ctx: AppContext,
  caller: Principal,
  request: CreateBroadcastRequest,
  idempotencyKey: string | undefined,
): Promise<IdempotentResult<CreatedBroadcast>> {
  const userIds = request.userIds ? [...new Set(request.userIds)].sort((a, b) => a - b) : null;
  if (userIds) {
    const active = new Set((await listSimpleUsers(ctx)).map((u) => u.userid));
    const unknown = userIds.filter((id) => !active.has(id));
    if (unknown.length > 0) throw badRequest('unknownUser', { userIds: unknown });
  }
  const result = await runIdempotent(
    ctx.db,
    { scope: 'broadcasts.create', key: idempotencyKey, userId: caller.userId, request, status: 201 },
    async (tx) => {
      const createdAt = nowIso();
      const id = await repository.insertBroadcast(tx, {
        message: request.message,
        createdBy: caller.userId,
        targetUserIds: userIds,
        createdAt,
      });
      return { id, message: request.message, createdAt, from: caller.username, userIds };
    },
  );
  if (!result.replayed) {
    const { userIds: recipients, ...payload } = result.body;
    const who = { userid: caller.userId, username: caller.username };
    if (recipients) ctx.live.sendToUsers(recipients, topics.broadcasts(), 'BROADCAST', payload, who);
    else ctx.live.publish(topics.broadcasts(), 'BROADCAST', payload, who);
  }
  return result;
}

/** The user's unread broadcasts since their account was made, oldest first. */
export async function listUnread(ctx: AppContext, userId: number): Promise<Broadcast[]> {
  const user = await findUserRowOrThrow(ctx.db, userId);
  return (await repository.findUnreadFor(ctx.db, userId, user.created_at, unreadLimit)).map(toBroadcast);
}

/** Marks a broadcast addressed to the caller as read (again: no change). */
export async function markRead(ctx: AppContext, caller: Principal, broadcastId: number): Promise<void> {
  const row = await repository.findBroadcastFor(ctx.db, broadcastId, caller.userId);
  if (!row) throw notFound('notFound', { broadcastId });
  await repository.markRead(ctx.db, broadcastId, caller.userId, nowIso());
}

/** A new /topic/broadcasts subscription first gets the user's unread broadcasts. */
export async function unreadOnSubscribe(ctx: AppContext, subscriber: LiveSubscriber | null): Promise<AnyLiveMessage[]> {
  if (!subscriber) return [];
  return (await listUnread(ctx, subscriber.userId)).map((payload) => ({ what: 'BROADCAST', payload }));
}
