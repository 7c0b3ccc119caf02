import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';
import { hashToken } from './secrets.js';

const path = '/api/v1/auth/session_takeover/request';

describe('POST /api/v1/auth/session_takeover/request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => t.close());

  const pairing = 'pairing-of-scanner-7-0123456789';

  it('asks the signed-in device for its session over its device listener, with the asking listener', async () => {
    const send = vi.spyOn(t.app.ctx.live, 'sendToDevice');
    const answer = await t.client().post(path, { fromDeviceName: 'desk-1', toDeviceName: 'scanner-7', pairing });
    expect(answer.status).toBe(200);
    expect(send).toHaveBeenCalledWith('desk-1', { signedInOnly: true }, 'REQUEST_SESSION_TAKEOVER', {
      deviceName: 'scanner-7',
      uniqueSession: null,
      listener: hashToken(pairing),
    });
    send.mockRestore();
  });

  it('refuses bad device names and its own name, sending nothing', async () => {
    const publish = vi.spyOn(t.app.ctx.live, 'sendToDevice');
    const client = t.client();
    const bad = await client.post(path, { fromDeviceName: 'a/b', toDeviceName: '', pairing });
    expect(bad.status).toBe(400);
    expect(bad.json.key).toBe('invalidInput');
    expect(bad.json.args.fields.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(['body.fromDeviceName', 'body.toDeviceName']),
    );
    const unpaired = await client.post(path, { fromDeviceName: 'desk-1', toDeviceName: 'scanner-7' });
    expect(unpaired.status).toBe(400);
    expect(unpaired.json.args.fields.map((f: { field: string }) => f.field)).toEqual(['body.pairing']);
    const own = await client.post(path, { fromDeviceName: 'Scanner-7', toDeviceName: 'scanner-7', pairing });
    expect(own.status).toBe(400);
    expect(own.json.key).toBe('canNotTakeOverOwnSession');
    expect(publish).not.toHaveBeenCalled();
    publish.mockRestore();
  });

  it('limits requests per address', async () => {
    const client = t.client();
    const from = { 'x-forwarded-for': '10.9.9.9' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await client.post(path, { fromDeviceName: 'desk-2', toDeviceName: `s${i}`, pairing }, from)).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const refused = await client.post(path, { fromDeviceName: 'desk-2', toDeviceName: 'x', pairing }, from);
    expect(refused.status).toBe(429);
    expect(refused.json.key).toBe('tooManyRequests');
    // another address is not affected
    expect((await client.post(path, { fromDeviceName: 'desk-2', toDeviceName: 'y', pairing })).status).toBe(200);
  });
});
