import type { AppContext } from '../../context.js';
import { nowIso } from '../../util/time.js';
import * as repository from './analytics.repository.js';

/** Stores one beacon as sent, with the user when one is signed in. */
export async function recordAction(ctx: AppContext, userId: number | null, payload: Record<string, unknown>) {
  await repository.insertAnalyticsEvent(ctx.db, { userId, payload: JSON.stringify(payload), createdAt: nowIso() });
}
