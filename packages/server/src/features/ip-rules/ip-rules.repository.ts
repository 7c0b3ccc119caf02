import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.js';

export interface IpRuleValues {
  cidr: string;
  policy: string;
  description: string | null;
  sortOrder: number;
}

/** Rules in evaluation order: ascending sort order, then oldest first. */
export function listIpRules(db: DbOrTx) {
  return db.selectFrom('ip_rule').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export function findIpRuleById(db: DbOrTx, id: number) {
  return db.selectFrom('ip_rule').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The sort order after every existing rule. */
export async function nextSortOrder(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('ip_rule')
    .select(sql<number | null>`max(sort_order)`.as('last'))
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 10 : Number(row.last) + 10;
}

export async function insertIpRule(db: DbOrTx, values: IpRuleValues, at: string): Promise<number> {
  const row = await db
    .insertInto('ip_rule')
    .values({
      cidr: values.cidr,
      policy: values.policy,
      description: values.description,
      sort_order: values.sortOrder,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the rule when its stored version is still `version`; returns the rows updated. */
export function updateIpRule(db: DbOrTx, id: number, version: number, values: IpRuleValues) {
  return db
    .updateTable('ip_rule')
    .set({
      cidr: values.cidr,
      policy: values.policy,
      description: values.description,
      sort_order: values.sortOrder,
      version: version + 1,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
}

export async function deleteIpRule(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('ip_rule').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
