import { z } from 'zod';
import { liveMessageSchemas } from '../live.js';
import { idParamSchema, okSchema } from './common.js';
import { defineEndpoints, rolesAccess, signedInAccess } from './endpoint.js';

/**
 * Broadcasts: a message from a user with the broadcasting role to all
 * users or listed ones. Delivered live as BROADCAST on /topic/broadcasts and kept as unread
 * until each recipient marks it read.
 */
export const createBroadcastRequestSchema = z.object({
  message: z.string().trim().min(1).max(2000),
  /** Recipients; absent: everyone. */
  userIds: z.array(z.number().int().positive()).min(1).max(500).optional(),
});
export type CreateBroadcastRequest = z.infer<typeof createBroadcastRequestSchema>;

/** A broadcast as its recipients see it (the BROADCAST payload). */
export const broadcastSchema = liveMessageSchemas.BROADCAST;
export type Broadcast = z.infer<typeof broadcastSchema>;

/** The answer to creating a broadcast: also whom it went to (null: everyone). */
export const createdBroadcastSchema = broadcastSchema.extend({ userIds: z.array(z.number().int()).nullable() });
export type CreatedBroadcast = z.infer<typeof createdBroadcastSchema>;

/** GET /api/v1/broadcasts/unread: the caller's unread broadcasts, oldest first. */
export const unreadBroadcastsAnswerSchema = z.array(broadcastSchema);
export type UnreadBroadcastsAnswer = z.infer<typeof unreadBroadcastsAnswerSchema>;

/** The broadcast endpoints: create, the caller's unread ones, mark one read. */
export const broadcastEndpoints = defineEndpoints('broadcasts', {
  create: {
    method: 'POST',
    path: '/api/v1/broadcasts',
    access: rolesAccess('broadcasting'),
    body: createBroadcastRequestSchema,
    answer: createdBroadcastSchema,
    status: 201,
  },
  unread: {
    method: 'GET',
    path: '/api/v1/broadcasts/unread',
    access: signedInAccess,
    answer: unreadBroadcastsAnswerSchema,
  },
  markRead: {
    method: 'POST',
    path: '/api/v1/broadcasts/:id/read',
    access: signedInAccess,
    params: idParamSchema,
    answer: okSchema,
  },
});
