import type { BugReport } from '@wms/contract';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/database.js';
import { runIdempotent, type IdempotentResult } from '../../http/idempotency.js';
import { nowIso } from '../../util/time.js';
import * as repository from './system.repository.js';

export interface BugReportSubmission {
  report: string;
  userId: number | null;
  ip: string | null;
  userAgent: string | null;
  idempotencyKey: string | undefined;
}

/** Stores a report from the error page; a retry with the same Idempotency-Key is stored once. */
export function submitBugReport(
  ctx: AppContext,
  submission: BugReportSubmission,
): Promise<IdempotentResult<{ id: number }>> {
  return runIdempotent(
    ctx.db,
    {
      scope: 'submitBugReport',
      key: submission.idempotencyKey,
      userId: submission.userId,
      request: { report: submission.report },
    },
    async (tx) => {
      const id = await repository.insertBugReport(tx, {
        userId: submission.userId,
        report: submission.report,
        ip: submission.ip,
        userAgent: submission.userAgent,
        createdAt: nowIso(),
      });
      // A cheap prune with each report keeps the table bounded between the hourly runs.
      await pruneBugReports(tx, ctx.config.bugReports);
      return { id };
    },
  );
}

/**
 * Keeps the reports of the last `retentionDays` days, at most `maxRows` of them (the newest);
 * returns how many were deleted.
 */
export function pruneBugReports(
  db: DbOrTx,
  limits: { retentionDays: number; maxRows: number },
  now = Date.now(),
): Promise<number> {
  const olderThan = new Date(now - limits.retentionDays * 86_400_000).toISOString();
  return repository.pruneBugReports(db, olderThan, limits.maxRows);
}

/** The latest reports, newest first. */
export async function listBugReports(ctx: AppContext): Promise<BugReport[]> {
  const rows = await repository.listBugReports(ctx.db, 500);
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    username: row.username,
    report: row.report,
    ip: row.ip,
    userAgent: row.user_agent,
    createdAt: row.created_at,
  }));
}
