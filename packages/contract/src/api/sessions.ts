import { z } from 'zod';

/** A signed-in session as GET /api/v1/sessions/ lists it; current marks the caller's own. */
export const sessionSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  uniqueSession: z.string().nullable(),
  deviceName: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionsAnswerSchema = z.array(sessionSchema);
