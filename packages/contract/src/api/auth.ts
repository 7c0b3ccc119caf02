import { z } from 'zod';
import { sessionPolicies } from '../enums.js';
import { ipRulesAnswerSchema } from './config.js';
import { idParamSchema, isoDateTime, okSchema } from './common.js';
import { defineEndpoints, publicAccess, rolesAccess, signedInAccess } from './endpoint.js';
import { meAnswerSchema, roleSchema } from './users.js';

/** A TOTP code from an authenticator app (6 digits; spaces are tolerated and dropped). */
const mfaTokenSchema = z
  .string()
  .max(20)
  .transform((value) => value.replace(/\s+/g, ''))
  .nullish();

/**
 * POST /api/v1/auth/signin. The password may be empty only when the setting allowEmptyPassword
 * is on (checked by the server, which answers 400 listing the password field otherwise).
 * deviceName is the device's configured name, recorded on the session.
 */
export const signinRequestSchema = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().max(1000),
  mfaToken: mfaTokenSchema,
  deviceName: z.string().trim().max(100).nullish(),
});
export type SigninRequest = z.infer<typeof signinRequestSchema>;

/** POST /api/v1/auth/verify: a manager confirms an action with their own credentials. */
/** An empty username or password is refused with noManagerLoggedIn (422), not a 400. */
export const verifyRequestSchema = z.object({
  username: z.string().trim().max(200),
  password: z.string().max(1000),
  mfaToken: mfaTokenSchema,
  requiredRoles: z.array(roleSchema).max(200),
});
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

/**
 * A manager's approval carried in the body of the action it allows (an enforced default location
 * in goods sorting; later over-receipt MANAGER mode). The server checks it as POST verify does,
 * counted like a sign-in (features/auth/manager-approval.service.ts approvedBy) and records the
 * approving manager on what was approved. The action's endpoint says which roles it needs.
 */
export const managerApprovalSchema = z.object({
  username: z.string().trim().max(200),
  password: z.string().max(1000),
  mfaToken: mfaTokenSchema,
});
export type ManagerApproval = z.input<typeof managerApprovalSchema>;

/** The manager who approved an action, as its answer reports it. */
export const approvingManagerSchema = z.object({ userId: z.number().int(), username: z.string() });
export type ApprovingManager = z.infer<typeof approvingManagerSchema>;

export const verifyAnswerSchema = z.object({
  verified: z.literal(true),
  userId: z.number().int(),
  username: z.string(),
});
export type VerifyAnswer = z.infer<typeof verifyAnswerSchema>;

/** The in-app path the other device opens after signing in: absolute, same origin. */
export const appPathSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])/, 'must be a path of this app starting with a single /');
export type AppPath = z.infer<typeof appPathSchema>;

export const transferTokenCreateParamsSchema = z.object({ deviceName: z.string().max(100) });
export type TransferTokenCreateParams = z.infer<typeof transferTokenCreateParamsSchema>;
/** A device listener's pairing secret (DEVICE_PAIRING) or reference (REQUEST_SESSION_TAKEOVER). */
const pairingSchema = z.string().trim().min(16).max(200);
/**
 * pairing: the secret from the device's identification code (a scan); listener: the reference
 * from a REQUEST_SESSION_TAKEOVER. One of them is required (400 devicePairingRequired).
 */
export const transferTokenCreateRequestSchema = z.object({
  path: appPathSchema,
  pairing: pairingSchema.optional(),
  listener: pairingSchema.optional(),
});
export const transferTokenCreateAnswerSchema = z.object({ expiresAt: isoDateTime });
export type TransferTokenCreateAnswer = z.infer<typeof transferTokenCreateAnswerSchema>;

/** pairing: the secret of the listener the token was sent to; any other is refused. */
export const transferTokenUseRequestSchema = z.object({ token: z.string().min(1).max(200), pairing: pairingSchema });
export const transferTokenUseAnswerSchema = meAnswerSchema.extend({ path: z.string() });
export type TransferTokenUseAnswer = z.infer<typeof transferTokenUseAnswerSchema>;
export type TransferTokenCreateRequest = z.infer<typeof transferTokenCreateRequestSchema>;
export type TransferTokenUseRequest = z.infer<typeof transferTokenUseRequestSchema>;

/** An IP address, v4 or v6 (validated by the server, which answers 400 on a bad one). */
export const ipAddressSchema = z.string().trim().min(2).max(64);
export type IpAddress = z.infer<typeof ipAddressSchema>;

export const blockedIpSchema = z.object({
  ip: z.string(),
  failures: z.number().int(),
  blockedUntil: isoDateTime,
});
export type BlockedIp = z.infer<typeof blockedIpSchema>;
export const blockedIpListAnswerSchema = z.array(blockedIpSchema);
export const unblockIpRequestSchema = z.object({ ip: ipAddressSchema });
export type BlockedIpListAnswer = z.infer<typeof blockedIpListAnswerSchema>;
export type UnblockIpRequest = z.infer<typeof unblockIpRequestSchema>;

/** IP rules: a CIDR range (or one address) mapped to a session policy; first match wins. */
export const ipRuleSchema = z.object({
  id: z.number().int(),
  cidr: z.string(),
  policy: z.enum(sessionPolicies),
  description: z.string().nullable(),
  sortOrder: z.number().int(),
  version: z.number().int(),
  createdAt: isoDateTime,
});
export type IpRule = z.infer<typeof ipRuleSchema>;
export const ipRuleListAnswerSchema = z.array(ipRuleSchema);
export type IpRuleListAnswer = z.infer<typeof ipRuleListAnswerSchema>;

export const ipRuleCreateRequestSchema = z.object({
  cidr: z.string().trim().min(2).max(64),
  policy: z.enum(sessionPolicies),
  description: z.string().trim().max(500).nullish(),
  /** Position in the evaluation order (ascending); defaults to after every existing rule. */
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000).optional(),
});
export type IpRuleCreateRequest = z.infer<typeof ipRuleCreateRequestSchema>;

/** Update: the fields to change plus the version read (a stale version gets 412). */
export const ipRuleUpdateRequestSchema = ipRuleCreateRequestSchema.partial().extend({
  version: z.number().int().positive(),
});
export type IpRuleUpdateRequest = z.infer<typeof ipRuleUpdateRequestSchema>;

export const testIpRequestSchema = z.object({ ip: ipAddressSchema });
export type TestIpRequest = z.infer<typeof testIpRequestSchema>;

/** POST /api/v1/auth/test_ip: what applies to an address. blocked: by a BLOCK rule or by failures. */
export const testIpAnswerSchema = ipRulesAnswerSchema.extend({
  rule: ipRuleSchema.nullable(),
  blockedByFailures: z.boolean(),
  failures: z.number().int(),
  blockedUntil: isoDateTime.nullable(),
});
export type TestIpAnswer = z.infer<typeof testIpAnswerSchema>;

/** POST /api/v1/auth/test_ldap: accepted for compatibility; there is no LDAP (422 ldapNotConfigured). */
export const testLdapRequestSchema = z.record(z.string(), z.unknown()).nullish();
export type TestLdapRequest = z.infer<typeof testLdapRequestSchema>;

/** A device name: part of a live destination, so no slashes or control characters. */
export const deviceNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine(
    (name) => !/[/\\]/.test(name) && [...name].every((character) => character.charCodeAt(0) >= 32),
    'no slashes or control characters',
  );
export type DeviceName = z.infer<typeof deviceNameSchema>;

/** A signed-out device (toDeviceName) asks the signed-in device fromDeviceName for its session. */
export const sessionTakeoverRequestSchema = z.object({
  fromDeviceName: deviceNameSchema,
  toDeviceName: deviceNameSchema,
  /** The asking device's pairing secret: the transfer token will reach only its listener. */
  pairing: pairingSchema,
});
export type SessionTakeoverRequest = z.infer<typeof sessionTakeoverRequestSchema>;

/** Sign-in, logout, the signed-in user, manager verification, session transfer and takeover. */
export const authEndpoints = defineEndpoints('auth', {
  signin: {
    method: 'POST',
    path: '/api/v1/auth/signin',
    access: publicAccess,
    body: signinRequestSchema,
    answer: meAnswerSchema,
  },
  logout: { method: 'POST', path: '/api/v1/auth/logout', access: publicAccess, answer: okSchema },
  me: { method: 'GET', path: '/api/v1/auth/me', access: signedInAccess, answer: meAnswerSchema },
  verify: {
    method: 'POST',
    path: '/api/v1/auth/verify',
    access: signedInAccess,
    body: verifyRequestSchema,
    answer: verifyAnswerSchema,
  },
  testLdap: {
    method: 'POST',
    path: '/api/v1/auth/test_ldap',
    access: rolesAccess('admin'),
    body: testLdapRequestSchema,
    answer: okSchema,
  },
  createTransferToken: {
    method: 'POST',
    path: '/api/v1/auth/transfer_token/create/:deviceName',
    access: signedInAccess,
    params: transferTokenCreateParamsSchema,
    body: transferTokenCreateRequestSchema,
    answer: transferTokenCreateAnswerSchema,
  },
  useTransferToken: {
    method: 'POST',
    path: '/api/v1/auth/transfer_token/use',
    access: publicAccess,
    body: transferTokenUseRequestSchema,
    answer: transferTokenUseAnswerSchema,
  },
  requestSessionTakeover: {
    method: 'POST',
    path: '/api/v1/auth/session_takeover/request',
    access: publicAccess,
    body: sessionTakeoverRequestSchema,
    answer: okSchema,
  },
});

/** IP rules (admin CRUD), the caller's own policy, and the blocks of failed sign-ins. */
export const ipRuleEndpoints = defineEndpoints('ipRules', {
  /** The policy of the calling address (public: the login needs it before sign-in). */
  current: { method: 'GET', path: '/api/v1/config/ipRules', access: publicAccess, answer: ipRulesAnswerSchema },
  list: { method: 'GET', path: '/api/v1/admin/ip_rules', access: rolesAccess('admin'), answer: ipRuleListAnswerSchema },
  create: {
    method: 'POST',
    path: '/api/v1/admin/ip_rules',
    access: rolesAccess('admin'),
    body: ipRuleCreateRequestSchema,
    answer: ipRuleSchema,
  },
  update: {
    method: 'POST',
    path: '/api/v1/admin/ip_rules/:id',
    access: rolesAccess('admin'),
    params: idParamSchema,
    body: ipRuleUpdateRequestSchema,
    answer: ipRuleSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/v1/admin/ip_rules/:id',
    access: rolesAccess('admin'),
    params: idParamSchema,
    answer: okSchema,
  },
  blockedIps: {
    method: 'GET',
    path: '/api/v1/auth/admin/blocked-ip-list',
    access: rolesAccess('admin'),
    answer: blockedIpListAnswerSchema,
  },
  unblockIp: {
    method: 'POST',
    path: '/api/v1/auth/admin/blocked-ip-list/unblock',
    access: rolesAccess('admin'),
    body: unblockIpRequestSchema,
    answer: okSchema,
  },
  testIp: {
    method: 'POST',
    path: '/api/v1/auth/test_ip',
    access: rolesAccess('admin'),
    body: testIpRequestSchema,
    answer: testIpAnswerSchema,
  },
});
