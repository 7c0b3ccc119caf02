import type { IpRule, IpRuleCreateRequest, IpRuleUpdateRequest, SessionPolicy } from '@wms/contract';
import { sessionPolicies } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { IpRuleRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/app-error.js';
import { expectOneUpdated } from '../../http/optimistic-lock.js';
import { nowIso } from '../../util/time.js';
import { cidrContains, parseCidr, parseIp, type CidrRange } from '../../util/cidr.js';
import * as repository from './ip-rules.repository.js';

function policyOf(value: string): SessionPolicy {
  return (sessionPolicies as readonly string[]).includes(value) ? (value as SessionPolicy) : 'BLOCK';
}

export function toIpRule(row: IpRuleRow): IpRule {
  return {
    id: row.id,
    cidr: row.cidr,
    policy: policyOf(row.policy),
    description: row.description,
    sortOrder: row.sort_order,
    version: row.version,
    createdAt: row.created_at,
  };
}

/** 400 listing the field when the text is not a CIDR range or address. */
function cidrOrThrow(text: string): CidrRange {
  const range = parseCidr(text);
  if (!range) {
    throw badRequest('invalidInput', {
      fields: [{ field: 'body.cidr', message: 'not an IPv4 or IPv6 address or CIDR range (such as 10.0.0.0/8)' }],
    });
  }
  return range;
}

export async function listRules(ctx: AppContext): Promise<IpRule[]> {
  return (await repository.listIpRules(ctx.db)).map(toIpRule);
}

async function findRuleOrThrow(ctx: AppContext, id: number) {
  const row = await repository.findIpRuleById(ctx.db, id);
  if (!row) throw notFound('notFound', { ipRule: id });
  return row;
}

export async function createRule(ctx: AppContext, input: IpRuleCreateRequest): Promise<IpRule> {
  const range = cidrOrThrow(input.cidr);
  const id = await ctx.db.transaction().execute(async (tx) =>
    repository.insertIpRule(
      tx,
      {
        cidr: range.text,
        policy: input.policy,
        description: input.description || null,
        sortOrder: input.sortOrder ?? (await repository.nextSortOrder(tx)),
      },
      nowIso(),
    ),
  );
  return toIpRule(await findRuleOrThrow(ctx, id));
}

export async function updateRule(ctx: AppContext, id: number, input: IpRuleUpdateRequest): Promise<IpRule> {
  const current = await findRuleOrThrow(ctx, id);
  const cidr = input.cidr === undefined ? current.cidr : cidrOrThrow(input.cidr).text;
  const result = await repository.updateIpRule(ctx.db, id, input.version, {
    cidr,
    policy: input.policy ?? current.policy,
    description: input.description === undefined ? current.description : input.description || null,
    sortOrder: input.sortOrder ?? current.sort_order,
  });
  expectOneUpdated(result, { currentVersion: current.version });
  return toIpRule(await findRuleOrThrow(ctx, id));
}

export async function deleteRule(ctx: AppContext, id: number): Promise<void> {
  if (!(await repository.deleteIpRule(ctx.db, id))) throw notFound('notFound', { ipRule: id });
}

export interface PolicyMatch {
  policy: SessionPolicy;
  /** The first rule whose range holds the address; null when the default policy applies. */
  rule: IpRule | null;
}

/** The session policy of an address: the first matching rule's, else settings.defaultSessionPolicy. */
export async function policyFor(ctx: AppContext, ip: string): Promise<PolicyMatch> {
  const address = parseIp(ip);
  if (address) {
    for (const row of await repository.listIpRules(ctx.db)) {
      const range = parseCidr(row.cidr);
      if (range && cidrContains(range, address)) return { policy: policyOf(row.policy), rule: toIpRule(row) };
    }
  }
  return { policy: (await ctx.settings.settings()).defaultSessionPolicy, rule: null };
}
