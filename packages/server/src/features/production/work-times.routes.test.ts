import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { topics, workTimeEntriesAnswerSchema, workTimeFlushAnswerSchema } from '@wms/contract';
import { makeUser } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';

const base = '/api/v1/production';
const hourAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/**
 * The demo data holds the work orders and the manager's and admin's entries, which no test
 * changes; every test that writes entries does so as production users of its own
 * (test/factories.ts), so each runs alone and in any order.
 */
describe('work times under /api/v1/production/work_times', () => {
  let t: TestApp;
  let manager: HttpClient;
  let operator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [manager, operator] = await Promise.all([signIn(t, 'manager'), signIn(t, 'operator')]);
  });
  afterAll(async () => t.close());

  /** A new user with the production role, signed in. */
  const productionUser = async () => {
    const user = await makeUser(t.app.ctx.db, { roles: ['production'] });
    return { client: await signIn(t, user.username, user.password), username: user.username };
  };

  const entryRows = () => t.app.ctx.db.selectFrom('work_time_entry').selectAll().orderBy('id').execute();
  const completed = async (code: string) =>
    (
      await t.app.ctx.db
        .selectFrom('work_order')
        .select(['completed_qty', 'scrap_qty'])
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).completed_qty;
  const finished = { startTime: hourAgo(2), endTime: hourAgo(1) };

  it('answers 401 without a session and 403 without the role, changing nothing', async () => {
    const { client: worker } = await productionUser();
    const before = await entryRows();
    const anonymous = t.client();
    const calls: [string, string][] = [
      ['GET', `${base}/work_times`],
      ['GET', `${base}/work_times/all`],
      ['POST', `${base}/work_times`],
      ['POST', `${base}/work_times/flush`],
      ['POST', `${base}/work_times/1/stop`],
      ['DELETE', `${base}/work_times/1`],
    ];
    for (const [method, url] of calls) {
      expect((await anonymous.request(method, url, method === 'POST' ? {} : undefined)).status, url).toBe(401);
      expect((await operator.request(method, url, method === 'POST' ? {} : undefined)).status, url).toBe(403);
    }
    expect(errorOf(await worker.get(`${base}/work_times/all`))).toMatchObject({ status: 403, key: 'requestForbidden' });
    expect(await entryRows()).toEqual(before);
  });

  it('lists own entries to a production user and everyone’s with usernames to a production manager', async () => {
    const { client: worker } = await productionUser();
    const own = workTimeEntriesAnswerSchema.parse((await manager.get(`${base}/work_times`)).json);
    expect(own.map((e) => `${e.workOrderCode}/${e.workOrderStep}/${e.workTimeType}/${e.flushed}`).sort()).toEqual([
      'WO-2990/CUT/WORK/true',
      'WO-3001/CUT/SETUP/false',
      'WO-3001/MILL/WORK/false',
    ]);
    expect(own.find((e) => e.workOrderStep === 'MILL')).toMatchObject({
      workCenter: 'CNC-01',
      produced: 5,
      scrap: 1,
      user: 'manager',
      producedItemCode: 'PROD-001',
      flushError: null,
    });
    expect(own.find((e) => e.workTimeType === 'SETUP')).toMatchObject({ produced: null, scrap: null });
    const unflushedOnly = (await manager.get(`${base}/work_times?flushedDays=0`)).json;
    expect(unflushedOnly).toHaveLength(2);
    const all = workTimeEntriesAnswerSchema.parse((await manager.get(`${base}/work_times/all`)).json);
    expect(all.find((e) => e.user === 'admin')).toMatchObject({ workOrderCode: 'WO-3002', produced: 200.5 });
    expect((await worker.get(`${base}/work_times`)).json).toEqual([]);
    expect((await worker.get(`${base}/work_times?flushedDays=999`)).status).toBe(400);
  });

  it('saves an entry; a step without a work center takes its planned one; codes are case-insensitive', async () => {
    const { client: worker, username } = await productionUser();
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const answer = await worker.post(`${base}/work_times`, {
      workOrderCode: 'wo-3001',
      workOrderStep: 'cut',
      workTimeType: 'SETUP',
      licensePlate: '  LP-1 ',
      ...finished,
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      workOrderCode: 'WO-3001',
      workOrderStep: 'CUT',
      workCenter: 'SAW-01',
      produced: null,
      licensePlate: 'LP-1',
      user: username,
      flushed: false,
      version: 1,
    });
    expect(publish).toHaveBeenCalledWith(topics.productionTimer(), 'WORK_TIMES_CHANGED', { ids: [answer.json.id] });
    publish.mockRestore();
    const exact = await worker.post(`${base}/work_times`, {
      workOrderCode: 'WO-3001',
      workOrderStep: 'MILL',
      workCenter: 'asm-01',
      workTimeType: 'WORK',
      produced: 1.2345,
      scrap: 0.001,
      ...finished,
    });
    expect(exact.json).toMatchObject({ workCenter: 'ASM-01', produced: 1.235, scrap: 0.001 });
    expect((await worker.delete(`${base}/work_times/${exact.json.id}`)).json).toEqual({ ok: true });
  });

  it('refuses invalid input with 400 invalidInput and a reason, changing nothing', async () => {
    const { client: worker } = await productionUser();
    const before = await entryRows();
    const valid = { workOrderCode: 'WO-3001', workOrderStep: 'CUT', workTimeType: 'WORK', ...finished };
    const cases: [Record<string, unknown>, string | undefined][] = [
      [{ workOrderCode: 'NOPE' }, 'unknownWorkOrder'],
      [{ workOrderStep: 'CLEAN' }, 'unknownWorkOrderStep'],
      [{ workCenter: 'NOPE' }, 'unknownWorkCenter'],
      [{ workTimeType: 'SETUP', produced: 3 }, 'quantitiesOnlyForWork'],
      [{ workTimeType: 'SETUP', scrap: 1 }, 'quantitiesOnlyForWork'],
      [{ startTime: hourAgo(1), endTime: hourAgo(2) }, 'endBeforeStart'],
      [{ startTime: 'yesterday' }, undefined],
      [{ workTimeType: 'PAUSE' }, undefined],
      [{ produced: 'many' }, undefined],
      [{ workOrderCode: '' }, undefined],
    ];
    for (const [change, reason] of cases) {
      const answer = await worker.post(`${base}/work_times`, { ...valid, ...change });
      expect({ change, status: answer.status, key: answer.json.key, reason: answer.json.args.reason }).toEqual({
        change,
        status: 400,
        key: 'invalidInput',
        reason,
      });
    }
    expect(await entryRows()).toEqual(before);
  });

  it('runs one timer per user: a second start is 409, Stop ends it now, a second Stop is 422', async () => {
    const [{ client: worker }, { client: colleague }] = [await productionUser(), await productionUser()];
    const start = await worker.post(`${base}/work_times`, {
      workOrderCode: 'WO-3002',
      workOrderStep: 'PACK',
      workTimeType: 'WORK',
      startTime: hourAgo(0.5),
    });
    expect(start.json).toMatchObject({ endTime: null, workCenter: 'PACK-01' });
    const second = await worker.post(`${base}/work_times`, {
      workOrderCode: 'WO-3001',
      workOrderStep: 'CUT',
      workTimeType: 'SETUP',
      startTime: hourAgo(0.1),
    });
    expect(errorOf(second)).toEqual({
      status: 409,
      key: 'workTimeAlreadyRunning',
      args: { id: start.json.id, workOrderCode: 'WO-3002' },
    });
    // Another user runs their own timer meanwhile.
    const theirs = await colleague.post(`${base}/work_times`, {
      workOrderCode: 'WO-3001',
      workOrderStep: 'CUT',
      workTimeType: 'SETUP',
      startTime: hourAgo(0.1),
    });
    expect(theirs.status).toBe(200);
    const stopped = await worker.post(`${base}/work_times/${start.json.id}/stop`);
    expect(stopped.status).toBe(200);
    expect(Date.now() - Date.parse(stopped.json.endTime)).toBeLessThan(60_000);
    expect(stopped.json.version).toBe(2);
    expect(errorOf(await worker.post(`${base}/work_times/${start.json.id}/stop`))).toMatchObject({
      status: 422,
      key: 'workTimeNotRunning',
    });
    expect(errorOf(await worker.post(`${base}/work_times/${theirs.json.id}/stop`))).toMatchObject({ status: 403 });
    expect((await manager.post(`${base}/work_times/${theirs.json.id}/stop`)).status).toBe(200);
  });

  it('updates with the version read (412 when stale); only the owner or a production manager', async () => {
    const [{ client: worker, username }, { client: colleague }] = [await productionUser(), await productionUser()];
    const created = (
      await worker.post(`${base}/work_times`, {
        workOrderCode: 'WO-3003',
        workOrderStep: 'REWORK',
        workTimeType: 'WORK',
        produced: 1,
        ...finished,
      })
    ).json;
    const change = { ...finished, workOrderCode: 'WO-3003', workOrderStep: 'REWORK', workTimeType: 'WORK' };
    const updated = await worker.post(`${base}/work_times`, { ...change, id: created.id, version: 1, produced: 2 });
    expect(updated.json).toMatchObject({ id: created.id, produced: 2, version: 2 });
    const stale = await worker.post(`${base}/work_times`, { ...change, id: created.id, version: 1, produced: 3 });
    expect(errorOf(stale)).toEqual({ status: 412, key: 'optimisticLockConflict', args: { currentVersion: 2 } });
    expect(errorOf(await worker.post(`${base}/work_times`, { ...change, id: created.id }))).toMatchObject({
      status: 400,
      key: 'invalidInput',
    });
    const foreign = await colleague.post(`${base}/work_times`, { ...change, id: created.id, version: 2 });
    expect(errorOf(foreign)).toMatchObject({ status: 403, key: 'requestForbidden' });
    expect(errorOf(await colleague.delete(`${base}/work_times/${created.id}`))).toMatchObject({ status: 403 });
    const byManager = await manager.post(`${base}/work_times`, { ...change, id: created.id, version: 2, produced: 4 });
    expect(byManager.json).toMatchObject({ produced: 4, user: username, version: 3 });
    expect(errorOf(await worker.post(`${base}/work_times`, { ...change, id: 999_999, version: 1 }))).toMatchObject({
      status: 404,
      key: 'unknownWorkTimeEntry',
    });
    expect((await worker.delete(`${base}/work_times/${created.id}`)).status).toBe(200);
    expect(errorOf(await worker.delete(`${base}/work_times/${created.id}`))).toMatchObject({ status: 404 });
  });

  it('flushes the good entries and answers each bad one with its error; booked entries are final', async () => {
    const [{ client: worker }, { client: colleague }] = [await productionUser(), await productionUser()];
    const save = async (body: Record<string, unknown>) =>
      (await worker.post(`${base}/work_times`, { workTimeType: 'WORK', ...finished, ...body })).json.id as number;
    const good = await save({ workOrderCode: 'WO-3001', workOrderStep: 'MILL', produced: 2.5, scrap: 0.5 });
    const setup = await save({ workOrderCode: 'WO-3001', workOrderStep: 'CUT', workTimeType: 'SETUP' });
    const noCenter = await save({ workOrderCode: 'WO-3001', workOrderStep: 'INSPECT' });
    const closed = await save({ workOrderCode: 'WO-2990', workOrderStep: 'CUT', produced: 1 });
    const negative = await save({ workOrderCode: 'WO-3001', workOrderStep: 'ASSEMBLE', produced: -3, scrap: 1 });
    const running = await save({ workOrderCode: 'WO-3001', workOrderStep: 'ASSEMBLE', endTime: null });
    const foreign = (
      await colleague.post(`${base}/work_times`, {
        workOrderCode: 'WO-3001',
        workOrderStep: 'CUT',
        workTimeType: 'SETUP',
        ...finished,
      })
    ).json.id as number;
    const before = await completed('WO-3001');

    const answer = await worker.post(`${base}/work_times/flush`, {
      ids: [good, setup, noCenter, closed, negative, running, foreign, good],
    });
    expect(answer.status).toBe(200);
    const result = workTimeFlushAnswerSchema.parse(answer.json);
    expect(result.flushed.sort()).toEqual([good, setup].sort());
    expect(result.failed.map((f) => [f.id, f.key])).toEqual([
      [noCenter, 'workCenterRequired'],
      [closed, 'workOrderNotReleased'],
      [negative, 'negativeWorkTimeQuantity'],
      [running, 'workTimeStillRunning'],
      [foreign, 'unknownWorkTimeEntry'],
    ]);
    expect(result.failed.find((f) => f.id === closed)).toMatchObject({
      args: { workOrderCode: 'WO-2990', status: 'CLOSED' },
      message: 'Work order WO-2990 is not released (status CLOSED).',
    });
    expect(await completed('WO-3001')).toBe(before + 2500);

    const listed = workTimeEntriesAnswerSchema.parse((await worker.get(`${base}/work_times`)).json);
    expect(listed.find((e) => e.id === good)).toMatchObject({ flushed: true, flushError: null });
    expect(listed.find((e) => e.id === noCenter)?.flushError).toMatchObject({ key: 'workCenterRequired' });
    expect((await colleague.get(`${base}/work_times`)).json[0].flushError).toBeNull();

    // Final: no edit, stop or delete; a second flush books nothing twice.
    const edit = await worker.post(`${base}/work_times`, {
      id: good,
      version: 2,
      workOrderCode: 'WO-3001',
      workOrderStep: 'MILL',
      workTimeType: 'WORK',
      ...finished,
    });
    expect(errorOf(edit)).toMatchObject({ status: 422, key: 'workTimeAlreadyFlushed' });
    expect(errorOf(await worker.delete(`${base}/work_times/${good}`))).toMatchObject({ status: 422 });
    expect((await worker.post(`${base}/work_times/flush`, { ids: [good] })).json).toEqual({
      flushed: [good],
      failed: [],
    });
    expect(await completed('WO-3001')).toBe(before + 2500);

    // Fixing the entry clears its error, and then it books.
    const fixed = await worker.post(`${base}/work_times`, {
      id: noCenter,
      version: listed.find((e) => e.id === noCenter)!.version,
      workOrderCode: 'WO-3001',
      workOrderStep: 'INSPECT',
      workCenter: 'ASM-01',
      workTimeType: 'WORK',
      ...finished,
    });
    expect(fixed.json).toMatchObject({ flushError: null, workCenter: 'ASM-01' });
    expect((await manager.post(`${base}/work_times/flush`, { ids: [noCenter] })).json.failed).toEqual([]);
    expect(errorOf(await worker.post(`${base}/work_times/flush`, { ids: [] }))).toMatchObject({ status: 400 });
  });
});
