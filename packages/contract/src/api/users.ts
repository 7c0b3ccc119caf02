import { z } from 'zod';
import { languages } from '../enums.js';
import { roles } from '../roles.js';
import { okSchema } from './common.js';
import { defineEndpoints, rolesAccess, signedInAccess } from './endpoint.js';

/** User settings, each with its limit. */
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

type UserSettingsShape = typeof userSettingsSchema.shape;
const userSettingsPatchShape = Object.fromEntries(
  Object.entries(userSettingsSchema.shape).map(([name, field]) => [name, field.unwrap().optional()]),
) as { [K in keyof UserSettingsShape]: z.ZodOptional<ReturnType<UserSettingsShape[K]['unwrap']>> };

/**
 * Some user settings, with the same limits and no defaults (zod applies a default even to an
 * optional field, so a patch built with .partial() would reset every setting it does not name).
 */
export const userSettingsPatchSchema = z.object(userSettingsPatchShape).strict();
export type UserSettingsPatch = z.infer<typeof userSettingsPatchSchema>;

/** A role; its type is `Role` (roles.ts). */
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
export type SimpleUser = z.infer<typeof simpleUserSchema>;
export const erpUserSchema = z.object({ code: z.string(), name: z.string() });
export type ErpUser = z.infer<typeof erpUserSchema>;

/** GET /api/v1/auth/me and the answer of a successful sign-in. */
export const meAnswerSchema = z.object({
  /** The user without settings: they are the answer's own `settings`. */
  user: userSchema.omit({ settings: true }),
  settings: userSettingsSchema,
  expandedRoles: z.array(roleSchema),
  sessionId: z.number().int().nullable(),
});
export type MeAnswer = z.infer<typeof meAnswerSchema>;

/**
 * Passwords: at most this long. The server refuses a new password shorter than its
 * PASSWORD_MIN_LENGTH (passwordTooShort), equal to the username (passwordIsUsername) or among the
 * most common ones (passwordTooCommon); empty only when the system setting allowEmptyPassword is on.
 */
export const maximumPasswordLength = 200;

const usernameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\s/\\]+$/, 'no spaces or slashes');
const passwordSchema = z.string().max(maximumPasswordLength);
const externalIdSchema = z.string().trim().min(1).max(100).nullable();

/** POST /api/v1/users/new (userManager). Honours an Idempotency-Key header. */
export const createUserRequestSchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    roles: z.array(roleSchema).max(roles.length),
    settings: userSettingsPatchSchema.optional(),
    emailAddress: z.email().max(320).nullable().optional(),
    externalId: externalIdSchema.optional(),
  })
  .strict();
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

/**
 * POST /api/v1/users/{id}: what is absent stays as it is. newSettings is merged over the stored
 * settings. version is the user's version the caller read (stale: 412).
 */
export const updateUserRequestSchema = z
  .object({
    version: z.number().int().positive(),
    newExternalId: externalIdSchema.optional(),
    newRoles: z.array(roleSchema).max(roles.length).optional(),
    newSettings: userSettingsPatchSchema.optional(),
  })
  .strict();
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/**
 * POST /api/v1/users/{id}/password. Changing your own password needs the current one
 * (currentPasswordRequired, currentPasswordIncorrect); a userManager setting someone else's does not.
 */
export const changePasswordRequestSchema = z
  .object({ password: passwordSchema, currentPassword: z.string().max(1000).optional() })
  .strict();
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** POST /api/v1/users/{id}/2fa/enable: a code from the authenticator app confirms a setup. */
export const enableTwoFactorRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'six digits'),
  })
  .strict();
export type EnableTwoFactorRequest = z.infer<typeof enableTwoFactorRequestSchema>;

/** POST /api/v1/users/{id}/2fa/setup, view and reset: no body, or an empty object. */
export const twoFactorActionRequestSchema = z.object({}).strict().optional();
export type TwoFactorActionRequest = z.infer<typeof twoFactorActionRequestSchema>;

/** The answer of 2fa/setup and 2fa/view: scan the QR code (or type the secret) into an authenticator app. */
export const twoFactorQrAnswerSchema = z.object({
  otpauthUrl: z.string(),
  qrCodeDataUrl: z.string().describe('data:image/png;base64,...'),
  secret: z.string(),
  enabled: z.boolean(),
});
export type TwoFactorQrAnswer = z.infer<typeof twoFactorQrAnswerSchema>;

export const userIdParamSchema = z.object({ id: z.coerce.number().int().positive() });
export type UserIdParams = z.infer<typeof userIdParamSchema>;
export const usersAnswerSchema = z.array(userSchema);
export type UsersAnswer = z.infer<typeof usersAnswerSchema>;
export const simpleUsersAnswerSchema = z.array(simpleUserSchema);
export type SimpleUsersAnswer = z.infer<typeof simpleUsersAnswerSchema>;
export const erpUsersAnswerSchema = z.array(erpUserSchema);
export type ErpUsersAnswer = z.infer<typeof erpUsersAnswerSchema>;

const userManager = rolesAccess('userManager');

/** User administration: list, read, create, update, password, 2FA. */
export const userEndpoints = defineEndpoints('users', {
  list: { method: 'GET', path: '/api/v1/admin/users', access: userManager, answer: usersAnswerSchema },
  /** A userManager, or the user themself. */
  get: {
    method: 'GET',
    path: '/api/v1/admin/users/:id',
    access: signedInAccess,
    params: userIdParamSchema,
    answer: userSchema,
  },
  /** Honours an Idempotency-Key header (a replay answers with the header idempotent-replayed: true). */
  create: {
    method: 'POST',
    path: '/api/v1/users/new',
    access: userManager,
    body: createUserRequestSchema,
    answer: userSchema,
    status: 201,
  },
  erpUsers: { method: 'GET', path: '/api/v1/admin/erpUsers', access: userManager, answer: erpUsersAnswerSchema },
  simpleUsers: {
    method: 'GET',
    path: '/api/v1/admin/simple_users',
    access: signedInAccess,
    answer: simpleUsersAnswerSchema,
  },
  update: {
    method: 'POST',
    path: '/api/v1/users/:id',
    access: signedInAccess,
    params: userIdParamSchema,
    body: updateUserRequestSchema,
    answer: userSchema,
  },
  changePassword: {
    method: 'POST',
    path: '/api/v1/users/:id/password',
    access: signedInAccess,
    params: userIdParamSchema,
    body: changePasswordRequestSchema,
    answer: okSchema,
  },
  setupTwoFactor: {
    method: 'POST',
    path: '/api/v1/users/:id/2fa/setup',
    access: userManager,
    params: userIdParamSchema,
    body: twoFactorActionRequestSchema,
    answer: twoFactorQrAnswerSchema,
  },
  viewTwoFactor: {
    method: 'POST',
    path: '/api/v1/users/:id/2fa/view',
    access: userManager,
    params: userIdParamSchema,
    body: twoFactorActionRequestSchema,
    answer: twoFactorQrAnswerSchema,
  },
  resetTwoFactor: {
    method: 'POST',
    path: '/api/v1/users/:id/2fa/reset',
    access: userManager,
    params: userIdParamSchema,
    body: twoFactorActionRequestSchema,
    answer: userSchema,
  },
  enableTwoFactor: {
    method: 'POST',
    path: '/api/v1/users/:id/2fa/enable',
    access: userManager,
    params: userIdParamSchema,
    body: enableTwoFactorRequestSchema,
    answer: userSchema,
  },
});
