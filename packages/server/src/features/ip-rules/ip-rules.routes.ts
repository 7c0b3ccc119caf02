import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blockedIpListAnswerSchema,
  idParamSchema,
  ipRuleCreateRequestSchema,
  ipRuleListAnswerSchema,
  ipRuleSchema,
  ipRuleUpdateRequestSchema,
  ipRulesAnswerSchema,
  okSchema,
  testIpAnswerSchema,
  testIpRequestSchema,
  unblockIpRequestSchema,
} from '@wms/contract';
import type { AppContext } from '../../context.js';
import { anyRole, publicAccess } from '../../http/access.js';
import { accessOf, listBlockedIps, testIp, unblockIp } from './ip-access.service.js';
import { createRule, deleteRule, listRules, updateRule } from './ip-rules.service.js';

/** IP rules (admin CRUD), the caller's own policy, and the blocks of failed sign-ins. */
export function registerIpRuleRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ip rules'];

  api.get(
    '/api/v1/config/ipRules',
    { config: publicAccess, schema: { tags, response: { 200: ipRulesAnswerSchema } } },
    async (request) => {
      const { ip, policy, twoFactorRequired, blocked } = await accessOf(ctx, request.ip);
      return { ip, policy, twoFactorRequired, blocked };
    },
  );

  api.get(
    '/api/v1/admin/ip_rules',
    { config: anyRole('admin'), schema: { tags, response: { 200: ipRuleListAnswerSchema } } },
    () => listRules(ctx),
  );

  api.post(
    '/api/v1/admin/ip_rules',
    {
      config: anyRole('admin'),
      schema: { tags, body: ipRuleCreateRequestSchema, response: { 200: ipRuleSchema } },
    },
    (request) => createRule(ctx, request.body),
  );

  api.post(
    '/api/v1/admin/ip_rules/:id',
    {
      config: anyRole('admin'),
      schema: { tags, params: idParamSchema, body: ipRuleUpdateRequestSchema, response: { 200: ipRuleSchema } },
    },
    (request) => updateRule(ctx, request.params.id, request.body),
  );

  api.delete(
    '/api/v1/admin/ip_rules/:id',
    { config: anyRole('admin'), schema: { tags, params: idParamSchema, response: { 200: okSchema } } },
    async (request) => {
      await deleteRule(ctx, request.params.id);
      return { ok: true as const };
    },
  );

  api.get(
    '/api/v1/auth/admin/blocked-ip-list',
    { config: anyRole('admin'), schema: { tags, response: { 200: blockedIpListAnswerSchema } } },
    () => listBlockedIps(ctx),
  );

  api.post(
    '/api/v1/auth/admin/blocked-ip-list/unblock',
    { config: anyRole('admin'), schema: { tags, body: unblockIpRequestSchema, response: { 200: okSchema } } },
    async (request) => {
      await unblockIp(ctx, request.body.ip);
      return { ok: true as const };
    },
  );

  api.post(
    '/api/v1/auth/test_ip',
    { config: anyRole('admin'), schema: { tags, body: testIpRequestSchema, response: { 200: testIpAnswerSchema } } },
    (request) => testIp(ctx, request.body.ip),
  );
}
