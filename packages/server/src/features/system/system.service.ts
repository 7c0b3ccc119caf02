import type { BugReport } from '@wms/contract';
import type { AppContext } from '../../context.js';
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
      return { id };
    },
  );
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
