import { z } from 'zod';
import { isoDateTime } from './common.js';
import { defineEndpoints, publicAccess, rolesAccess } from './endpoint.js';

/** POST /api/v1/system/submitBugReport: the text of the error page's report. */
export const submitBugReportRequestSchema = z.object({ report: z.string().min(1).max(500_000) });
export type SubmitBugReportRequest = z.input<typeof submitBugReportRequestSchema>;
export const submitBugReportAnswerSchema = z.object({ id: z.number().int() });
export type SubmitBugReportAnswer = z.infer<typeof submitBugReportAnswerSchema>;

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
export type BugReportListAnswer = z.infer<typeof bugReportListAnswerSchema>;

/** POST /api/v1/analytics/action: a beacon of any JSON object (shape chosen by the client). */
export const analyticsActionRequestSchema = z.record(z.string(), z.unknown());
export type AnalyticsActionRequest = z.input<typeof analyticsActionRequestSchema>;
/** A stored beacon is answered 204 without a body. */
export const analyticsActionAnswerSchema = z.null().describe('Stored');
export type AnalyticsActionAnswer = z.infer<typeof analyticsActionAnswerSchema>;
/** Largest beacon accepted, in bytes. */
export const analyticsBodyLimitBytes = 65_536;

/** The system endpoints: bug reports. */
export const systemEndpoints = defineEndpoints('system', {
  submitBugReport: {
    method: 'POST',
    path: '/api/v1/system/submitBugReport',
    access: publicAccess,
    body: submitBugReportRequestSchema,
    answer: submitBugReportAnswerSchema,
  },
  bugReports: {
    method: 'GET',
    path: '/api/v1/system/bugReports',
    access: rolesAccess('admin'),
    answer: bugReportListAnswerSchema,
  },
});

/** The analytics endpoints: beacons, JSON also when sent as text/plain. */
export const analyticsEndpoints = defineEndpoints('analytics', {
  action: {
    method: 'POST',
    path: '/api/v1/analytics/action',
    access: publicAccess,
    body: analyticsActionRequestSchema,
    answer: analyticsActionAnswerSchema,
    status: 204,
  },
});
