import type { DbOrTx } from '../../db/database.js';

export async function insertBugReport(
  db: DbOrTx,
  report: { userId: number | null; report: string; ip: string | null; userAgent: string | null; createdAt: string },
): Promise<number> {
  const row = await db
    .insertInto('bug_report')
    .values({
      user_id: report.userId,
      report: report.report,
      ip: report.ip,
      user_agent: report.userAgent,
      created_at: report.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The newest reports first, with the reporter's name when one was signed in. */
export function listBugReports(db: DbOrTx, limit: number) {
  return db
    .selectFrom('bug_report')
    .leftJoin('app_user', 'app_user.id', 'bug_report.user_id')
    .select([
      'bug_report.id',
      'bug_report.user_id',
      'app_user.username',
      'bug_report.report',
      'bug_report.ip',
      'bug_report.user_agent',
      'bug_report.created_at',
    ])
    .orderBy('bug_report.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Deletes reports older than `olderThan` and all but the newest `keepRows`; the number deleted.
 * Ids grow with time, so the row cap is a delete below one id found through the primary key.
 */
export async function pruneBugReports(db: DbOrTx, olderThan: string, keepRows: number): Promise<number> {
  const byAge = await db.deleteFrom('bug_report').where('created_at', '<', olderThan).executeTakeFirst();
  const oldestKept = await db
    .selectFrom('bug_report')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(keepRows - 1)
    .executeTakeFirst();
  const byCount = oldestKept
    ? await db.deleteFrom('bug_report').where('id', '<', oldestKept.id).executeTakeFirst()
    : { numDeletedRows: 0n };
  return Number(byAge.numDeletedRows) + Number(byCount.numDeletedRows);
}
