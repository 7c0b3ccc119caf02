import { z } from 'zod';
import { languages } from '../enums.js';
import { roles } from '../roles.js';

/** User settings (spec 02 sections 2, 3 and 5), each with its limit. */
export const userSettingsSchema = z.object({
  preferredLanguage: z.enum(languages).default('en'),
  popupDuration: z.number().int().min(0).max(10_000).default(5000),
  linkableHoldToOpenDuration: z.number().int().min(1).max(10_000).default(1500),
  pickingToSound: z.boolean().default(false),
  menuToggleShortcutKey: z.string().max(40).nullable().default(null),
  menuOnlyOneOpenAtOnce: z.boolean().default(false),
  enableSearchForMenu: z.boolean().default(true),
  menuFavorites: z.array(z.string().max(100)).max(200).default([]),
  allowMultipleTabsActiveOnSameDevice: z.boolean().default(false),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const roleSchema = z.enum(roles);

/** A user as the API shows it; never the password hash or the TOTP secret. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  emailAddress: z.string().nullable(),
  externalId: z.string().nullable(),
  roles: z.array(roleSchema),
  settings: userSettingsSchema,
  totpEnabled: z.boolean(),
  active: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const simpleUserSchema = z.object({ userid: z.number().int(), username: z.string() });
export const erpUserSchema = z.object({ code: z.string(), name: z.string() });

/** GET /api/v1/auth/me and the answer of a successful sign-in. */
export const meAnswerSchema = z.object({
  user: userSchema,
  settings: userSettingsSchema,
  expandedRoles: z.array(roleSchema),
  sessionId: z.number().int().nullable(),
});
export type MeAnswer = z.infer<typeof meAnswerSchema>;
