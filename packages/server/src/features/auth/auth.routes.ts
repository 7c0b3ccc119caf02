import type { FastifyInstance } from 'fastify';
import { authEndpoints as endpoints } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { requirePrincipal } from '../../http/access.js';
import { sessionCookieName } from '../../http/authenticate.js';
import { route } from '../../http/endpoint-route.js';
import { rateLimited } from '../../http/rate-limit.js';
import { signIn, signOut, testLdap, verifyManager } from './auth.service.js';
import { clientInfo } from './client-info.js';
import { readMeJson } from './me.service.js';
import { sendJsonText } from '../../http/json-text.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';

/** Sign-in, logout, the signed-in user and manager verification (transfer tokens: transfer-token.routes.ts). */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.signin, {
    // A coarse limit per address in front of the per-account throttle of the sign-in service.
    config: rateLimited({ name: 'signin', per: 'address', ...ctx.config.rateLimits.signin }),
    handler: async (request, reply) => {
      const session = await signIn(ctx, request.body, clientInfo(request));
      setSessionCookie(reply, ctx.config, session.token, session.expiresAt);
      return session.me;
    },
  });

  route(app, endpoints.logout, {
    handler: async (request, reply) => {
      await signOut(ctx, request.cookies[sessionCookieName]);
      clearSessionCookie(reply, ctx.config);
      return { ok: true as const };
    },
  });

  // The answer is sent pre-serialized (see readMeJson); the schema documents it.
  route(app, endpoints.me, {
    handler: async (request, reply) => sendJsonText(reply, await readMeJson(ctx, requirePrincipal(request))),
  });

  route(app, endpoints.verify, { handler: (request) => verifyManager(ctx, request.body, request.ip) });

  route(app, endpoints.testLdap, { handler: (request) => testLdap(requirePrincipal(request)) });
}
