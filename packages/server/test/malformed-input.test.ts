import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable, type RouteTableEntry } from '../src/http/route-table.js';
import type { HttpAnswer, HttpClient } from './http-client.js';
import { urlsOf, walkData, type WalkData } from '../src/features/counting/blind-counting.test-helper.js';
import { expectLedgerExplainsChanges, stockSnapshot } from './stock-invariants.js';
import { contractEndpoints, queryStringOf, sampleInput, type SampleMode } from './schema-samples.js';
import { signIn } from './session-helper.js';
import { buildTestApp, type TestApp } from './test-app.js';

/**
 * Fuzzed input on every route, as admin (who passes every access check, so the input rules are
 * what is reached): malformed path parameters, queries and bodies are each answered with a clear
 * client error (a catalogue key, no stack trace), never a 5xx. A route may also accept what it is
 * sent (2xx): some inputs are valid for some routes.
 */

/** Routes not sent fuzz, and why: they end the caller's session. (The web bundle's /assets/ files are not sent any.) */
const skipped: Readonly<Record<string, string>> = {
  'POST /api/v1/auth/signout': 'ends the session the walk runs on',
  'POST /api/v1/auth/password': 'changes the password the walk signed in with',
};

/** Path parameter values: odd bytes, an encoded slash, a long text, numbers out of range. */
const paramValues = [
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(3000),
  '-1',
  '1e309',
  '%F0%9F%92%A9',
  "'%20OR%201=1--",
  '%E0%A4%A',
];

/** Query strings: wrong types, repeated keys, out-of-range numbers, a long value. */
const queries = [
  '?offset=-1&limit=abc&from=not-a-date&to=2026-13-45',
  '?limit=1e309&offset=99999999999999999999&page=-5',
  '?code=a&code=b&item[]=1&item[x]=2&location=%00',
  `?text=${'y'.repeat(3000)}&scan=${'z'.repeat(3000)}`,
];

/** Bodies: not an object, empty, every usual field of the wrong type, deep nesting, bad JSON. */
const bodies: unknown[] = [
  null,
  [],
  'text',
  12,
  {},
  {
    code: 1,
    item: [],
    location: {},
    quantity: 'many',
    lines: 'none',
    items: {},
    idempotencyKey: 5,
    version: 'v',
    id: 'x',
    from: 1,
    to: true,
    name: null,
    settings: [],
  },
  {
    code: 'NO-SUCH-CODE',
    item: 'NO-SUCH-ITEM',
    location: 'NO-SUCH-LOCATION',
    quantity: -1e308,
    lines: [{ item: 'NO-SUCH-ITEM', quantity: Number.MAX_SAFE_INTEGER }],
    idempotencyKey: 'k'.repeat(500),
    id: -1,
    version: -1,
  },
  { code: 'A\u0000B', item: '\u0000', location: 'X\u0000', text: '\u0000', name: '\u0000' },
  JSON.parse(`${'{"a":'.repeat(60)}1${'}'.repeat(60)}`),
];

/** A callable URL for a route pattern, every parameter (and wildcard) set to `value`. */
function urlWith(url: string, value: string): string {
  return url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, value).replace(/\*/g, value);
}

/**
 * A path with every parameter set: to the demo data's codes and ids (`real`, the walk's data of
 * the blind-counting test), or to an id no row has and a code nothing has.
 */
function samplePath(path: string, real: WalkData | null): string {
  if (real) return urlsOf(path, real)[0]!.split('?')[0]!;
  return path
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (_, name: string) => (/id$/i.test(name) ? '999999' : 'NO-SUCH-1'))
    .replace(/\*/g, 'NO-SUCH-1');
}

/** The requests sent to one route. */
function requestsFor(route: RouteTableEntry): { url: string; body?: unknown; raw?: string; type?: string }[] {
  const hasParams = /[:*]/.test(route.url);
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  const base = samplePath(route.url, null);
  const list: { url: string; body?: unknown; raw?: string; type?: string }[] = [];
  if (hasParams)
    for (const value of paramValues) list.push({ url: urlWith(route.url, value), body: hasBody ? {} : undefined });
  for (const query of queries) list.push({ url: base + query, body: hasBody ? {} : undefined });
  if (hasBody) {
    for (const body of bodies) list.push({ url: base, body });
    list.push({ url: base, raw: '{"unterminated": ', type: 'application/json' });
    list.push({ url: base, raw: 'a=1&b=2', type: 'text/plain' });
  }
  return list;
}

/** What a client may be told: a 2xx, or a 4xx with a catalogue key; nothing of the server's insides. */
function problemOf(answer: HttpAnswer): string | null {
  if (answer.status >= 500) return `status ${answer.status}: ${answer.text.slice(0, 300)}`;
  const type = answer.headers.get('content-type') ?? '';
  if (type.includes('json') && /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+/.test(answer.text))
    return `stack trace: ${answer.text.slice(0, 300)}`;
  if (answer.status >= 400 && type.includes('json') && typeof answer.json?.key !== 'string')
    return `error without a key: ${answer.text.slice(0, 300)}`;
  return null;
}

describe('malformed input on every route', () => {
  let t: TestApp;
  let admin: HttpClient;

  beforeAll(async () => {
    // Failed sign-ins are part of the fuzz: they must not block the walk's own address.
    t = await buildTestApp({ SIGNIN_MAX_FAILURES: '1000000', SIGNIN_RATE_LIMIT: '1000000/1m' });
    admin = await signIn(t, 'admin');
  });
  afterAll(async () => t.close());

  /**
   * Sends one request as admin and notes what is wrong with its answer (or that it failed).
   * A route may end the admin's session (a session list's "sign out everywhere"): signs in again.
   */
  async function send(
    problems: string[],
    label: string,
    request: { method: string; url: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<HttpAnswer | null> {
    const answer = await admin
      .request(request.method, request.url, request.body, request.headers)
      .catch((error: unknown) => {
        problems.push(`${label}: ${String(error)} ${String((error as Error).cause)}`);
        return null;
      });
    if (!answer) return null;
    const problem = problemOf(answer);
    if (problem) problems.push(`${label}: ${problem}`);
    if (answer.status === 401) admin = await signIn(t, 'admin');
    return answer;
  }

  it('answers every fuzzed request with a 2xx or a keyed 4xx, never a 5xx or a stack trace', async () => {
    const routes = routeTable(t.app).filter(
      (route) => !route.url.startsWith('/assets/') && !skipped[`${route.method} ${route.url}`],
    );
    expect(routes.length).toBeGreaterThan(300);
    const problems: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const request of requestsFor(route)) {
        const headers: Record<string, string> = request.type ? { 'content-type': request.type } : {};
        const label = `${route.method} ${route.url} <- ${request.url.slice(0, 120)} ${JSON.stringify(request.raw ?? request.body)?.slice(0, 120)}`;
        const body = request.raw ?? request.body;
        await send(problems, label, { method: route.method, url: request.url, body, headers });
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThan(3000);
    expect(problems).toEqual([]);
  }, 600_000);

  it('answers schema-shaped samples with edge values on every contract endpoint with a 2xx or a keyed 4xx, and stock stays whole', async () => {
    const endpoints = contractEndpoints().filter(
      (endpoint) =>
        !endpoint.upload && (endpoint.body || endpoint.query) && !skipped[`${endpoint.method} ${endpoint.path}`],
    );
    expect(endpoints.length).toBeGreaterThan(150);
    const db = t.app.ctx.db;
    const serial = await db.selectFrom('serial').select('code').orderBy('id').executeTakeFirst();
    const adminId = await db
      .selectFrom('app_user')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const demo = await walkData(db, {
      item: 'ITEM-001',
      location: '01-P01-01',
      batch: 'B2025-014',
      serial: serial?.code ?? 'NONE',
      userId: adminId.id,
    });
    const stockBefore = await stockSnapshot(db);
    const problems: string[] = [];
    let accepted = 0;
    // Unknown codes first (each route's own refusals), then the demo data's (past them, into the work).
    for (const real of [null, demo]) {
      for (const endpoint of endpoints) {
        if (real && !/[:*]/.test(endpoint.path) && endpoint.method === 'GET') continue;
        for (const mode of ['typical', 'max', 'min'] as SampleMode[]) {
          const url =
            samplePath(endpoint.path, real) + (endpoint.query ? queryStringOf(sampleInput(endpoint.query, mode)) : '');
          const body = endpoint.body ? sampleInput(endpoint.body, mode) : undefined;
          const label = `${endpoint.method} ${endpoint.path} (${mode}) <- ${url.slice(0, 160)} ${JSON.stringify(body)?.slice(0, 300)}`;
          const headers = { 'idempotency-key': randomUUID() };
          const answer = await send(problems, label, { method: endpoint.method, url, body, headers });
          if (answer && answer.status < 300) accepted += 1;
        }
      }
    }
    expect(problems).toEqual([]);
    // The samples got past validation into the routes' work for a good share of the calls.
    expect(accepted).toBeGreaterThan(100);
    // Whatever was accepted moved stock only by the rules: no bucket negative or over-allocated,
    // every balance that changed changed by its ledger rows.
    const stockAfter = await stockSnapshot(db);
    const moved = Object.keys(stockAfter.balances).filter(
      (key) => stockAfter.balances[key] !== stockBefore.balances[key],
    );
    expect(moved.length, 'the samples moved some stock (else the check below proves nothing)').toBeGreaterThan(0);
    expectLedgerExplainsChanges(stockBefore, stockAfter);
  }, 600_000);
});
