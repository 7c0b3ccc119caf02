import { importLimits } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/factories.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { upload } from './importers.test-helper.js';

/** One user uploading file after file keeps the rows of the newest sessions only (importLimits.sessionsKeptPerUser). */
describe('import sessions kept per user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('expires the oldest sessions and deletes their rows beyond the newest ones', async () => {
    const user = await makeUser(t.app.ctx.db, { roles: ['purchasing'] });
    const purchaser = await signIn(t, user.username, user.password);
    const ids: string[] = [];
    for (let n = 0; n < importLimits.sessionsKeptPerUser + 2; n++) {
      const answer = await upload<{ id: string }>(t, purchaser, `supplierCode,orderReference\r\nS${n},R${n}\r\n`, {
        name: `file-${n}.csv`,
      });
      expect(answer.status, answer.text).toBe(201);
      ids.push(answer.json.id);
    }
    const sessions = await t.app.ctx.db
      .selectFrom('import_session')
      .select(['id', 'status'])
      .where('user_id', '=', user.id)
      .execute();
    const statusOf = new Map(sessions.map((session) => [session.id, session.status]));
    expect(ids.slice(0, 2).map((id) => statusOf.get(id))).toEqual(['EXPIRED', 'EXPIRED']);
    expect(ids.slice(2).every((id) => statusOf.get(id) !== 'EXPIRED')).toBe(true);
    const rows = await t.app.ctx.db
      .selectFrom('import_session_row')
      .select('session_id')
      .distinct()
      .where('session_id', 'in', ids)
      .execute();
    expect(new Set(rows.map((row) => row.session_id))).toEqual(new Set(ids.slice(2)));
  });
});
