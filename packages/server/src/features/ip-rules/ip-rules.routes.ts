import type { FastifyInstance } from 'fastify';
import { ipRuleEndpoints as endpoints } from '@wms/contract';
import type { AppContext } from '../../context.js';
import { route } from '../../http/endpoint-route.js';
import { accessOf, listBlockedIps, testIp, unblockIp } from './ip-access.service.js';
import { createRule, deleteRule, listRules, updateRule } from './ip-rules.service.js';

/** The OpenAPI tag these routes have always had. */
const tags = ['ip rules'];

/** IP rules (admin CRUD), the caller's own policy, and the blocks of failed sign-ins. */
export function registerIpRuleRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.current, {
    tags,
    handler: async (request) => {
      const { ip, policy, twoFactorRequired, blocked } = await accessOf(ctx, request.ip);
      return { ip, policy, twoFactorRequired, blocked };
    },
  });

  route(app, endpoints.list, { tags, handler: () => listRules(ctx) });

  route(app, endpoints.create, { tags, handler: (request) => createRule(ctx, request.body) });

  route(app, endpoints.update, { tags, handler: (request) => updateRule(ctx, request.params.id, request.body) });

  route(app, endpoints.remove, {
    tags,
    handler: async (request) => {
      await deleteRule(ctx, request.params.id);
      return { ok: true as const };
    },
  });

  route(app, endpoints.blockedIps, { tags, handler: () => listBlockedIps(ctx) });

  route(app, endpoints.unblockIp, {
    tags,
    handler: async (request) => {
      await unblockIp(ctx, request.body.ip);
      return { ok: true as const };
    },
  });

  route(app, endpoints.testIp, { tags, handler: (request) => testIp(ctx, request.body.ip) });
}
