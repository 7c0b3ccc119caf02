import { z } from 'zod';
import { isoDateTime } from './common.js';

/** POST /api/v1/system/submitBugReport: the text of the error page's report. */
export const submitBugReportRequestSchema = z.object({ report: z.string().min(1).max(500_000) });
export const submitBugReportAnswerSchema = z.object({ id: z.number().int() });

export const bugReportSchema = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  report: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: isoDateTime,
});
export type BugReport = z.infer<typeof bugReportSchema>;
export const bugReportListAnswerSchema = z.object({ reports: z.array(bugReportSchema) });

/** POST /api/v1/analytics/action: a beacon of any JSON object (shape chosen by the client). */
export const analyticsActionRequestSchema = z.record(z.string(), z.unknown());
/** Largest beacon accepted, in bytes. */
export const analyticsBodyLimitBytes = 65_536;
