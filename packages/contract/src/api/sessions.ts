import { z } from 'zod';
import { idParamSchema, okSchema } from './common.js';
import { defineEndpoints, signedInAccess } from './endpoint.js';

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
export type SessionsAnswer = z.infer<typeof sessionsAnswerSchema>;

/** The signed-in sessions: list (a userManager sees every user's) and close. */
export const sessionEndpoints = defineEndpoints('sessions', {
  list: { method: 'GET', path: '/api/v1/sessions/', access: signedInAccess, answer: sessionsAnswerSchema },
  close: {
    method: 'DELETE',
    path: '/api/v1/sessions/:id',
    access: signedInAccess,
    params: idParamSchema,
    answer: okSchema,
  },
});
