import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { topics } from '@wms/contract';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { errorOf } from '../../../test/user-helper.js';
import { line, transferLines, wholeState } from './stock-transfer.test-helper.js';

describe('POST /api/v1/bin_location/{code}/setBlockStockMovements/{block}', () => {
  let t: TestApp;
  let operator: HttpClient;
  let translator: HttpClient;
  beforeAll(async () => {
    t = await buildTestApp();
    [operator, translator] = await Promise.all([signIn(t, 'operator'), signIn(t, 'translator')]);
  });
  afterAll(async () => t.close());
  afterEach(() => vi.restoreAllMocks());

  const block = (code: string, value: string, body: unknown = {}, client = operator) =>
    client.post(`/api/v1/bin_location/${code}/setBlockStockMovements/${value}`, body);
  const location = async (code: string) => (await operator.get(`/api/v1/bin_location/${code}`)).json;

  it('blocks a location with a reason (QC lock): movements from or to it are refused until it is unblocked', async () => {
    const publish = vi.spyOn(t.app.ctx.live, 'publish');
    const version = (await location('01-QC')).version;
    const blocked = await block('01-qc', 'true', { reason: 'QC of G-0042' });
    expect(blocked.status).toBe(200);
    expect(blocked.json).toMatchObject({
      code: '01-QC',
      blockStockMovements: true,
      blockStockMovementsReason: 'QC of G-0042',
      version: version + 1,
    });
    expect(await location('01-QC')).toEqual(blocked.json);
    expect(publish).toHaveBeenCalledWith(topics.binLocations(), 'BIN_LOCATION_CHANGED', { codes: ['01-QC'] });

    const before = await wholeState(t.app.ctx.db);
    const refused = await transferLines(operator, [line('01-A01-01', 'ITEM-001', 1)], '01-QC');
    expect(errorOf(refused)).toEqual({
      status: 422,
      key: 'stockMovementsBlocked',
      args: { code: '01-QC', reason: 'QC of G-0042' },
    });
    expect(await wholeState(t.app.ctx.db)).toEqual(before);

    const unblocked = await block('01-QC', 'false', { reason: 'ignored' });
    expect(unblocked.json).toMatchObject({
      blockStockMovements: false,
      blockStockMovementsReason: null,
      version: version + 2,
    });
    expect((await transferLines(operator, [line('01-A01-01', 'ITEM-001', 1)], '01-QC')).status).toBe(200);
  });

  it('blocks without a reason (null) and keeps the stockMovementRestricted flag apart', async () => {
    const answer = await block('02-A01-01', 'true');
    expect(answer.json).toMatchObject({
      blockStockMovements: true,
      blockStockMovementsReason: null,
      stockMovementRestricted: false,
    });
    await block('02-A01-01', 'false');
  });

  it('answers 404 unknownLocation and 400 for a bad flag or reason, changing nothing', async () => {
    const before = await location('01-A01-01');
    expect(errorOf(await block('NOWHERE', 'true', { reason: 'x' }))).toEqual({
      status: 404,
      key: 'unknownLocation',
      args: { code: 'NOWHERE' },
    });
    for (const answer of [
      await block('01-A01-01', 'yes', { reason: 'x' }),
      await block('01-A01-01', 'true', { reason: 'x'.repeat(501) }),
      await block('01-A01-01', 'true', { reason: 42 }),
    ]) {
      expect(errorOf(answer)).toMatchObject({ status: 400, key: 'invalidInput' });
    }
    expect(await location('01-A01-01')).toEqual(before);
  });

  it('is forbidden without stockTransfer (403), changing nothing', async () => {
    const before = await location('01-A01-01');
    expect(errorOf(await block('01-A01-01', 'true', { reason: 'x' }, translator))).toMatchObject({
      status: 403,
      key: 'requestForbidden',
    });
    expect(await location('01-A01-01')).toEqual(before);
  });
});
