import { liveSocketPath, topics } from '@wms/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import type { Db } from '../../db/database.js';
import { TestStompClient } from '../../live/live.test-helper.js';
import {
  failOnCommit,
  importBase,
  partnerCode,
  registerTestImporter,
  upload,
  workbookOf,
  type TestImporterLog,
} from './importers.test-helper.js';

/** The commit modes, idempotency, concurrency, a change between dry run and commit, and live progress. */
describe('import commit', () => {
  let t: TestApp;
  let db: Db;
  let log: TestImporterLog;
  let buyer: HttpClient;
  const base = importBase();
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    log = registerTestImporter('purchase_orders');
    const user = await makeUser(db, { roles: ['purchasing'] });
    buyer = await signIn(t, user.username, user.password);
  });
  afterAll(async () => t.close());

  const partnersNamed = async (codes: string[]) =>
    (await db.selectFrom('business_partner').select('code').where('code', 'in', codes).execute())
      .map((r) => r.code)
      .sort();

  /** Uploads and validates rows under the header Partner code, Name, Order reference; answers the session path. */
  async function validated(rows: string[][]): Promise<{ path: string; id: string }> {
    const created = await upload(t, buyer, await workbookOf([['Partner code', 'Name', 'Order reference'], ...rows]));
    expect(created.status, created.text).toBe(201);
    const path = `${base}/sessions/${created.json.id}`;
    const answer = await buyer.post(`${path}/validate`);
    expect(answer.status, answer.text).toBe(200);
    return { path, id: created.json.id as string };
  }

  it('commits nothing of a file with an error row in all-or-nothing mode, and the rest in valid-rows-only mode', async () => {
    const codes = Array.from({ length: 7 }, () => partnerCode());
    const rows = codes.map((code, n) => [code, `Partner ${n}`, n === 4 ? 'PO-2' : '']);
    rows[5] = ['BAD-7', 'Bad', 'PO-2']; // row 7 of the file; row 6 shares its order
    const { path } = await validated(rows);
    const refused = await buyer.post(`${path}/commit`, { mode: 'ALL_OR_NOTHING' });
    expect(errorOf(refused)).toEqual({ status: 422, key: 'importHasErrors', args: { errors: 1 } });
    expect(await partnersNamed(codes)).toEqual([]);
    expect((await buyer.get(path)).json).toMatchObject({ status: 'VALIDATED', result: null });
    const rowSix = (await buyer.get(`${path}/rows?offset=4&limit=1`)).json.rows[0];
    expect(rowSix).toMatchObject({
      rowNumber: 6,
      status: 'WARNING',
      messages: [{ severity: 'WARNING', column: null, key: 'importGroupHasErrors', args: { rows: '7' } }],
    });

    const committed = await buyer.post(`${path}/commit`, { mode: 'VALID_ROWS_ONLY' });
    expect(committed.status, committed.text).toBe(200);
    const written = codes.filter((_, n) => n !== 4 && n !== 5);
    expect(committed.json).toMatchObject({
      status: 'COMMITTED',
      commitMode: 'VALID_ROWS_ONLY',
      counts: { valid: 5, warning: 1, error: 1 },
      result: {
        committedRows: 5,
        skippedRows: 2,
        created: written.map((code) => ({ type: 'BUSINESS_PARTNER', code })),
      },
    });
    expect(await partnersNamed(codes)).toEqual([...written].sort());
  });

  it('writes once for a replayed commit and for two commits at the same time', async () => {
    const codes = Array.from({ length: 40 }, () => partnerCode());
    const { path } = await validated(codes.map((code, n) => [code, 'Twice', `PO-${n % 4}`]));
    const commits = log.commits;
    const answers = await Promise.all([
      buyer.post(`${path}/commit`, { mode: 'ALL_OR_NOTHING' }),
      buyer.post(`${path}/commit`, { mode: 'ALL_OR_NOTHING' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[1].json).toEqual(answers[0].json);
    expect(answers[0].json.result.committedRows).toBe(40);
    expect(log.commits - commits).toBe(4);
    expect(await partnersNamed(codes)).toEqual([...codes].sort());
    const replay = await buyer.post(`${path}/commit`, { mode: 'VALID_ROWS_ONLY' });
    expect(replay.json).toEqual(answers[0].json);
    expect(log.commits - commits).toBe(4);

    const more = Array.from({ length: 30 }, () => partnerCode());
    const other = await validated(more.map((code) => [code, 'Concurrent', '']));
    const both = await Promise.all([
      buyer.post(`${other.path}/commit`, { mode: 'VALID_ROWS_ONLY' }),
      buyer.post(`${other.path}/commit`, { mode: 'VALID_ROWS_ONLY' }),
    ]);
    expect(both.map((answer) => answer.json.result?.committedRows)).toEqual([30, 30]);
    expect(await partnersNamed(more)).toEqual([...more].sort());
  });

  it('catches a change between the dry run and the commit', async () => {
    const codes = [partnerCode(), partnerCode(), partnerCode()];
    const { path } = await validated(codes.map((code) => [code, 'Later', '']));
    // Meanwhile another way creates the second partner: the commit's own check finds it.
    await db
      .insertInto('business_partner')
      .values({
        code: codes[1]!,
        code_key: codes[1]!.toLowerCase(),
        visual_code: codes[1]!,
        name: 'x',
        type: 'SUPPLIER',
      })
      .execute();
    expect(errorOf(await buyer.post(`${path}/commit`, {}))).toEqual({
      status: 422,
      key: 'importHasErrors',
      args: { errors: 1 },
    });
    expect((await buyer.get(path)).json).toMatchObject({
      status: 'VALIDATED',
      counts: { valid: 2, warning: 0, error: 1 },
    });
    expect((await buyer.get(`${path}/rows?status=ERROR`)).json.rows).toMatchObject([
      { rowNumber: 3, messages: [{ column: 'partnerCode', key: 'testPartnerExists' }] },
    ]);
    expect(await partnersNamed([codes[0]!, codes[2]!])).toEqual([]);
    const rest = await buyer.post(`${path}/commit`, { mode: 'VALID_ROWS_ONLY' });
    expect(rest.json.result).toMatchObject({ committedRows: 2, skippedRows: 1 });
  });

  it('undoes a group whose commit fails and writes the other groups of its transaction', async () => {
    const codes = [partnerCode(), partnerCode(), partnerCode(), partnerCode()];
    const { path } = await validated([
      [codes[0]!, 'Fine', 'A'],
      [codes[1]!, 'Fine too', 'B'],
      [codes[2]!, failOnCommit, 'B'],
      [codes[3]!, 'Fine as well', 'C'],
    ]);
    const answer = await buyer.post(`${path}/commit`, { mode: 'VALID_ROWS_ONLY' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.result).toMatchObject({ committedRows: 2, skippedRows: 2 });
    expect(await partnersNamed(codes)).toEqual([codes[0]!, codes[3]!].sort());
    expect((await buyer.get(`${path}/rows?status=ERROR`)).json.rows).toMatchObject([
      { rowNumber: 3, messages: [{ severity: 'ERROR', column: null, key: 'nothingToMove' }] },
      { rowNumber: 4, messages: [{ severity: 'ERROR', column: null, key: 'nothingToMove' }] },
    ]);
  });

  it('takes over a commit whose claim a crash left behind, and never writes a committed group twice', async () => {
    const codes = [partnerCode(), partnerCode(), partnerCode()];
    const { path, id } = await validated(codes.map((code, n) => [code, 'Resumed', `G${n}`]));
    // A crashed valid-rows-only commit: claimed long ago, its first group already written.
    await db
      .insertInto('business_partner')
      .values({
        code: codes[0]!,
        code_key: codes[0]!.toLowerCase(),
        visual_code: codes[0]!,
        name: 'x',
        type: 'SUPPLIER',
      })
      .execute();
    await db
      .updateTable('import_session_row')
      .set({ committed: 1, created: JSON.stringify([{ type: 'BUSINESS_PARTNER', code: codes[0] }]) })
      .where('session_id', '=', id)
      .where('row_number', '=', 2)
      .execute();
    const claimedAt = new Date(Date.now() - 10 * 60_000).toISOString();
    await db
      .updateTable('import_session')
      .set({ status: 'COMMITTING', claim: 'crashed', claimed_at: claimedAt, commit_mode: 'VALID_ROWS_ONLY' })
      .where('id', '=', id)
      .execute();
    expect((await buyer.get(path)).json.status).toBe('VALIDATED');
    const answer = await buyer.post(`${path}/commit`, { mode: 'VALID_ROWS_ONLY' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.result).toMatchObject({
      committedRows: 3,
      skippedRows: 0,
      created: codes.map((code) => ({ type: 'BUSINESS_PARTNER', code })),
    });
    expect(await partnersNamed(codes)).toEqual([...codes].sort());
  });

  it('refuses a commit before the dry run', async () => {
    const created = await upload(
      t,
      buyer,
      await workbookOf([
        ['Partner code', 'Name'],
        [partnerCode(), 'x'],
      ]),
    );
    expect(errorOf(await buyer.post(`${base}/sessions/${created.json.id}/commit`, {}))).toMatchObject({
      status: 422,
      key: 'importSessionNotValidated',
    });
  });

  it('sends the dry run’s and the commit’s progress to the user’s own queue', async () => {
    const other = await makeUser(db, { roles: ['purchasing'] });
    const stranger = await signIn(t, other.username, other.password);
    const wsUrl = `${t.baseUrl.replace(/^http/, 'ws')}${liveSocketPath}`;
    const socket = await new TestStompClient(wsUrl, {
      cookie: buyer.cookieHeader,
      version: t.config.version,
    }).connect();
    const strangerSocket = await new TestStompClient(wsUrl, {
      cookie: stranger.cookieHeader,
      version: t.config.version,
    }).connect();
    try {
      await socket.subscribed(topics.importProgress());
      await strangerSocket.subscribed(topics.importProgress());
      const codes = Array.from({ length: 1200 }, () => partnerCode('L'));
      const { path, id } = await validated(codes.map((code) => [code, 'Live', '']));
      expect((await buyer.post(`${path}/commit`, {})).status).toBe(200);
      type Progress = { sessionId: string; phase: string; done: number; total: number };
      const received = () => socket.messages(topics.importProgress()).map((message) => message.payload as Progress);
      await vi.waitFor(() => expect(received().some((p) => p.phase === 'COMMIT' && p.done === 1200)).toBe(true));
      const progress = received();
      expect(progress.every((p) => p.sessionId === id && p.total === 1200)).toBe(true);
      for (const phase of ['VALIDATE', 'COMMIT']) {
        const ofPhase = progress.filter((p) => p.phase === phase);
        expect(ofPhase.length, phase).toBeGreaterThanOrEqual(2);
        expect(ofPhase.at(-1)!.done, phase).toBe(1200);
        expect(ofPhase.map((p) => p.done)).toEqual([...ofPhase.map((p) => p.done)].sort((a, b) => a - b));
      }
      expect(progress.filter((p) => p.phase === 'READ')).toEqual([
        { sessionId: id, phase: 'READ', done: 1200, total: 1200 },
      ]);
      expect(strangerSocket.messages(topics.importProgress())).toEqual([]);
    } finally {
      await socket.close();
      await strangerSocket.close();
    }
  });
});
