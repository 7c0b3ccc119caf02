import {
  changePasswordRequestSchema,
  createUserRequestSchema,
  enableTwoFactorRequestSchema,
  erpUsersAnswerSchema,
  okSchema,
  simpleUsersAnswerSchema,
  twoFactorQrAnswerSchema,
  updateUserRequestSchema,
  userIdParamSchema,
  userSchema,
  usersAnswerSchema,
} from '@wms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { anyRole, requirePrincipal, signedIn } from '../../http/access.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { changePassword } from './password.service.js';
import { enableTwoFactor, resetTwoFactor, setupTwoFactor, viewTwoFactor } from './two-factor.service.js';
import * as users from './users.service.js';

const userManager = anyRole('userManager');
const noBody = z.object({}).strict().optional();

/** User administration (spec 02 section 7, Users): list, read, create, update, password, 2FA. */
export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/v1/admin/users',
    { config: userManager, schema: { tags: ['users'], response: { 200: usersAnswerSchema } } },
    async () => users.listUsers(ctx),
  );

  api.get(
    '/api/v1/admin/users/:id',
    { config: signedIn, schema: { tags: ['users'], params: userIdParamSchema, response: { 200: userSchema } } },
    async (request) => users.getUser(ctx, requirePrincipal(request), request.params.id),
  );

  api.post(
    '/api/v1/users/new',
    {
      config: userManager,
      schema: { tags: ['users'], body: createUserRequestSchema, response: { 201: userSchema } },
    },
    async (request, reply) => {
      const result = await users.createUser(ctx, requirePrincipal(request), request.body, idempotencyKeyOf(request));
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );

  api.get(
    '/api/v1/admin/erpUsers',
    { config: userManager, schema: { tags: ['users'], response: { 200: erpUsersAnswerSchema } } },
    async () => users.listErpUsers(ctx),
  );

  api.get(
    '/api/v1/admin/simple_users',
    { config: signedIn, schema: { tags: ['users'], response: { 200: simpleUsersAnswerSchema } } },
    async () => users.listSimpleUsers(ctx),
  );

  api.post(
    '/api/v1/users/:id',
    {
      config: signedIn,
      schema: {
        tags: ['users'],
        params: userIdParamSchema,
        body: updateUserRequestSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => users.updateUser(ctx, requirePrincipal(request), request.params.id, request.body),
  );

  api.post(
    '/api/v1/users/:id/password',
    {
      config: signedIn,
      schema: {
        tags: ['users'],
        params: userIdParamSchema,
        body: changePasswordRequestSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await changePassword(ctx, requirePrincipal(request), request.params.id, request.body, request.ip);
      return { ok: true as const };
    },
  );

  api.post(
    '/api/v1/users/:id/2fa/setup',
    {
      config: userManager,
      schema: { tags: ['users'], params: userIdParamSchema, body: noBody, response: { 200: twoFactorQrAnswerSchema } },
    },
    async (request) => setupTwoFactor(ctx, requirePrincipal(request), request.params.id),
  );

  api.post(
    '/api/v1/users/:id/2fa/view',
    {
      config: userManager,
      schema: { tags: ['users'], params: userIdParamSchema, body: noBody, response: { 200: twoFactorQrAnswerSchema } },
    },
    async (request) => viewTwoFactor(ctx, requirePrincipal(request), request.params.id),
  );

  api.post(
    '/api/v1/users/:id/2fa/reset',
    {
      config: userManager,
      schema: { tags: ['users'], params: userIdParamSchema, body: noBody, response: { 200: userSchema } },
    },
    async (request) => resetTwoFactor(ctx, requirePrincipal(request), request.params.id),
  );

  api.post(
    '/api/v1/users/:id/2fa/enable',
    {
      config: userManager,
      schema: {
        tags: ['users'],
        params: userIdParamSchema,
        body: enableTwoFactorRequestSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => enableTwoFactor(ctx, requirePrincipal(request), request.params.id, request.body.code),
  );
}
