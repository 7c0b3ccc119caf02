import type { RecountRequest, Role } from '@wms/contract';
import { makeItem, makeStock, makeUser } from '../../../test/factories.js';
import type { HttpClient } from '../../../test/http-client.js';
import { signIn } from '../../../test/session-helper.js';
import type { TestApp } from '../../../test/test-app.js';
import type { Db } from '../../db/database.js';
import { flaggedLocation, newKey, ok, saveCall } from '../counting/counting.test-helper.js';

/** Test calls and data of recounting (decision 0191). */

export const rc = '/api/v1/recounting';

export interface TestUser {
  client: HttpClient;
  username: string;
}

export async function userWith(t: TestApp, roles: readonly Role[]): Promise<TestUser> {
  const user = await makeUser(t.app.ctx.db, { roles });
  return { client: await signIn(t, user.username, user.password), username: user.username };
}

/**
 * A threshold recount of its own: an item with onHand at a YES location, counted as firstCount by
 * the first counter (the setting counting.recountThreshold must send every difference to a recount).
 */
export async function thresholdRecount(t: TestApp, firstCounter: HttpClient, onHand: number, firstCount: number) {
  const db = t.app.ctx.db;
  const item = await makeItem(db);
  const location = await flaggedLocation(t, 'YES');
  await makeStock(db, { item, location, onHand });
  const saved = ok(
    await saveCall(firstCounter, { location: location.code, lines: [{ item: item.code, quantity: firstCount }] }),
  );
  const code = (saved.json as { recountRequest: string | null }).recountRequest;
  if (code === null) throw new Error('no recount raised');
  return { item, location, code };
}

export const claimCall = (client: HttpClient, code: string) => client.post(`${rc}/claim/${code}`, {});

export const recountSave = (
  client: HttpClient,
  document: string,
  location: string,
  lines: { item: string; batch?: string; serial?: string; quantity?: number }[],
) => client.post(`${rc}/save`, { idempotencyKey: newKey('rc'), document, location, lines });

export const flushCall = (client: HttpClient, document: string, idempotencyKey = newKey('rcf')) =>
  client.post(`${rc}/flush`, { idempotencyKey, document });

/** Claims, saves one location's recount of one item, and flushes. */
export async function recount(client: HttpClient, code: string, location: string, item: string, quantity: number) {
  ok(await claimCall(client, code));
  ok(await recountSave(client, code, location, [{ item, quantity }]));
  return flushCall(client, code);
}

export async function statusOf(db: Db, code: string): Promise<string> {
  const row = await db.selectFrom('document').select('status').where('code', '=', code).executeTakeFirstOrThrow();
  return row.status;
}

export async function recountCounterOf(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('notification_counter')
    .select('count')
    .where('path', '=', '/recounting')
    .where('user_id', '=', 0)
    .executeTakeFirst();
  return row?.count;
}

export const requestIn = (answer: { requests: RecountRequest[] }, code: string) =>
  answer.requests.find((r) => r.code === code);
