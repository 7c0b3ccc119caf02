import { z } from 'zod';
import { liveMessageSchemas } from '../live.js';

/**
 * Broadcasts (spec 02 section 8): a message from a user with the broadcasting role to all
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
