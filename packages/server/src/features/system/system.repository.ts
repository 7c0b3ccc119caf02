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
