import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { topics } from '@wms/contract';
import type { HttpClient } from '../../../test/http-client.js';
import { buildLiveTestApp, TestStompClient, type LiveTestApp } from '../../live/live.test-helper.js';
import { finish, getReceipt, openedReceipt, progress, receiptScene } from './goods-receipt.test-helper.js';

/** Receipt progress reaches the other users on the same receipt: DOCUMENT_CHANGED after each commit. */
describe('goods receipt live', () => {
  let t: LiveTestApp;
  let admin: HttpClient;
  let socket: TestStompClient;
  beforeAll(async () => {
    t = await buildLiveTestApp();
    admin = await t.httpClientFor('admin');
  });
  afterAll(async () => {
    await socket?.close();
    await t.close();
  });

  it("tells another user's socket of each entry and of the finish, with the receipt's status and version", async () => {
    const s = await receiptScene(t.app.ctx.db);
    const code = await openedReceipt(admin, s);
    const destination = topics.documents('goods_receipt');
    socket = new TestStompClient(t.wsUrl, { cookie: (await t.cookieFor('operator')).cookie, version: t.version });
    await socket.connect();
    await socket.subscribed(destination);
    const changes = () =>
      socket
        .messages(destination)
        .flatMap((m) => (m.what === 'DOCUMENT_CHANGED' && m.payload.code === code ? [m.payload] : []));

    const saved = await progress(admin, code, 0, { quantity: 4 });
    await vi.waitFor(() => expect(changes()).toHaveLength(1), { timeout: 3000, interval: 10 });
    expect(changes()[0]).toEqual({ type: 'GOODS_RECEIPT', code, status: 'IN_PROGRESS', version: saved.json.version });
    // What the other user reads on the message is what was saved.
    expect((await getReceipt(admin, code)).json.receipt).toMatchObject({
      version: saved.json.version,
      lines: [{ progress: 4 }],
    });

    // A refused entry changes nothing and tells nothing.
    expect((await progress(admin, code, 0, { quantity: 20 })).status).toBe(422);
    expect((await finish(admin, code)).status).toBe(200);
    await vi.waitFor(() => expect(changes().map((c) => c.status)).toEqual(['IN_PROGRESS', 'FINISHED']), {
      timeout: 3000,
      interval: 10,
    });
  });
});
