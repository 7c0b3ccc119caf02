import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  meAnswerSchema,
  okSchema,
  signinRequestSchema,
  testLdapRequestSchema,
  verifyAnswerSchema,
  verifyRequestSchema,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import { anyRole, publicAccess, requirePrincipal, signedIn } from '../../http/access.js';
import { sessionCookieName } from '../../http/authenticate.js';
import { rateLimited } from '../../http/rate-limit.js';
import { signIn, signOut, testLdap, verifyManager } from './auth.service.js';
import { clientInfo } from './client-info.js';
import { readMeJson } from './me.service.js';
import { sendJsonText } from '../../http/json-text.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';

/** Sign-in, logout, the signed-in user and manager verification (transfer tokens: transfer-token.routes.ts). */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  api.post(
    '/api/v1/auth/signin',
    {
      // A coarse limit per address in front of the per-account throttle of the sign-in service.
      config: { ...publicAccess, ...rateLimited({ name: 'signin', per: 'address', ...ctx.config.rateLimits.signin }) },
      schema: { tags, body: signinRequestSchema, response: { 200: meAnswerSchema } },
    },
    async (request, reply) => {
      const session = await signIn(ctx, request.body, clientInfo(request));
      setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
      return session.me;
    },
  );

  api.post(
    '/api/v1/auth/logout',
    { config: publicAccess, schema: { tags, response: { 200: okSchema } } },
    async (request, reply) => {
      await signOut(ctx, request.cookies[sessionCookieName]);
      clearSessionCookie(reply, ctx.config);
      return { ok: true as const };
    },
  );

  // The answer is sent pre-serialized (see readMeJson); the schema documents it.
  api.get(
    '/api/v1/auth/me',
    { config: signedIn, schema: { tags, response: { 200: meAnswerSchema } } },
    async (request, reply) => sendJsonText(reply, await readMeJson(ctx, requirePrincipal(request))),
  );

  api.post(
    '/api/v1/auth/verify',
    { config: signedIn, schema: { tags, body: verifyRequestSchema, response: { 200: verifyAnswerSchema } } },
    (request) => verifyManager(ctx, request.body, request.ip),
  );

  api.post(
    '/api/v1/auth/test_ldap',
    { config: anyRole('admin'), schema: { tags, body: testLdapRequestSchema, response: { 200: okSchema } } },
    (request) => testLdap(requirePrincipal(request)),
  );
}
